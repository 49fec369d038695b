"""Loops whose constant bounds give them no iteration (`for (j = 2; j < 1; j++)`).

Such a loop has no effect, and its results are its initial values; raised, it would be a
generic over an empty dimension, and a view of an empty dimension at offset 0 is one the
MLIR verifier rejects when the size is static. So the raising erases it first.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from polylift import rewriter
from polylift.mlir import ir, walk


@dataclass(frozen=True)
class EmptyLoop:
    """An erased loop: where it was and its constant bounds."""

    location: ir.Location
    lower: int
    upper: int


def _constant_bound(op: ir.Operation, name: str,
                    pick: Callable[[list[int]], int]) -> int | None:
    """The bound when every result of its map is a constant (`pick`: max or min)."""
    bound = ir.AffineMapAttr(op.attributes[name]).value
    values = [e.value for e in bound.results if isinstance(e, ir.AffineConstantExpr)]
    return pick(values) if values and len(values) == len(bound.results) else None


def _empty_range(op: ir.Operation) -> tuple[int, int] | None:
    lower = _constant_bound(op, "lowerBoundMap", max)
    upper = _constant_bound(op, "upperBoundMap", min)
    if lower is None or upper is None or lower < upper:
        return None
    return lower, upper


def erase_empty_loops(func: ir.Operation) -> list[EmptyLoop]:
    """Erase every `affine.for` of `func` that runs no iteration, giving its users its
    initial values; the erased loops, outermost first."""
    found: list[tuple[ir.Operation, tuple[int, int]]] = []

    def visit(op: ir.Operation) -> ir.WalkResult:
        bounds = _empty_range(op) if op.name == "affine.for" else None
        if bounds is None:
            return ir.WalkResult.ADVANCE
        found.append((op, bounds))
        return ir.WalkResult.SKIP

    walk(func, visit, ir.WalkOrder.PRE_ORDER)
    for op, _ in found:
        inits = list(op.operands)[len(op.operands) - len(op.results):]
        for result, init in zip(op.results, inits, strict=True):
            rewriter.replace_uses(result, init)
    erased = [EmptyLoop(op.location, lower, upper) for op, (lower, upper) in found]
    for op, _ in found:
        rewriter.erase(op)
    return erased
