"""What a scalar computed before an op is, when a template's local names it.

A template may define local scalars (`total = cdf[255]`, `cmin` folded over k, `den =
total - cmin`) that a later step reads. In the IR such a scalar is an SSA value the
op captures from outside; `expand` reads its definition as a tree of payload nodes:
arithmetic, an element read at constant subscripts (`Opnd(operand)`), and a loop
carrying one value (`Fold(FoldIR)`). A value it does not read (a parameter) stays
`Val(v)`. Converting an integer to an index keeps its number, so it is read through.
"""

from __future__ import annotations

from polylift.matcher.ir.ir_model import (
    Lin,
    Operand,
    Unsupported,
    compose,
    constant_value,
)
from polylift.matcher.ir.loop_model import FoldIR
from polylift.matcher.ir.payload import BINARY, UNARY
from polylift.matcher.ir.tree import Const, Fold, Node, Opnd, Val, apply
from polylift.mlir import ir


def _element(owner: ir.OpView) -> Node | None:
    """A load at constant subscripts, as an operand read at one element."""
    memref = owner.operands[0]
    if owner.name == "affine.load":
        amap = ir.AffineMapAttr(owner.attributes["map"]).value
        if len(owner.operands) > 1 or \
                not all(isinstance(e, ir.AffineConstantExpr) for e in amap.results):
            return None
        subscripts = [ir.AffineConstantExpr(e).value for e in amap.results]
    else:
        known = [constant_value(v) for v in owner.operands[1:]]
        if any(k is None for k in known):
            return None
        subscripts = [int(k) for k in known if k is not None]
    root, access = compose(memref, [Lin((), k) for k in subscripts])
    return Opnd(Operand(memref, root, tuple(access), False))


def expand(value: ir.Value, depth: int = 0) -> Node:
    """The tree of a scalar's definition (see the module doc)."""
    known = constant_value(value)
    if known is not None:
        return Const(known)
    owner = value.owner
    if depth > 16 or not isinstance(owner, ir.Operation | ir.OpView):
        return Val(value)
    name = owner.name
    if name in BINARY:
        return apply(BINARY[name], expand(owner.operands[0], depth + 1),
                     expand(owner.operands[1], depth + 1))
    if name in UNARY:
        return apply(UNARY[name], expand(owner.operands[0], depth + 1))
    if name == "arith.index_cast" and not isinstance(owner.operands[0].type, ir.IndexType):
        return expand(owner.operands[0], depth + 1)
    if name in ("affine.load", "memref.load"):
        return _element(owner.opview) or Val(value)
    if name == "affine.for" and len(owner.results) == 1:
        try:
            return Fold(FoldIR(owner.opview))
        except Unsupported:
            return Val(value)
    return Val(value)
