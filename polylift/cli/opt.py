"""`polylift-opt`: an mlir-opt-like driver that mixes polylift and upstream passes."""

from __future__ import annotations

import sys
import threading
from dataclasses import dataclass, field

from polylift.cli.common import option_value, read_input, run_command
from polylift.cli.verify_diagnostics import parse_expected, verify
from polylift.errors import InternalError, PolyliftError, UsageError
from polylift.mlir import Diag, collect_diagnostics, ir, new_context, parse_module
from polylift.output import write_atomically, write_reproducer
from polylift.passes.pipeline import (
    Step,
    Timing,
    parse_pipeline,
    run_pipeline,
    verify_module,
)
from polylift.passes.registry import (
    PASS_FLAGS,
    REMARK_KINDS,
    PassRun,
    all_option_names,
    is_python_pass,
    load_pass,
)
from polylift.passes.stages import chain_passes

USAGE = """usage: polylift-opt [options] [--<pass>[=<options>] ...] [input.mlir|-] [-o out.mlir]

Passes run in the order given; polylift's passes and any upstream mlir-opt pass mix.
  --pass-pipeline='builtin.module(p1,p2{opt=v},func.func(p3))'
  --backend=b1,b2,...            lower kernel.launch to these backends in order, then
                                 ref, then check that no launch is left
  --list-passes                  list polylift's passes
  --mlir-print-ir-after-all      print the IR after every pass (to stderr)
  --mlir-timing                  print a per-pass wall-time table (to stderr)
  --split-input-file             process each '// -----' chunk on its own
  --verify-diagnostics           check diagnostics against expected-* comments
  --allow-unregistered-dialect   accept ops of unknown dialects
  --remarks=missed|applied|all   print pass remarks (to stderr)
  --debug                        show Python tracebacks
  -o FILE                        write the output atomically to FILE (default stdout)
"""

FLAGS = {"--list-passes", "--mlir-print-ir-after-all", "--mlir-timing", "--split-input-file",
         "--verify-diagnostics", "--allow-unregistered-dialect", "--debug", "--help", "-h"}
SPLIT_MARKER = "// -----"


@dataclass
class OptArgs:
    """The parsed command line of polylift-opt."""

    input: str = "-"
    output: str = "-"
    steps: list[Step] = field(default_factory=list)
    flags: set[str] = field(default_factory=set)
    remarks: str = ""
    options: dict[str, str] = field(default_factory=dict)



def parse_args(argv: list[str]) -> OptArgs:
    """Parse argv by hand: unknown `--name[=opts]` flags are passes, in order."""
    args, i, positional = OptArgs(), 0, []
    while i < len(argv):
        arg = argv[i]
        name = arg.split("=", 1)[0]
        if arg in FLAGS:
            args.flags.add(arg)
            i += 1
        elif arg == "-o":
            args.output, i = option_value(argv, i, arg)
        elif name == "--pass-pipeline":
            text, i = option_value(argv, i, name)
            args.steps.extend(parse_pipeline(text))
        elif name == "--backend":
            spec, i = option_value(argv, i, name)
            args.steps.extend(Step(flag) for flag in chain_passes(spec))
        elif name == "--remarks":
            args.remarks, i = option_value(argv, i, name)
            if args.remarks not in ("missed", "applied", "all"):
                raise UsageError(f"--remarks must be missed, applied or all, not '{args.remarks}'")
        elif name.startswith("--") and _is_pass_option(name[2:]):
            args.options[name[2:]], i = option_value(argv, i, name)
        elif arg.startswith("--"):
            opts = arg.split("=", 1)[1].strip("\"'") if "=" in arg else ""
            args.steps.append(Step(name[2:], opts))
            i += 1
        elif arg.startswith("-") and arg != "-":
            raise UsageError(f"unknown option '{arg}'")
        else:
            positional.append(arg)
            i += 1
    if len(positional) > 1:
        raise UsageError("expected at most one input file")
    args.input = positional[0] if positional else "-"
    return args


def _is_pass_option(name: str) -> bool:
    """Whether `--name` is an option some Python pass declares (not a pass flag).

    Checked only for flags that are neither driver options nor Python passes, so that
    pass modules are imported only when a command line needs them."""
    return not is_python_pass(name) and name in all_option_names()


def list_passes() -> str:
    """The `--list-passes` text: polylift's passes with their summaries and options."""
    lines = ["polylift passes (any upstream mlir-opt pass is accepted too):"]
    for flag in PASS_FLAGS:
        cls = load_pass(flag)
        lines.append(f"  --{flag:32s} {cls.summary}")
        for opt, text in sorted(cls.option_help.items()):
            lines.append(f"      {opt}=<value>{'':{max(0, 20 - len(opt))}} {text}")
    return "\n".join(lines) + "\n"


def chunks(text: str, split: bool) -> list[tuple[int, str]]:
    """(first line, text) of each chunk, padded so that line numbers stay the file's."""
    if not split:
        return [(1, text)]
    result, start, current = [], 1, []
    for lineno, line in enumerate(text.splitlines(keepends=True), 1):
        if line.strip() == SPLIT_MARKER:
            result.append((start, "".join(current)))
            start, current = lineno + 1, []
        else:
            current.append(line)
    result.append((start, "".join(current)))
    return result


# One context per thread for every run of `run_opt` in a process: a new one cost about
# 1.5 ms per run, and each run loaded again the dialects its passes need. A context
# without threads of its own (`new_context`) must not be shared between threads.
_CONTEXTS = threading.local()


def run_context() -> ir.Context:
    """This thread's context for `run_opt`; nothing of a run stays in it but what MLIR
    uniques (types, attributes, locations) and the dialects loaded."""
    ctx = getattr(_CONTEXTS, "ctx", None)
    if ctx is None:
        ctx = _CONTEXTS.ctx = new_context()
    return ctx


def process_chunk(args: OptArgs, first: int, text: str, diags: list[Diag]) -> str:
    """Parse, run the pipeline on one chunk and return its printed IR."""
    ctx = run_context()
    padded = "\n" * (first - 1) + text
    run = PassRun(filename=args.input if args.input != "-" else "<stdin>", options=args.options,
                  allow_unregistered="--allow-unregistered-dialect" in args.flags,
                  wanted=frozenset(k for k in REMARK_KINDS if _wanted(args, k)))
    timing = Timing() if "--mlir-timing" in args.flags else None

    def dump(step: Step, module) -> None:
        print(f"// -----// IR Dump After {step.text} //----- //", file=sys.stderr)
        print(module.operation.get_asm(enable_debug_info=False), file=sys.stderr)

    after = dump if "--mlir-print-ir-after-all" in args.flags else None
    with collect_diagnostics(ctx, run.filename) as parse_diags:
        module = parse_module(padded, ctx, run.filename)
    diags.extend(d for d in parse_diags if d.severity != "error")
    try:
        verify_module(module, run)
        run_pipeline(args.steps, module, run, after, timing)
    finally:
        diags.extend(d for _, d in run.remarks)
        if timing is not None:
            print(timing.render(), file=sys.stderr)
    # Verified after the last step: the printer need not verify it again to choose
    # between the custom and the generic form.
    return str(module.operation.get_asm(assume_verified=True))


def _wanted(args: OptArgs, kind: str) -> bool:
    if "--verify-diagnostics" in args.flags:
        return kind != "analysis"
    return args.remarks == "all" or args.remarks == kind


def run_opt(argv: list[str]) -> int:
    """The body of polylift-opt; returns the exit status."""
    args = parse_args(argv)
    if "--help" in args.flags or "-h" in args.flags:
        sys.stdout.write(USAGE)
        return 0
    if "--list-passes" in args.flags:
        sys.stdout.write(list_passes())
        return 0
    text = read_input(args.input)
    verifying = "--verify-diagnostics" in args.flags
    outputs, problems = [], []
    for first, chunk in chunks(text, "--split-input-file" in args.flags):
        diags: list[Diag] = []
        try:
            outputs.append(process_chunk(args, first, chunk, diags))
        except InternalError as exc:
            _print_diags(diags)
            raise _with_reproducer(exc, args, chunk) from exc
        except PolyliftError as exc:
            if not verifying:
                _print_diags(diags)
                raise
            # An error may stand for several (every unclaimed launch): expect each one.
            errors = getattr(exc, "errors", [exc])
            diags.extend(Diag("error", e.loc, e.message) for e in errors)
        if verifying:
            filename = args.input if args.input != "-" else "<stdin>"
            problems += verify(parse_expected(chunk, filename, first), diags)
        else:
            _print_diags(diags)
    if problems:
        print("\n".join(problems), file=sys.stderr)
        return 1
    write_atomically(args.output, ("\n" + SPLIT_MARKER + "\n").join(outputs))
    return 0


def _with_reproducer(exc: InternalError, args: OptArgs, chunk: str) -> InternalError:
    """`exc` with a reproducer: the chunk that met the bug and, in a comment at its end,
    the command that replays it."""
    pipeline = ",".join(step.text for step in args.steps)
    command = f"polylift-opt %s --pass-pipeline='builtin.module({pipeline})'"
    path = write_reproducer("polylift-opt", ".mlir", f"{chunk.rstrip()}\n// reproduce: {command}\n")
    return InternalError(exc.message, exc.loc, exc.source, exc.function, path or None)


def _print_diags(diags: list[Diag]) -> None:
    for diag in diags:
        print(diag.render(), file=sys.stderr)


def main(argv: list[str] | None = None) -> int:
    """Entry point of `polylift-opt`."""
    return run_command("polylift-opt", run_opt, argv)


if __name__ == "__main__":
    sys.exit(main())
