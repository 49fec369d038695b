"""`polylift-opt`: mlir-opt with polylift's passes beside upstream's.

The command line is mlir-opt's (cli/mlir_opt/args.py), and so are the output, the IR
dumps, the statistics (cli/mlir_opt/printing.py) and `--verify-diagnostics`
(cli/mlir_opt/verify_diagnostics.py): a pipeline of upstream passes prints what mlir-opt
prints. What polylift adds: its passes, `--backend`, `--remarks`, errors as
`file:line:col: error:` and exit status 1, an output file written only on success, and
a reproducer for a bug met in a pass.
"""

from __future__ import annotations

import io
import sys
import threading
from dataclasses import dataclass

from polylift.cli.common import read_input, run_command, version_line
from polylift.cli.mlir_opt.args import (
    OptArgs,
    parse_args,
    suggest,
    unknown_option,
    usage,
)
from polylift.cli.mlir_opt.printing import (
    DriverHooks,
    pipeline_dump,
    relocate,
    render_asm,
)
from polylift.cli.mlir_opt.verify_diagnostics import Verifier
from polylift.errors import InternalError, ParseError, PolyliftError, SourceLoc, UsageError
from polylift.mlir import (
    Diag,
    MLIRError,
    collect_diagnostics,
    error_diagnostics,
    ir,
    new_context,
    parse_module,
    source_loc,
)
from polylift.output import write_atomically, write_reproducer
from polylift.passes.pipeline import (
    PassFailure,
    Timing,
    is_registered,
    pass_names,
    run_pipeline,
    step_text,
    verify_module,
)
from polylift.passes.registry import PASS_FLAGS, REMARK_KINDS, PassRun, is_python_pass, load_pass

BYTECODE_MAGIC = b"ML\xefR"


@dataclass(frozen=True)
class Chunk:
    """One piece of the input: its text, padded with empty lines so that line numbers
    stay the file's, and where upstream's chunk starts (for the implicit module's
    location: the file's `0:0`, or just after the marker)."""

    text: str | bytes
    start: tuple[int, int] = (0, 0)


def list_passes() -> str:
    """The `--list-passes` text: polylift's passes with their summaries and options,
    then upstream's as mlir-opt lists them."""
    from polylift.cli.mlir_opt.upstream import upstream_registry

    lines = ["polylift passes:"]
    for flag in PASS_FLAGS:
        cls = load_pass(flag)
        lines.append(f"  --{flag:32s} {cls.summary}")
        for opt, text in sorted(cls.option_help.items()):
            lines.append(f"      {opt}=<value>{'':{max(0, 20 - len(opt))}} {text}")
    listed = upstream_registry().list_text.rstrip("\n")
    lines += ["", "Upstream MLIR passes (mlir-opt's, of the MLIR polylift is built on):",
              listed or "  (mlir-opt not found)"]
    return "\n".join(lines) + "\n"


def show_dialects() -> str:
    """`--show-dialects`, as mlir-opt prints it."""
    from polylift.cli.mlir_opt.upstream import context_dialects

    return f"Available Dialects: {','.join(context_dialects())}\n"


def chunks(text: str | bytes, marker: str | None) -> list[Chunk]:
    """The chunks of the input (one where `marker` is None, or for bytecode)."""
    if marker is None or isinstance(text, bytes):
        return [Chunk(text)]
    result, first, current = [], 1, []
    for lineno, line in enumerate(text.splitlines(keepends=True), 1):
        if line.strip() == marker:
            result.append(_chunk(first, current, marker))
            first, current = lineno + 1, []
        else:
            current.append(line)
    result.append(_chunk(first, current, marker))
    return result


def _chunk(first: int, lines: list[str], marker: str) -> Chunk:
    start = (0, 0) if first == 1 else (first - 1, len(marker) + 1)
    return Chunk("\n" * (first - 1) + "".join(lines), start)


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


def check_passes(args: OptArgs, ctx: ir.Context) -> None:
    """Every pass named must exist before anything is read: a flag that is none is an
    unknown option, a pipeline's element an unknown pass, each with a "Did you mean"."""
    from polylift.cli.mlir_opt.upstream import upstream_registry

    known: dict[str, bool] = {}

    def exists(name: str) -> bool:
        if name not in known:
            known[name] = is_python_pass(name) or is_registered(name, ctx)
        return known[name]

    for arg, step in args.pass_flags:
        if not exists(step.name):
            raise unknown_option(arg, upstream_registry().passes)
    for name in (n for step in args.steps if not step.is_python for n in pass_names(step)):
        if not exists(name):
            guess = suggest(name, upstream_registry().passes)
            hint = f"\npolylift-opt: Did you mean '{guess}'?" if guess else ""
            raise UsageError(f"unknown pass '{name}'{hint}")
    for option, names in (("before", args.printing.before), ("after", args.printing.after)):
        for name in sorted(n for n in names if not exists(n)):
            raise UsageError(f"for the --mlir-print-ir-{option} option: Cannot find option "
                             f"named '{name}'!")


def process_chunk(args: OptArgs, chunk: Chunk, diags: list[Diag]) -> str | bytes:
    """Parse, run the pipeline on one chunk and return its output."""
    ctx = run_context()
    shown = _shown_kinds(args)
    run = PassRun(filename=_filename(args), options=dict(args.options),
                  allow_unregistered=args.allow_unregistered,
                  wanted=frozenset(REMARK_KINDS) if args.statistics else shown)
    module = _parse(args, chunk, ctx, run.filename, diags)
    hooks = DriverHooks(args.printing, args.statistics, run) if _instrumented(args) else None
    timing = Timing() if args.timing else None
    steps = list(args.steps)
    if args.dump_pipeline:
        sys.stderr.write(pipeline_dump([step_text(step, run, ctx) for step in steps]))
    try:
        verify_module(module, run)
        run_pipeline(steps, module, run, timing=timing, hooks=hooks,
                     verify_each=args.verify_each)
    finally:
        diags.extend(d for kind, d in run.remarks if kind in shown)
        if timing is not None:
            print(timing.render(), file=sys.stderr)
        if hooks is not None and args.statistics:
            sys.stderr.write(hooks.report())
    if args.emit_bytecode:
        data = io.BytesIO()
        module.operation.write_bytecode(data)
        return data.getvalue()
    # Verified after the last step: the printer need not verify it again to choose
    # between the custom and the generic form. mlir-opt ends the output with a newline.
    return render_asm(module.operation, args.printing, assume_verified=True) + "\n"


def _parse(args: OptArgs, chunk: Chunk, ctx: ir.Context, filename: str,
           diags: list[Diag]) -> ir.Module:
    """The chunk's module; its locations name the file where they will be printed."""
    with collect_diagnostics(ctx, filename) as parse_diags:
        if isinstance(chunk.text, bytes):
            module = _parse_bytecode(chunk.text, ctx, filename)
        else:
            try:
                module = parse_module(chunk.text, ctx, filename)
            except ParseError as exc:
                if not args.verify_diagnostics:
                    raise
                raise ParseFailure(exc, _parse_diags(chunk.text, ctx, filename)) from None
    diags.extend(d for d in parse_diags if d.severity != "error")
    if args.no_implicit_module:
        _check_top_level(module, filename)
    if args.printing.debuginfo or args.emit_bytecode:
        relocate(module, filename, chunk.start)
    return module


class ParseFailure(ParseError):
    """A parse error with every error and note the parser emitted, for
    `--verify-diagnostics` (`parse_module` keeps only the first error)."""

    def __init__(self, exc: ParseError, diags: list[Diag]):
        super().__init__(exc.message, exc.loc, exc.source)
        self.diags = diags or [Diag("error", exc.loc, exc.message)]


def _parse_diags(text: str, ctx: ir.Context, filename: str) -> list[Diag]:
    """The errors, with their notes, of a text known not to parse."""
    try:
        ir.Module.parse(text, ctx)
    except MLIRError as exc:
        found = []
        for d in error_diagnostics(exc):
            found.append(Diag("error", source_loc(d.location, filename), d.message))
            found += [Diag("note", source_loc(n.location, filename), n.message)
                      for n in d.notes]
        return found
    return []


def _error_diags(exc: PolyliftError) -> list[Diag]:
    """What a failed chunk emitted, for `--verify-diagnostics`: every error and note
    where they are known, else the error (or the several it stands for: every unclaimed
    launch). mlir-opt does not attach `see current operation` notes when it verifies
    diagnostics: nor does this."""
    if isinstance(exc, (ParseFailure, PassFailure)):
        return [d for d in exc.diags if not d.message.startswith("see current operation")]
    return [Diag("error", e.loc, e.message) for e in getattr(exc, "errors", [exc])]


def _parse_bytecode(data: bytes, ctx: ir.Context, filename: str) -> ir.Module:
    try:
        return ir.Module.parse(data, ctx)
    except MLIRError as exc:
        raise ParseError(f"cannot read the bytecode: {str(exc).strip().splitlines()[0]}",
                         SourceLoc(filename, 0, 0)) from None


def _check_top_level(module: ir.Module, filename: str) -> None:
    """`--no-implicit-module`: the input is one operation, not several the parser put
    in a module of its own (whose location is the file's `0:0`); and, since polylift's
    passes run on modules, that operation is a `builtin.module`."""
    loc = module.operation.location
    if not (loc.is_a_file() and loc.start_line == 0):
        return
    ops = list(module.body.operations)
    if len(ops) != 1:
        raise ParseError(f"source must contain a single top-level operation, found: "
                         f"{len(ops)}", SourceLoc(filename, 0, 0))
    raise ParseError(f"the top-level operation is '{ops[0].operation.name}': polylift-opt runs its "
                     "passes on a 'builtin.module'", SourceLoc(filename, 0, 0))


def _instrumented(args: OptArgs) -> bool:
    """Whether anything prints around the steps."""
    p = args.printing
    dumps = p.before_all or p.after_all or p.after_failure or p.before or p.after
    return bool(dumps) or args.statistics


def _shown_kinds(args: OptArgs) -> frozenset[str]:
    """The kinds of remarks printed (or, verifying diagnostics, checked)."""
    if args.verify_diagnostics:
        return frozenset(k for k in REMARK_KINDS if k != "analysis")
    if args.remarks == "all":
        return frozenset(REMARK_KINDS)
    return frozenset({args.remarks}) & frozenset(REMARK_KINDS)


def _filename(args: OptArgs) -> str:
    return args.input if args.input != "-" else "<stdin>"


def _information(args: OptArgs) -> str | None:
    """What `--help`, `--version`, `--list-passes` and `--show-dialects` print."""
    if args.help:
        return usage()
    if args.version:
        return version_line("polylift-opt") + "\n"
    if args.list_passes:
        return list_passes()
    if args.show_dialects:
        return show_dialects()
    return None


def run_opt(argv: list[str]) -> int:
    """The body of polylift-opt; returns the exit status."""
    args = parse_args(argv)
    information = _information(args)
    if information is not None:
        sys.stdout.write(information)
        return 0
    check_passes(args, run_context())
    source = read_input_data(args.input)
    verifier = Verifier.of(source, _filename(args)) if isinstance(source, str) and \
        args.verify_diagnostics else None
    outputs: list[str | bytes] = []
    for chunk in chunks(source, args.split_marker):
        diags: list[Diag] = []
        try:
            outputs.append(process_chunk(args, chunk, diags))
        except InternalError as exc:
            _print_diags(diags)
            raise _with_reproducer(exc, args, chunk) from exc
        except PolyliftError as exc:
            if verifier is None:
                _print_diags(diags)
                raise
            diags.extend(_error_diags(exc))
            outputs.append(b"" if args.emit_bytecode else "")
        if verifier is not None:
            verifier.check(diags, args.verify_diagnostics == "only-expected")
        else:
            _print_diags(diags)
    problems = verifier.report() if verifier is not None else []
    if problems:
        print("\n".join(problems), file=sys.stderr)
        return 1
    write_atomically(args.output, _joined(outputs, args.output_split_marker))
    return 0


def read_input_data(path: str) -> str | bytes:
    """The input: MLIR bytecode as bytes (it starts with `ML\\xefR`), else text."""
    if path == "-":
        stream = getattr(sys.stdin, "buffer", None)
        if stream is None:
            return sys.stdin.read()
        raw = stream.read()
        return raw if raw.startswith(BYTECODE_MAGIC) else raw.decode(errors="replace")
    try:
        with open(path, "rb") as handle:
            if handle.read(len(BYTECODE_MAGIC)) == BYTECODE_MAGIC:
                return BYTECODE_MAGIC + handle.read()
    except OSError:
        pass  # read_input names the problem
    return read_input(path)


def _joined(outputs: list[str | bytes], marker: str) -> str | bytes:
    """The chunks' outputs with the marker line between them, as mlir-opt joins them."""
    if outputs and isinstance(outputs[0], bytes):
        return (marker + "\n").encode().join(o for o in outputs if isinstance(o, bytes))
    return (marker + "\n").join(o for o in outputs if isinstance(o, str))


def _with_reproducer(exc: InternalError, args: OptArgs, chunk: Chunk) -> InternalError:
    """`exc` with a reproducer: the chunk that met the bug and, in a comment at its end,
    the command that replays it."""
    if isinstance(chunk.text, bytes):
        return exc
    pipeline = ",".join(step.text for step in args.steps)
    command = f"polylift-opt %s --pass-pipeline='builtin.module({pipeline})'"
    path = write_reproducer("polylift-opt", ".mlir",
                            f"{chunk.text.rstrip()}\n// reproduce: {command}\n")
    return InternalError(exc.message, exc.loc, exc.source, exc.function, path or None)


def _print_diags(diags: list[Diag]) -> None:
    for diag in diags:
        print(diag.render(), file=sys.stderr)


def main(argv: list[str] | None = None) -> int:
    """Entry point of `polylift-opt`."""
    return run_command("polylift-opt", run_opt, argv)


if __name__ == "__main__":
    sys.exit(main())
