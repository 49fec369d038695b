"""The only place that loads the MLIR bindings: library preload, contexts, parsing.

Everything else imports `ir`, `passmanager` and the dialects from here, so that the
`libLLVM.so` preload happens once, the bindings load without what no pass uses
(`loading.py`: numpy, linalg's op DSL) and every context is set up the same way.

May import: `polylift.errors` and its own modules only.
"""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import TypeVar, cast

from polylift.errors import ParseError, SourceLoc
from polylift.mlir.loading import (
    find_op_classes_in_polylift,
    preload_llvm,
    register_elements_builders,
    without_numpy,
)

preload_llvm()
with without_numpy():
    from mlir import ir, passmanager
register_elements_builders()
find_op_classes_in_polylift()

# linalg's op classes, without upstream's `mlir.dialects.linalg` (see loading.py).
from mlir.dialects import _linalg_ops_gen as linalg  # noqa: E402
from mlir.dialects import affine, arith, func, math, memref, scf  # noqa: E402

# The exception the bindings raise with the diagnostics of a failed parse, verification
# or pass pipeline; registered at run time, so the bindings' stubs do not declare it.
MLIRError: type[Exception] = getattr(ir, "MLIRError")  # noqa: B009


def error_diagnostics(exc: Exception) -> list[ir.DiagnosticInfo]:
    """The diagnostics an `MLIRError` carries, first the error itself."""
    return list(getattr(exc, "error_diagnostics"))  # noqa: B009


__all__ = [
    "ir", "passmanager", "affine", "arith", "func", "linalg", "math", "memref", "scf",
    "Diag", "MLIRError", "error_diagnostics", "new_context", "parse_module", "source_loc",
    "collect_diagnostics", "tool_path", "view_as", "linalg_builders", "walk",
]


@dataclass(frozen=True)
class Diag:
    """One diagnostic: severity (`error`, `warning`, `remark`, `note`), place, text."""

    severity: str
    loc: SourceLoc | None
    message: str

    def render(self) -> str:
        """`file:line:col: severity: message`, as mlir-opt prints it."""
        where = f"{self.loc}: " if self.loc else ""
        return f"{where}{self.severity}: {self.message}"


_SEVERITY = {
    "ERROR": "error", "WARNING": "warning", "REMARK": "remark", "NOTE": "note",
}


# The dialects whose ops polylift builds through the bindings (the modules above, and
# `llvm` in `lowering/launch_call.py`): an op is registered only once its dialect is
# loaded, so these load with the context.
BUILT_DIALECTS = ("affine", "arith", "func", "linalg", "math", "memref", "scf", "llvm")

# The stubs describe the native class; the bindings wrap it in one that also takes the
# dialects to load on creation (`load_on_create_dialects`).
_Context = cast(Callable[..., ir.Context], ir.Context)


def new_context() -> ir.Context:
    """A context with every upstream dialect registered that also parses polylift's
    `kernel` dialect.

    As in mlir-opt, a dialect loads when the parser or a pass first needs it, apart from
    `BUILT_DIALECTS`: loading all of them took about 4 ms per context, more than parsing
    a kernel. An op built of a dialect not loaded would be unregistered, and
    `verify_module` would reject it: nothing passes unnoticed.

    The context has no threads of its own: on a kernel's small module MLIR's thread
    pool cost more than it saved (the upstream lowering ran a third faster without),
    and each context is used by one thread (commands run in parallel as processes).

    The context parses unregistered ops: that is how `kernel.launch` is accepted (why,
    in `kernel_dialect.py`, which sits above this module and verifies every launch);
    `passes.pipeline.verify_module` rejects other unknown ops unless the user allows
    them."""
    ctx = _Context(load_on_create_dialects=list(BUILT_DIALECTS))
    ctx.allow_unregistered_dialects = True
    ctx.enable_multithreading(False)
    return ctx


def linalg_builders() -> ModuleType:
    """Upstream's `mlir.dialects.linalg`, with the op DSL's function-style builders of
    named ops (`fill(v, outs=[x])`, `dot`, `matvec`): importing it executes the DSL of
    every named op, so only code that builds named ops asks for it (`linalg` here holds
    the op classes, `GenericOp` and the like)."""
    from mlir.dialects import linalg as upstream

    return upstream


_View = TypeVar("_View", bound=ir.OpView)


def view_as(op: ir.Operation | ir.OpView, kind: type[_View]) -> _View:
    """`op` as the generated class of its kind (`linalg.GenericOp`, `affine.AffineForOp`),
    checked: the bindings give an op's own accessors (`inputs`, `memref`, `inits`) only to
    that class, so code that reads them says which op it expects."""
    view = op.opview if isinstance(op, ir.Operation) else op
    if not isinstance(view, kind):
        raise TypeError(f"{view.operation.name} is not a {kind.__name__}")
    return view


def walk(op: ir.Operation | ir.OpView | ir.Module,
         visit: Callable[[ir.Operation], ir.WalkResult],
         order: ir.WalkOrder = ir.WalkOrder.POST_ORDER) -> None:
    """`op.walk(visit, order)`, with an exception `visit` raises stopping the walk and
    raised as it is: the bindings print its traceback and raise a `RuntimeError` holding
    it as text instead (a bug would reach the user as a traceback, with no location)."""
    raised: list[Exception] = []

    def guarded(inner: ir.Operation) -> ir.WalkResult:
        try:
            return visit(inner)
        except Exception as exc:  # noqa: BLE001 - raised again below, after the walk
            raised.append(exc)
            return ir.WalkResult.INTERRUPT

    op.operation.walk(guarded, order)
    if raised:
        raise raised[0]


def source_loc(loc: ir.Location, filename: str = "-") -> SourceLoc | None:
    """The file position of an MLIR location; `-` (the parser's name) becomes `filename`."""
    if loc.is_a_file():
        name = loc.filename
        return SourceLoc(filename if name == "-" else name, loc.start_line, loc.start_col)
    if loc.is_a_fused():
        for child in loc.locations:
            found = source_loc(child, filename)
            if found:
                return found
        return None
    if loc.is_a_name():
        return source_loc(loc.child_loc, filename)
    if loc.is_a_callsite():
        return source_loc(loc.callee, filename)
    return None


def _to_diag(d: ir.Diagnostic | ir.DiagnosticInfo, filename: str) -> Diag:
    severity = _SEVERITY.get(str(d.severity).rsplit(".", 1)[-1], "error")
    return Diag(severity, source_loc(d.location, filename), d.message)


@contextmanager
def collect_diagnostics(ctx: ir.Context, filename: str = "-") -> Iterator[list[Diag]]:
    """Collect every diagnostic MLIR emits in `ctx` while the block runs."""
    found: list[Diag] = []

    def handler(d: ir.Diagnostic) -> bool:
        found.append(_to_diag(d, filename))
        found.extend(_to_diag(note, filename) for note in d.notes)
        return True

    handle = cast(ir.DiagnosticHandler, ctx.attach_diagnostic_handler(handler))
    try:
        yield found
    finally:
        handle.detach()


# MLIR's parser recurses on the C stack for each nested region, and overflows it (a
# segmentation fault, in mlir-opt as here) between 2500 and 3000 levels; no kernel nests
# a tenth of the limit this leaves.
MAX_REGION_DEPTH = 2000


def _too_deep(text: str) -> tuple[int, int] | None:
    """The line and column of the first `{` nested deeper than `MAX_REGION_DEPTH`
    (braces in string literals do not count), or None."""
    if text.count("{") <= MAX_REGION_DEPTH:
        return None  # the usual case, decided without a scan in Python
    depth, line, start, quoted, escaped = 0, 1, 0, False, False
    for pos, char in enumerate(text):
        if quoted:
            quoted = escaped or char != '"'
            escaped = not escaped and char == "\\"
        elif char == '"':
            quoted = True
        elif char == "{":
            depth += 1
            if depth > MAX_REGION_DEPTH:
                return line, pos - start + 1
        elif char == "}":
            depth -= 1
        if char == "\n":
            line, start = line + 1, pos + 1
    return None


def parse_module(text: str, ctx: ir.Context, filename: str = "-") -> ir.Module:
    """Parse MLIR text; a failure raises `ParseError` at the parser's position."""
    deep = _too_deep(text)
    if deep is not None:
        raise ParseError(f"regions nest more than {MAX_REGION_DEPTH} deep, which the MLIR "
                         "parser cannot take", SourceLoc(filename, *deep), text)
    try:
        return ir.Module.parse(text, ctx)
    except MLIRError as exc:
        diags = [_to_diag(d, filename) for d in error_diagnostics(exc)]
        first = diags[0] if diags else Diag("error", None, str(exc))
        raise ParseError(first.message, first.loc, text) from None


def tool_path(name: str) -> str:
    """The path of a pinned LLVM/MLIR tool (`mlir-opt`, `mlir-translate`, `llc`, ...)."""
    for package, sub in (("mlir", "bin"), ("llvm", "bin")):
        spec = importlib.util.find_spec(package)
        if spec and spec.submodule_search_locations:
            path = Path(next(iter(spec.submodule_search_locations))) / sub / name
            if path.exists():
                return str(path)
    bindir = Path(sys.executable).parent
    if (bindir / name).exists():
        return str(bindir / name)
    return name
