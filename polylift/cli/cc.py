"""`polylift-cc`: C to affine MLIR (the front end)."""

from __future__ import annotations

import sys
from dataclasses import dataclass, field

from polylift.cli.common import option_value, run_command, version_line
from polylift.errors import PolyliftError, UsageError
from polylift.output import write_atomically

USAGE = """usage: polylift-cc FILE.c [-I DIR] [-D NAME[=VAL]] [--function=NAME|'*']
                   [--assume-noalias] [-o OUT.mlir]

Translates the static-control functions of a C file to affine MLIR.
  -I DIR            add an include directory (repeatable)
  -D NAME[=VAL]     define a preprocessor macro (repeatable)
  --function=NAME   translate only NAME; '*' (the default) translates every function
                    but main, skipping (with a note) those outside the subset
  -o FILE           write the output atomically to FILE (default stdout)
  --assume-noalias  the array arguments of every function never overlap, as if each
                    were `restrict` (no entry guard, no fallback version)
  --debug           show Python tracebacks
  --version         polylift's version and MLIR's
"""


@dataclass
class CcArgs:
    """The parsed command line of polylift-cc."""

    input: str = ""
    output: str = "-"
    includes: list[str] = field(default_factory=list)
    defines: list[str] = field(default_factory=list)
    function: str = "*"
    assume_noalias: bool = False
    help: bool = False
    version: bool = False



def parse_args(argv: list[str]) -> CcArgs:
    """Parse argv of polylift-cc."""
    args, i, positional = CcArgs(), 0, []
    while i < len(argv):
        arg = argv[i]
        if arg in ("-h", "--help"):
            args.help, i = True, i + 1
        elif arg == "--version":
            args.version, i = True, i + 1
        elif arg == "--debug":
            i += 1
        elif arg == "--assume-noalias":
            args.assume_noalias, i = True, i + 1
        elif arg.startswith("-I"):
            value, i = option_value(argv, i, "-I")
            args.includes.append(value)
        elif arg.startswith("-D"):
            value, i = option_value(argv, i, "-D")
            args.defines.append(value)
        elif arg.split("=", 1)[0] == "--function":
            args.function, i = option_value(argv, i, "--function")
        elif arg == "-o":
            args.output, i = option_value(argv, i, "-o")
        elif arg.startswith("-") and arg != "-":
            raise UsageError(f"unknown option '{arg}'")
        else:
            positional.append(arg)
            i += 1
    if not (args.help or args.version) and len(positional) != 1:
        raise UsageError("expected exactly one input file (see --help)")
    args.input = positional[0] if positional else ""
    return args


def run_cc(argv: list[str]) -> int:
    """The body of polylift-cc."""
    args = parse_args(argv)
    if args.help:
        sys.stdout.write(USAGE)
        return 0
    if args.version:
        print(version_line("polylift-cc"))
        return 0
    from polylift.frontend import translate_file_detailed

    try:
        open(args.input).close()
    except OSError as exc:
        raise PolyliftError(f"cannot read '{args.input}': {exc.strerror}") from None
    translation, skipped = translate_file_detailed(args.input, args.includes, args.defines,
                                                   args.function, args.assume_noalias)
    for item in skipped:
        first, *rest = item.reason.splitlines()
        print(f"polylift-cc: note: skipped function '{item.name}': {first}", file=sys.stderr)
        for line in rest:
            if line.startswith("note: reproducer:"):
                print(f"polylift-cc: {line}", file=sys.stderr)
    write_atomically(args.output, translation.mlir)
    return 0


def main(argv: list[str] | None = None) -> int:
    """Entry point of `polylift-cc`."""
    return run_command("polylift-cc", run_cc, argv)


if __name__ == "__main__":
    sys.exit(main())
