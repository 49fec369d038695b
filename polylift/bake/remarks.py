"""Which function version each remark of a stage came from.

A versioned kernel (`f.delinearized` or `f.noalias`, and the fallback `f.flat`) has its
loops in several functions at the same C lines, so a remark's location cannot say
whether it is about the path the kernel runs or about the fallback, which runs only
where the entry guard fails. `PassRun.at` keeps the C function only (`f`); this run
also keeps the function's own symbol, so the bake can label the fallback's remarks.

Imported where a stage runs: it loads MLIR.
"""

from __future__ import annotations

from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from types import TracebackType

from polylift.mlir import ir
from polylift.passes.registry import PassRun


def symbol_around(op: ir.Operation) -> str:
    """The symbol of the `func.func` that is or holds `op` (`f.flat`), or ''."""
    current: ir.Operation | None = op
    while current is not None and current.name != "func.func":
        parent = current.parent
        current = parent.operation if parent is not None else None
    if current is None:
        return ""
    return ir.StringAttr(current.attributes["sym_name"]).value


class _Within(AbstractContextManager[None]):
    """`PassRun.at`'s block, with the symbol of its function pushed for the block."""

    def __init__(self, inner: AbstractContextManager[None], stack: list[str], symbol: str):
        self.inner, self.stack, self.symbol = inner, stack, symbol

    def __enter__(self) -> None:
        self.inner.__enter__()
        self.stack.append(self.symbol)

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 trace: TracebackType | None) -> bool | None:
        self.stack.pop()
        return self.inner.__exit__(kind, exc, trace)


@dataclass
class VersionRun(PassRun):
    """A `PassRun` whose `remark_functions[i]` is the function symbol `remarks[i]` was
    made in ('' when the pass said nothing of where it was working)."""

    remark_functions: list[str] = field(default_factory=list)
    within: list[str] = field(default_factory=list)

    # The base's block, wrapped (its `_At` is private): a context manager all the same.
    def at(self, op: ir.Operation | ir.OpView) -> _Within:  # pyright: ignore[reportIncompatibleMethodOverride]
        return _Within(super().at(op), self.within, symbol_around(op.operation))

    def remark_at(self, location: ir.Location, message: str, kind: str = "missed") -> None:
        before = len(self.remarks)
        super().remark_at(location, message, kind)
        added = len(self.remarks) - before
        self.remark_functions += [self.within[-1] if self.within else ""] * added


def module_functions(module: ir.Module) -> set[str]:
    """The symbols of the module's top-level functions."""
    return {ir.StringAttr(op.attributes["sym_name"]).value
            for op in module.body.operations if op.operation.name == "func.func"}
