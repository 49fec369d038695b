"""What polylift-opt prints around its passes, in mlir-opt's formats: the IR dumps of
`--mlir-print-ir-*`, the report of `--mlir-pass-statistics` and the pipeline of
`--dump-pass-pipeline`.

The driver runs each step on its own (passes/pipeline.py), so an upstream step's pass
manager is set up with the bindings' own printing (`enable_ir_printing`) and
statistics (`enable_statistics`), and a Python step gets the same from here: the same
header (`// -----// IR Dump After MatchKernelsPass (match-kernels) //----- //`) and
entry format. Each pass manager prints its own statistics report when it finishes;
those are read back from the standard error (`_capture_stderr`) and merged into one
report per chunk, as mlir-opt prints for its one pass manager.
"""

from __future__ import annotations

import os
import re
import sys
import tempfile
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext

from polylift.cli.mlir_opt.args import PrintOptions
from polylift.mlir import ir, passmanager, walk
from polylift.passes.pipeline import Step, StepHooks, pass_names, split_top_level
from polylift.passes.registry import REMARK_KINDS, PassRun, load_pass

RULE = "===" + "-" * 73 + "==="
STATISTICS_HEADER = [RULE, "... Pass statistics report ...".center(79).rstrip(), RULE]
# `// -----// IR Dump After CSE (cse) ('func.func' operation: @f) //----- //`: when and
# the pass argument.
_DUMP_HEADER = re.compile(r"// -----// IR Dump (Before|After) .*?\(([^()]*)\)"
                          r"(?: \('[^']*' operation(?:: @\S+)?\))? //----- //$")


def render_asm(op: ir.Operation, printing: PrintOptions, assume_verified: bool) -> str:
    """`op` printed with the user's printing flags."""
    return str(op.get_asm(enable_debug_info=printing.debuginfo,
                          print_generic_op_form=printing.generic,
                          use_local_scope=printing.local_scope,
                          assume_verified=assume_verified))


class DriverHooks(StepHooks):
    """IR dumps and statistics around each step of one chunk's pipeline."""

    def __init__(self, printing: PrintOptions, statistics: bool, run: PassRun):
        self.printing = printing
        self.statistics = statistics
        self.run = run
        self.entries: list[str] = []  # statistics report lines, in pipeline order
        self._before_text = ""
        self._remarks_before = 0

    def prepared(self, step: Step, pm: passmanager.PassManager | None) -> None:
        if pm is None:
            return
        names, p = pass_names(step), self.printing
        before, after = p.prints_before(names), p.prints_after(names)
        if before or after:
            pm.enable_ir_printing(print_before_all=before, print_after_all=after,
                                  print_module_scope=p.module_scope,
                                  print_after_change=p.after_change,
                                  print_after_failure=p.after_failure,
                                  enable_debug_info=p.debuginfo,
                                  print_generic_op_form=p.generic)
        if self.statistics:
            pm.enable_statistics()

    def running(self, step: Step) -> AbstractContextManager[object]:
        # What Python printed must come out before what the pass manager prints.
        sys.stderr.flush()
        p = self.printing
        if not step.is_python and (self.statistics or p.before or p.after):
            return self._read_back()
        return nullcontext()

    @contextmanager
    def _read_back(self) -> Iterator[None]:
        """Run a pass manager with what it prints read back from the standard error:
        its statistics report goes into `entries`, its dumps of passes not asked for
        are dropped (it prints around all its passes or none: `func.func(cse,
        canonicalize)` with `--mlir-print-ir-after=cse` prints after both), the rest
        passes on."""
        captured: list[str] = []
        try:
            with _capture_stderr(captured):
                yield
        finally:
            text = self._take_report(captured[0] if captured else "")
            sys.stderr.write(self._wanted_dumps(text))

    def _take_report(self, text: str) -> str:
        """`text` without its statistics report, whose entries go into `entries`."""
        start = text.find(STATISTICS_HEADER[0] + "\n" + STATISTICS_HEADER[1])
        if start < 0:
            return text
        body = text[start:].splitlines()[len(STATISTICS_HEADER):]
        self.entries.extend(line for line in body if line.strip())
        return text[:start]

    def _wanted_dumps(self, text: str) -> str:
        """`text` without the dumps of passes that `--mlir-print-ir-before/after` do not
        name (each dump runs from its header to the next)."""
        p = self.printing
        if not (p.before or p.after):
            return text
        kept, keep = [], True
        for line in text.splitlines(keepends=True):
            header = _DUMP_HEADER.match(line)
            if header is not None:
                names = [header.group(2)]
                keep = (p.prints_before(names) if header.group(1) == "Before"
                        else p.prints_after(names))
            if keep:
                kept.append(line)
        return "".join(kept)

    def before(self, step: Step, module: ir.Module) -> None:
        self._remarks_before = len(self.run.remarks)
        if not step.is_python:
            return
        if self.printing.prints_before([step.name]):
            self._dump(f"Before {_pass_title(step)}", module)
        if self.printing.after_change:
            self._before_text = _fingerprint(module)

    def after(self, step: Step, module: ir.Module) -> None:
        if not step.is_python:
            return
        self._python_statistics(step)
        p = self.printing
        if not p.prints_after([step.name]) or p.after_failure:
            return
        if p.after_change and _fingerprint(module) == self._before_text:
            return
        self._dump(f"After {_pass_title(step)}", module)

    def failed(self, step: Step, module: ir.Module) -> None:
        if not step.is_python:
            return
        self._python_statistics(step)
        if self.printing.prints_after([step.name]):
            cls = load_pass(step.name)
            self._dump(f"After {cls.__name__} Failed ({step.name})", module)

    def _dump(self, title: str, module: ir.Module) -> None:
        """mlir-opt's dump of a pass on a module: header, the IR, two newlines."""
        scope = " ('builtin.module' operation)" if self.printing.module_scope else ""
        # Not assumed verified: after a failure the IR may not be, and the printer then
        # falls back to the generic form.
        text = render_asm(module.operation, self.printing, assume_verified=False)
        sys.stderr.write(f"// -----// IR Dump {title}{scope} //----- //\n{text}\n\n")

    def _python_statistics(self, step: Step) -> None:
        """A Python pass's entry: how many remarks of each kind it made."""
        if not self.statistics:
            return
        made = [kind for kind, _ in self.run.remarks[self._remarks_before:]]
        stats = [(f"{kind}-remarks", made.count(kind), f"Number of {kind} remarks")
                 for kind in REMARK_KINDS]
        self.entries.extend(statistics_entry(load_pass(step.name).__name__, stats))

    def report(self) -> str:
        """The merged `--mlir-pass-statistics` report of the chunk."""
        return "\n".join([*STATISTICS_HEADER, *self.entries, "", ""])


def _pass_title(step: Step) -> str:
    """`MatchKernelsPass (match-kernels)`: the class and the flag, as upstream names a
    pass and its argument."""
    return f"{load_pass(step.name).__name__} ({step.name})"


def _fingerprint(module: ir.Module) -> str:
    """Everything of the module that a change shows in: the generic form with locations
    (upstream hashes the same: ops, attributes, operands, locations)."""
    return str(module.operation.get_asm(print_generic_op_form=True, enable_debug_info=True,
                                        assume_verified=True))


def statistics_entry(name: str, stats: list[tuple[str, int, str]],
                     indent: int = 0) -> list[str]:
    """A pass's entry of upstream's report: its name, then `(S) value name - text` per
    statistic, sorted by name, values and names aligned."""
    lines = [" " * indent + name]
    ordered = sorted(stats)
    width_value = max((len(str(v)) for _, v, _ in ordered), default=0)
    width_name = max((len(n) for n, _, _ in ordered), default=0)
    for stat, value, text in ordered:
        lines.append(" " * (indent + 2)
                     + f"(S) {value:>{width_value}} {stat:<{width_name}} - {text}")
    return lines


@contextmanager
def _capture_stderr(into: list[str]) -> Iterator[None]:
    """What is written to file descriptor 2 in the block (by C++: the bindings print
    there, not through `sys.stderr`), appended to `into` as text."""
    sys.stderr.flush()
    saved = os.dup(2)
    with tempfile.TemporaryFile() as tmp:
        os.dup2(tmp.fileno(), 2)
        try:
            yield
        finally:
            os.dup2(saved, 2)
            os.close(saved)
            tmp.seek(0)
            into.append(tmp.read().decode(errors="replace"))


def pipeline_dump(elements: list[str]) -> str:
    """`--dump-pass-pipeline`: mlir-opt's `Pass Manager with N passes:` and the
    pipeline, one element a line, nests indented."""
    body = ",\n".join(_pretty(e, 1) for e in elements)
    return f"Pass Manager with {len(elements)} passes:\nbuiltin.module(\n{body}\n)\n\n"


def _pretty(element: str, depth: int) -> str:
    indent = "  " * depth
    head = element.split("{", 1)[0]
    if "(" not in head:
        return indent + element
    anchor = element[:element.index("(")]
    inner = split_top_level(element[element.index("(") + 1: element.rindex(")")])
    children = ",\n".join(_pretty(sub, depth + 1) for sub in inner)
    return f"{indent}{anchor}(\n{children}\n{indent})"


def relocate(module: ir.Module, filename: str, start: tuple[int, int] = (0, 0)) -> None:
    """Put the input's name in every location the parser gave (the bindings parse text
    as `-`), so that what prints locations (`--mlir-print-debuginfo`, bytecode) names
    the file as mlir-opt does. The implicit module's `-:0:0` becomes `start`: a chunk
    after the first starts just after its marker, as upstream's chunks do."""

    def fix(loc: ir.Location) -> ir.Location:
        if not (loc.is_a_file() and loc.filename == "-"):
            return loc
        line, col = loc.start_line, loc.start_col
        return ir.Location.file(filename, *((line, col) if line else start))

    def visit(op: ir.Operation) -> ir.WalkResult:
        op.location = fix(op.location)
        for region in op.regions:
            for block in region.blocks:
                for arg in block.arguments:
                    arg.set_location(fix(arg.location))
        return ir.WalkResult.ADVANCE

    with module.context:
        walk(module, visit)
