"""What computation a function leaves outside `kernel.launch` ops after matching.

One rule for the match report and the harness's coverage: residual are
- every linalg op (no template matched it);
- every loop that computes something itself: a loop that only repeats launches (a
  stencil's time loop around its sweeps), with constants, index arithmetic, views and
  loads of the launches' scalar arguments, leaves all computation to them, and the
  linalg ops inside it count on their own; a loop that carries values does compute;
- every store outside any loop (straight-line code that writes memory), which a
  residual loop around it would count otherwise.
"""

from __future__ import annotations

from polylift.matcher.search.match import PURE
from polylift.mlir import ir, walk

LOOPS = frozenset({"affine.for", "affine.parallel", "scf.for", "scf.parallel", "scf.while"})
STORES = frozenset({"affine.store", "memref.store"})


def residual_ops(func: ir.Operation) -> list[tuple[ir.Operation, str]]:
    """The residual ops of `func` (outermost first, linalg bodies not entered), each with
    what it is."""
    found: list[tuple[ir.Operation, str]] = []

    def visit(op):
        name = op.name
        if name.startswith("linalg."):
            found.append((op, "linalg op not matched"))
            return ir.WalkResult.SKIP
        if name in LOOPS and _computes(op):
            found.append((op, "loop not raised to linalg"))
        elif name in STORES and not _in_loop(op):
            found.append((op, "store outside any loop or launch"))
        return ir.WalkResult.ADVANCE

    walk(func, visit, ir.WalkOrder.PRE_ORDER)
    return found


def _computes(loop: ir.Operation) -> bool:
    """Whether a loop computes anything itself (see the module doc)."""
    if len(loop.results):
        return True
    for region in loop.regions:
        for block in region.blocks:
            for op in block.operations:
                if _computes_op(op.operation):
                    return True
    return False


def _computes_op(op: ir.Operation) -> bool:
    name = op.name
    if name.startswith("linalg.") or name == "kernel.launch" or name == "arith.constant":
        return False
    if name in ("affine.yield", "scf.yield"):
        return bool(len(op.operands))
    if name.startswith("arith."):
        return not all(str(r.type) == "index" for r in op.results)
    if name in PURE:
        return False  # views and index arithmetic
    if name == "memref.load":
        # A launch's scalar argument read from memory (`fict[t]` for a fill).
        return not all(use.owner.name == "kernel.launch" for use in op.results[0].uses)
    if name in LOOPS:
        return _computes(op)
    return True


def _in_loop(op: ir.Operation) -> bool:
    """Whether `op` is nested in a loop (whose residual entry already counts it)."""
    parent = op.parent
    while parent is not None and parent.name != "func.func":
        if parent.name in LOOPS:
            return True
        parent = parent.parent
    return False


__all__ = ["LOOPS", "residual_ops"]
