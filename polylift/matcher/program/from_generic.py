"""A `linalg.generic` inside a kept loop nest, as the loops it stands for.

The raising turns a statement of a nest into a generic whose dims follow the source's
loop order, so that lowering it runs the same points in the same order: dim 0 outermost,
each from 0 to its extent, the payload storing into the output element at each point.
That is the loop program this module gives back, at the depth where the generic
stands: the extent of a dim is the size of an operand view it indexes (a `max(0, e)`
trip count is `e`: both bound the same points from 0), the subscripts are the
operands' composed onto their roots (view offsets read as forms of the counters
around), the payload reads its operands at those subscripts.

Masked generics (a triangle stated as a select on `linalg.index`) and generics with
several outputs are not modelled.
"""

from __future__ import annotations

from typing import Protocol

from polylift.matcher.ir.ir_model import (
    DYNAMIC,
    Lin,
    Operand,
    Unsupported,
    constant_value,
    indexing_maps,
    linalg_outputs,
    operands,
    subview_size,
)
from polylift.matcher.ir.tree import Node, Read
from polylift.matcher.program.model import Form, LoopAtom, LoopNode, Stmt
from polylift.mlir import ir


class _Builder(Protocol):
    """What `from_ir._Builder` offers this module."""

    def value_form(self, value: ir.Value) -> Form: ...

    def tree(self, value: ir.Value, anchor: ir.Operation, block: ir.Block | None = None,
             inner=None) -> Node: ...


def generic_loops(builder: _Builder, op: ir.OpView, depth: int) -> LoopNode:
    """The loops and the one statement of a generic at `depth` (module doc)."""
    if len(linalg_outputs(op)) != 1:
        raise Unsupported("a generic in the nest has several outputs")
    body = op.regions[0].blocks[0]
    if any(inner.name == "linalg.index" for inner in body.operations):
        raise Unsupported("a generic in the nest is masked to a triangle")
    found = operands(op)
    reads = [Read(o.root, _subscripts(builder, o, depth)) for o in found]
    args = list(body.arguments)

    def inner(value: ir.Value) -> Node | None:
        return reads[args.index(value)] if value in args else None

    yielded = body.operations[len(body.operations) - 1].operands[0]
    statement = Stmt(reads[-1], builder.tree(yielded, op.operation, body, inner), "")
    maps = indexing_maps(op)
    if maps[0].n_dims == 0:
        # One element written (a reduction's initial value, in its home): no loop.
        raise Unsupported("a generic in the nest writes one element, not a loop of them")
    item: Stmt | LoopNode = statement
    for dim in reversed(range(maps[0].n_dims)):
        item = LoopNode(Form(), _extent(builder, found, maps, dim), (item,))
    assert isinstance(item, LoopNode)
    return item


def _subscripts(builder: _Builder, operand: Operand, depth: int) -> tuple[Form, ...]:
    """An operand's root subscripts: generic dim k is the counter at `depth + k`."""
    return tuple(_lin_form(builder, lin, depth) for lin in operand.access)


def _lin_form(builder: _Builder, lin: Lin, depth: int) -> Form:
    form = Form.of({LoopAtom(depth + d): c for d, c in lin.coeffs}, lin.const)
    for value in lin.syms:
        form = form.plus(builder.value_form(value))
    return form


def _extent(builder: _Builder, found: list[Operand], maps: list[ir.AffineMap],
            dim: int) -> Form:
    """The trip count of a dim: the size of an operand view along a result that is it."""
    for operand, amap in zip(found, maps, strict=True):
        for pos, expr in enumerate(amap.results):
            if not isinstance(expr, ir.AffineDimExpr) or expr.position != dim:
                continue
            size = ir.MemRefType(operand.value.type).shape[pos]
            if size != DYNAMIC:
                return Form(const=size)
            owner = operand.value.owner
            if isinstance(owner, ir.Operation | ir.OpView) and owner.name == "memref.subview":
                return _trips(builder, subview_size(owner.opview, pos))
    raise Unsupported("a generic in the nest has a dim whose extent no view states")


def _trips(builder: _Builder, value: ir.Value) -> Form:
    """A trip count: `max(0, e)` (how the raising guards a count) bounds the points of
    `e` from 0, so it is `e`; anything else is its form."""
    owner = value.owner
    if isinstance(owner, ir.Operation | ir.OpView) and owner.name == "affine.max":
        amap = ir.AffineMapAttr(owner.attributes["map"]).value
        zero = [r for r in amap.results if isinstance(r, ir.AffineConstantExpr)
                and ir.AffineConstantExpr(r).value == 0]
        rest = [r for r in amap.results if r not in zero]
        if len(zero) == 1 and len(rest) == 1 and constant_value(value) is None:
            forms = [builder.value_form(v) for v in owner.operands]
            return _map_form(rest[0], forms, amap.n_dims)
    return builder.value_form(value)


def _map_form(expr: ir.AffineExpr, forms: list[Form], n_dims: int) -> Form:
    """An affine expression over operands given as forms."""
    if isinstance(expr, ir.AffineDimExpr):
        return forms[expr.position]
    if isinstance(expr, ir.AffineSymbolExpr):
        return forms[n_dims + expr.position]
    if isinstance(expr, ir.AffineConstantExpr):
        return Form(const=expr.value)
    if isinstance(expr, ir.AffineAddExpr):
        return _map_form(expr.lhs, forms, n_dims).plus(_map_form(expr.rhs, forms, n_dims))
    if isinstance(expr, ir.AffineMulExpr) and isinstance(expr.rhs, ir.AffineConstantExpr):
        return Form().plus(_map_form(expr.lhs, forms, n_dims), expr.rhs.value)
    raise Unsupported(f"trip count '{expr}' is not linear")
