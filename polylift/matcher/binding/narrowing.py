"""A float operation C computes in double, read as the float operation it equals.

C evaluates `x[i] + 1.0` on a `float` x in double (the constant is a double) and the
store rounds the sum back to float: `truncf(addf(extf(x), 1.0))`. When one operand of
a `+ - * /` is a float widened and the other a double constant that a float holds
exactly, or the operand of a `sqrt` is a float widened, that is the float operation
itself, bit for bit: double's 53 bits are at least twice float's 24 plus 2, so
rounding the exact result to double and then to float rounds it as float would (double
rounding is innocuous for these operations, Figueroa 1995). A NaN keeps its payload
through the widening, the operation and the narrowing, as through the float operation.

Two widened floats are not read so: where both are NaNs, one of them signaling, the
two ways pick different payloads on aarch64 (its float operation prefers the signaling
one, which the widening has quieted). `tests/exec/test_narrowing_premise.py` measures
both on every target. An expression of several operations in double is no such thing
either (`a*x + (1.0 - a)*y` rounds once at the end, not after each operation), nor a
constant a float does not hold (`.1 * x`): those stay as written.
"""

from __future__ import annotations

import struct

from polylift.matcher.ir.tree import Apply, Const, Node

_BINARY = frozenset({"+", "-", "*", "/"})


def narrowed(node: Node) -> Node | None:
    """`f32(op(f64(a), c))` or `f32(op(c, f64(a)))` with a constant `c` a float holds,
    or `f32(sqrt(f64(a)))`, as the operation in float; None for anything else."""
    match node:
        case Apply(op="f32", children=(Apply(op="sqrt", children=(operand,)),)):
            widened = _widened(operand)
            return None if widened is None else Apply("sqrt", (widened,))
        case Apply(op="f32", children=(Apply(op=op, children=(lhs, rhs)),)) if op in _BINARY:
            left, right = _widened(lhs), _widened(rhs)
            if left is not None and _float_constant(rhs):
                return Apply(op, (left, rhs))
            if right is not None and _float_constant(lhs):
                return Apply(op, (lhs, right))
    return None


def _widened(node: Node) -> Node | None:
    """The float a widening `f64(a)` widens, or None."""
    match node:
        case Apply(op="f64", children=(inner,)):
            return inner
    return None


def _float_constant(node: Node) -> bool:
    """Whether `node` is a double constant a float holds exactly (no NaN)."""
    return isinstance(node, Const) and _float_holds(node.value)


def _float_holds(value: float) -> bool:
    return struct.unpack("f", struct.pack("f", value))[0] == value


__all__ = ["narrowed"]
