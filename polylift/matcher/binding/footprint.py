"""Whether two template arrays bound to one root memref provably touch disjoint elements.

A launch whose output shares its root with another of its arrays is refused, unless
the two views are disjoint boxes of the root: PolyBench's in-place trmm updates row i of
B from the rows below it, `B[i][j] += A[k][i] * B[k][j]` for k > i. The proof works per
root dimension on the launch views' origins and extents, each a linear form (a constant
plus index values, expanded through `affine.apply` and integer arithmetic; an extent is
1 along the fixed dimension of a row or column, else the view's static or subview
size): one box ending at or before the other starts, whatever the values, suffices. A
view's extent is at least what its template array touches, since the ops' loops run
over their operands' extents and a chosen view is an operand or one of its sources.

Only arrays that the template reads and writes at plain subscripts (`A[k, j]`, each
index ranging over the size of its dimension) are considered: a stencil's `A[i-1]` or
a lookup reaches beyond the view's box.
"""

from __future__ import annotations

from polylift.matcher.ir.ir_model import (
    DYNAMIC,
    Lin,
    add_forms,
    affine_form,
    compose,
    constant_value,
    root_of,
    subview_size,
)
from polylift.mlir import ir
from polylift.subscripts import plain_subscript
from polylift.tdl.ast import Access, ArrayDecl, Lookup, Template
from polylift.tdl.steps import walk

Form = dict  # {index value (or 1 for the constant): coefficient}


def _plain(tpl: Template, name: str) -> bool:
    """Whether every subscript of `name` in the template is one index, unscaled, unshifted."""
    for step in tpl.steps:
        for node in [step.target, *walk(step.value)]:
            if isinstance(node, Lookup) and node.array == name:
                return False
            if isinstance(node, Access) and node.array == name and any(
                    plain_subscript(sub, shifted=False) is None for sub in node.indices):
                return False
    return True


def linear_form(value: ir.Value, depth: int = 0) -> Form:
    """An index value as a linear combination of opaque values plus a constant."""
    known = constant_value(value)
    if known is not None:
        return {1: int(known)} if known else {}
    owner = value.owner
    if depth < 8 and isinstance(owner, ir.Operation | ir.OpView):
        operands = [linear_form(v, depth + 1) for v in owner.operands]
        if owner.name == "affine.apply":
            amap = ir.AffineMapAttr(owner.attributes["map"]).value
            form = affine_form(amap.results[0], operands, amap.n_dims)
            if form is not None:
                return form
        elif owner.name in ("arith.addi", "arith.subi"):
            return add_forms(operands[0], operands[1], 1 if owner.name == "arith.addi" else -1)
    return {value: 1}


def _box(view: ir.Value, decl: ArrayDecl, kept: tuple[int, ...] | None
         ) -> list[tuple[Form, Form | None]] | None:
    """Per root dim, the (origin, extent) of the elements a launch view's template array
    touches; an unknown extent is None. None when the view is not the root shifted."""
    rank = len(ir.MemRefType(view.type).shape)
    root_rank = len(ir.MemRefType(root_of(view).type).shape)
    if rank != root_rank:
        return None
    _, access = compose(view, [Lin(((d, 1),)) for d in range(rank)])
    if any(lin.coeffs != ((d, 1),) for d, lin in enumerate(access)):
        return None
    box = []
    for d, lin in enumerate(access):
        origin: Form = {1: lin.const} if lin.const else {}
        for sym in lin.syms:
            origin = add_forms(origin, linear_form(sym))
        fixed = decl.rank == 0 or (kept is not None and d not in kept)
        box.append((origin, {1: 1} if fixed else _size(view, d)))
    return box


def _size(view: ir.Value, dim: int) -> Form | None:
    """A view's extent along `dim` as a linear form (static, or a subview's size)."""
    for _ in range(8):
        size = ir.MemRefType(view.type).shape[dim]
        if size != DYNAMIC:
            return {1: size} if size else {}
        owner = view.owner
        if not isinstance(owner, ir.Operation | ir.OpView):
            return None
        if owner.name == "memref.subview":
            return linear_form(subview_size(owner.opview, dim))
        if owner.name != "memref.cast":
            return None
        view = owner.operands[0]
    return None


def _before(lo: Form, extent: Form | None, other: Form) -> bool:
    """Whether [lo, lo + extent) ends at or before `other` starts, for every value."""
    if extent is None:
        return False
    gap = add_forms(other, add_forms(lo, extent), -1)
    return set(gap) <= {1} and gap.get(1, 0) >= 0


def disjoint(tpl: Template, a: str, b: str, views: dict[str, ir.Value],
             kept: dict[str, tuple[int, ...]]) -> bool:
    """Whether template arrays `a` and `b`, bound to `views` of one root, touch disjoint
    elements; `kept`: the root dims a sliced array spans."""
    decl_a, decl_b = tpl.param(a), tpl.param(b)
    assert isinstance(decl_a, ArrayDecl) and isinstance(decl_b, ArrayDecl)
    if not (_plain(tpl, a) and _plain(tpl, b)):
        return False
    box_a, box_b = _box(views[a], decl_a, kept.get(a)), _box(views[b], decl_b, kept.get(b))
    if box_a is None or box_b is None:
        return False
    return any(_before(lo_a, ext_a, lo_b) or _before(lo_b, ext_b, lo_a)
               for (lo_a, ext_a), (lo_b, ext_b) in zip(box_a, box_b, strict=True))
