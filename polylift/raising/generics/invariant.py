"""Loop-invariant integer-to-float conversions, computed once ahead of a generic.

C code divides by a count of its own sizes (`sum / (h * w)`, `x /= l.h * l.w`): the
source converts an integer computed from parameters to a float inside the loop body.
Cloned into the generic's body, that conversion is a type change no float template
states, and the op matches nothing. Computed once before the generic, it is a value
computed before the loops, which a template's scalar binds like any other.

Only conversions whose whole integer operand is invariant move, with that operand's
arithmetic. The moved ops are total (no division, no remainder: a division by zero
must not run where the loops would not have run), and wrap as they would in the body,
so the value is the one every iteration computed.
"""

from __future__ import annotations

from polylift import rewriter
from polylift.mlir import ir
from polylift.raising.nest_model.materialize import Materializer
from polylift.raising.nest_model.model import Statement, as_operation

# Int-to-float conversions that move, and the integer ops their operands may be made of.
_CONVERSIONS = frozenset({"arith.sitofp", "arith.uitofp"})
_TOTAL_INTEGER_OPS = frozenset({
    "arith.constant", "arith.addi", "arith.subi", "arith.muli", "arith.index_cast",
    "arith.extsi", "arith.extui", "arith.trunci",
})


def _defined_by(value: ir.Value) -> ir.Operation | None:
    owner = value.owner
    return None if isinstance(owner, ir.Block) else as_operation(owner)


def _varies(value: ir.Value, inside: set[ir.Operation], found: set[ir.Operation]) -> bool:
    """Whether `value` may differ between iterations: a block argument of anything but
    the function (a counter, a carried value) or a result of a nest op not known to be
    invariant (a load, arithmetic on counters)."""
    owner = value.owner
    if isinstance(owner, ir.Block):
        return as_operation(owner.owner).name != "func.func"
    producer = as_operation(owner)
    return producer in inside and producer not in found


def _invariant_ops(stmt: Statement, ops: list[ir.Operation]) -> set[ir.Operation]:
    """The body ops (in program order) that compute the same value on every iteration:
    total integer ops and conversions whose operands are defined outside the nest or
    by such ops."""
    inside = set(stmt.ops)
    found: set[ir.Operation] = set()
    for op in ops:
        if op.name in _TOTAL_INTEGER_OPS | _CONVERSIONS and \
                not any(_varies(v, inside, found) for v in op.operands):
            found.add(op)
    return found


def hoist_conversions(stmt: Statement, ops: list[ir.Operation],
                      mat: Materializer) -> dict[ir.Value, ir.Value]:
    """Clone the invariant conversions of `ops` (the body's slice) and the integer ops
    they convert at the materializer's insertion point; map each old result to its clone."""
    invariant = _invariant_ops(stmt, ops)
    moved = {op for op in invariant if op.name in _CONVERSIONS}
    stack = list(moved)
    while stack:
        for value in stack.pop().operands:
            producer = _defined_by(value)
            if producer is not None and producer in invariant and producer not in moved:
                moved.add(producer)
                stack.append(producer)
    mapping: dict[ir.Value, ir.Value] = {}
    for op in ops:
        if op not in moved:
            continue
        with mat.ip:
            clone = rewriter.clone_mapped(op, mapping)
        mat.created.append(clone)
        for old, new in zip(op.results, clone.results, strict=True):
            mapping[old] = new
    return mapping
