"""What an `arith.select` computes, in template operators, when that is provable.

C spells several template operators with `?:`, and each reaches the payload as a
select on a comparison. `select_node` names the operator only when the select is the
same function on every input, and raises `NotAnIdiom` otherwise:

- `a > b ? a : b` is max(a, b), `a < b ? a : b` is min(a, b), and so are `b < a ? a : b`
  and `b > a ? a : b`. Floats: only the ordered strict comparisons (`ogt`, `olt`) give
  C's `>` and `<`, hence the template's max and min bit for bit. Integers: `>=` gives
  the value of `>`.
- `x > hi ? hi : max(x, lo)` and `x < lo ? lo : min(x, hi)` are min(max(x, lo), hi)
  (a clamp) when lo and hi are integer constants with lo <= hi; with lo > hi they differ.
- `x >= 0 ? (x + k) / d : 0 - ((k - x) / d)` with C's truncating `/` is `rdiv(x, d)`:
  x / d rounded to nearest, halves away from zero, when k is d / 2: for a constant d > 0
  the constant d / 2 rounded down (any other, `(x + 5) / 9`, is a different function),
  for any other d the value `d / 2` itself. `x > 0` may stand for `x >= 0` (both arms
  are 0 at x == 0), and the sum may be written `k + x`.
- `a > b ? b : a` of two pixels compared as C promotes them (extended to int) is the
  min or max of the extended pixels, truncated back to the pixel's type.
- `x < 0 ? 0 - x : x` and `x > 0 ? x : 0 - x` (strict or not) are abs(x) for integers,
  where -0 is 0; not for floats, whose -0 and NaN they treat otherwise.
"""

from __future__ import annotations

from collections.abc import Callable

from polylift.matcher.ir.tree import Apply, Const, Node, apply, const_value
from polylift.mlir import ir

NodeOf = Callable[[ir.Value], Node]

# arith.cmpi predicates: slt sle sgt sge; arith.cmpf: ogt olt.
_CMPI = {"2": ("<", True), "3": ("<", False), "4": (">", True), "5": (">", False)}
_CMPF = {"2": (">", True), "4": ("<", True)}


class NotAnIdiom(Exception):
    """The select computes nothing a template operator states (the message says why)."""


def _comparison(cond: ir.Value, node: NodeOf) -> tuple[Node, bool, Node, bool]:
    """(big, strict, small, is_integer): the condition is `big > small` (strict) or
    `big >= small`, whichever way the source wrote it."""
    cmp = cond.owner
    if not isinstance(cmp, ir.Operation | ir.OpView) or \
            cmp.name not in ("arith.cmpi", "arith.cmpf"):
        raise NotAnIdiom("select on a condition that is not a comparison")
    pred = str(cmp.attributes["predicate"]).split(":")[0].strip()
    integer = cmp.name == "arith.cmpi"
    found = (_CMPI if integer else _CMPF).get(pred)
    if found is None:
        raise NotAnIdiom("select is not a max or min (an equality, unsigned or non-strict "
                         "float comparison)")
    rel, strict = found
    lhs, rhs = node(cmp.operands[0]), node(cmp.operands[1])
    big, small = (lhs, rhs) if rel == ">" else (rhs, lhs)
    return big, strict, small, integer


def select_node(owner: ir.OpView, node: NodeOf) -> Node:
    """The template operator `arith.select` `owner` computes, as a payload node."""
    cond, then_value, else_value = owner.operands
    if not isinstance(then_value.type, ir.IntegerType | ir.FloatType):
        raise NotAnIdiom("select of a value that is not a number")
    cmp = cond.owner
    if isinstance(cmp, ir.Operation | ir.OpView) and cmp.operands and \
            cmp.operands[0].type != then_value.type:
        return _narrow_min_max(owner, node)
    big, strict, small, integer = _comparison(cond, node)
    then, other = node(then_value), node(else_value)
    if (then, other) in ((big, small), (small, big)):
        if not integer and not strict:
            raise NotAnIdiom("select is not a max or min")  # NaN and -0 order differently
        return apply("max" if then == big else "min", then, other)
    if not integer:
        raise NotAnIdiom("select is not a max or min")
    for recognise in (_clamp, _rdiv, _abs):
        found = recognise(big, small, then, other)
        if found is not None:
            return found
    raise NotAnIdiom("select is not a max, min, clamp, abs or rounding division")


def _narrow_min_max(owner: ir.OpView, node: NodeOf) -> Node:
    """`a > b ? b : a` of two pixels compared as C promotes them (both zero- or both
    sign-extended to int): the min or max of the extended values, truncated back, which
    is the pixel picked. Payload nodes carry no types, so the extensions stay in the
    node; any other select comparing values of another type is no template operator."""
    _, then_value, else_value = owner.operands
    big, _, small, integer = _comparison(owner.operands[0], node)
    then, other = node(then_value), node(else_value)
    match big, small:
        case Apply(ext, (b,)), Apply(ext2, (s,)) if ext == ext2 and ext in ("zext", "sext"):
            if integer and (then, other) in ((b, s), (s, b)):
                picked = apply("max" if then == b else "min", apply(ext, then),
                               apply(ext, other))
                return apply("trunc", picked)
    raise NotAnIdiom("select is not a max or min (it compares values of another type)")


def _clamp(big: Node, small: Node, then: Node, other: Node) -> Node | None:
    """min(max(x, lo), hi) from `x > hi ? hi : max(x, lo)` or `x < lo ? lo : min(x, hi)`."""
    if then == small and const_value(small) is not None:  # x > hi ? hi : ...
        x, hi = big, small
        match other:
            case Apply("max", (a, b)) if x in (a, b):
                return _clamp_node(x, b if a == x else a, hi)
    if then == big and const_value(big) is not None:  # lo > x, i.e. x < lo ? lo : ...
        x, lo = small, big
        match other:
            case Apply("min", (a, b)) if x in (a, b):
                return _clamp_node(x, lo, b if a == x else a)
    return None


def _clamp_node(x: Node, lo: Node, hi: Node) -> Node | None:
    low, high = const_value(lo), const_value(hi)
    if low is None or high is None or low > high:
        return None  # with lo > hi the select and min(max(..)) differ
    return apply("min", apply("max", x, lo), hi)


def _rdiv(big: Node, small: Node, then: Node, other: Node) -> Node | None:
    """rdiv(x, d) from `x >= 0 ? (x + d/2) / d : 0 - ((d/2 - x) / d)` (or `x > 0`)."""
    match then, other:
        case Apply("/", (up, divisor)), Apply("-", (zero, down)) if \
                const_value(small) == 0 and const_value(zero) == 0:
            pass
        case _:
            return None
    x = big
    value = const_value(divisor)
    if value is None:
        half = apply("/", divisor, Const(2))
    elif value > 0 and value == int(value):
        half = Const(int(value) // 2)
    else:
        return None
    if up not in (apply("+", x, half), apply("+", half, x)):  # x + k, either way round
        return None
    if down != apply("/", apply("-", half, x), divisor):  # (k - x) / d
        return None
    return apply("rdiv", x, divisor if value is None else Const(float(value)))


def _abs(big: Node, small: Node, then: Node, other: Node) -> Node | None:
    """abs(x) from `x < 0 ? 0 - x : x` or `x > 0 ? x : 0 - x` (either comparison way)."""
    if const_value(big) == 0:  # x < 0 (or 0 > x): the negation first
        x, negated, kept = small, then, other
    elif const_value(small) == 0:  # x > 0: x first
        x, negated, kept = big, other, then
    else:
        return None
    return apply("abs", x) if kept == x and negated == apply("-", Const(0), x) else None
