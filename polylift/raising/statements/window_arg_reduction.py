"""The extremum of each window and where it came from: an index-of-extremum reduction
inside parallel loops, raised as one `linalg.generic` with two outputs.

A max-pooling layer that keeps its argmax writes, per output point,

    float max = s; int max_i = t;
    for (n = 0; n < size; ++n) for (m = 0; m < size; ++m) {
      float val = in[...];                       /* the window's element */
      max_i = (val > max) ? index : max_i;       /* index: any int linear in the counters */
      max = (val > max) ? val : max;
    }
    out[b][k][i][j] = max; idx[b][k][i][j] = max_i;

This becomes two fills (`out = s`, `idx = t` over the output box) and one generic over
the parallel dims then the window's, whose body compares the element with the carried
value and selects both results under that comparison:

    c = x > y; k' = base + d0*c0 + d1*c1 + ...; yield (c ? x : y), (c ? k' : k)

with the index rebuilt as a `CounterForm`, its coefficients computed before the generic
in i32 (the same bits in any association: i32 wraps). The generic runs each window's
points in the loops' order, so it keeps the same first extremum.

Recognised (`recognise_window`): a band of box loops without carried values (from 0,
step 1, bounds computed before the nest), then a band of loops carrying one float and
one i32 from start values computed before the nest, the innermost updating them as
`arg_reduction` reads it; the element one `affine.load` whose subscript k is counter k
plus a value computed before the nest; after the band, the two results stored at the
parallel counters (plus such values); the element's array and the two outputs provably
distinct memory (`arg_reduction.distinct_roots`); nothing else in the nest but int and
float arithmetic and the update's branch.
"""

from __future__ import annotations

from dataclasses import dataclass

from polylift import rewriter
from polylift.mlir import affine, arith, ir, linalg, memref, view_as, walk
from polylift.raising.generics.generic_builder import subview_type, window_operand
from polylift.raising.nest_model.linear import Linear, NotAffine, map_to_linear
from polylift.raising.nest_model.materialize import Materializer
from polylift.raising.nest_model.model import as_operation
from polylift.raising.proof.aliasing import overlapping_access
from polylift.raising.proof.legality import MAX_WINDOW
from polylift.raising.statements.arg_reduction import (
    comparison_of,
    distinct_roots,
    fill,
    same_value,
    update_of,
    yielded_values,
)
from polylift.raising.statements.counter_forms import (
    CounterForm,
    NotCounterForm,
    counter_form,
    materialize,
)
from polylift.raising.statements.guard_versioning import BoxLoop, box_loop, inside


@dataclass(frozen=True)
class Placed:
    """An access of one element: the array, and per dim the subscript as non-negative
    whole multiples of the counters (`scales[dim][counter]`) plus an offset computed
    before the nest (`x[b][c][2*i + u][2*j + v]`, a window of a pooling layer)."""

    array: ir.Value
    scales: tuple[tuple[int, ...], ...]
    offsets: tuple[Linear, ...]

    def is_point(self) -> bool:
        """Whether subscript k is counter k plus its offset (no other counter)."""
        return all(len(row) == len(self.scales) and row[k] == 1 and sum(row) == 1
                   for k, row in enumerate(self.scales))

    def indexing_map(self) -> ir.AffineMap:
        """The subscripts over the loops' dims, offsets left to the view."""
        count = len(self.scales[0]) if self.scales else 0
        exprs = []
        for row in self.scales:
            expr = ir.AffineConstantExpr.get(0)
            for d, scale in enumerate(row):
                if scale:
                    expr = expr + ir.AffineDimExpr.get(d) * scale
            exprs.append(expr)
        return ir.AffineMap.get(count, 0, exprs)


@dataclass(frozen=True)
class WindowArgReduction:
    """A nest that `recognise_window` proved to be a windowed index-of-extremum."""

    root: ir.Operation
    loops: tuple[BoxLoop, ...]  # the parallel band, then the window band
    parallel: int  # how many of `loops` are parallel
    element: Placed
    predicate: str  # "ogt" or "olt", as arg_reduction
    index: CounterForm
    starts: tuple[ir.Value, ir.Value]  # the value's and the index's
    outputs: tuple[Placed, Placed]  # where the value and the index are stored
    # Window dims that no subscript holds alone (`2*i + u`): linalg recovers their
    # ranges from a shape-only operand, as the raising's pooling windows do.
    shape_only: tuple[int, ...] = ()


def recognise_window(root: ir.Operation) -> WindowArgReduction | None:
    """The nest at `root` as a `WindowArgReduction`, or None (module doc)."""
    band = _parallel_band(root)
    if band is None:
        return None
    loops, window = band
    chain = _window_chain(window, root)
    if chain is None:
        return None
    window_loops, innermost = chain
    counters = [loop.counter for loop in (*loops, *window_loops)]
    body = innermost.regions[0].blocks[0]
    carried = list(body.arguments)[1:]
    value_at = 0 if isinstance(carried[0].type, ir.F32Type | ir.F64Type) else 1
    index_at = 1 - value_at
    if str(carried[index_at].type) != "i32" or \
            not isinstance(carried[value_at].type, ir.F32Type | ir.F64Type):
        return None
    yielded = yielded_values(body)
    value_update = update_of(yielded[value_at], carried[value_at])
    index_update = update_of(yielded[index_at], carried[index_at])
    if value_update is None or index_update is None or \
            not same_value(value_update[0], index_update[0]):
        return None
    compared = comparison_of(value_update[0], carried[value_at])
    if compared is None or not same_value(value_update[1], compared[1]):
        return None
    element = _placed(compared[1], counters, root)
    try:
        index = counter_form(index_update[1], counters, lambda v: inside(v, root))
    except NotCounterForm:
        return None
    starts = list(view_as(window, affine.AffineForOp).inits)
    stores = _result_stores(window, counters[:len(loops)], root)
    if element is None or stores is None or any(inside(v, root) and not _constant(v)
                                                 for v in starts):
        return None
    outputs = (stores[value_at], stores[index_at])
    if not all(out.is_point() for out in outputs):
        return None
    arrays = (element.array, outputs[0].array, outputs[1].array)
    apart = all(distinct_roots(a, b) for k, a in enumerate(arrays) for b in arrays[k + 1:])
    if not apart or overlapping_access(root) is not None or _other_effects(root):
        return None
    every = (*loops, *window_loops)
    shape_only = _shape_only(element, len(loops), every)
    if shape_only is None:
        return None
    return WindowArgReduction(root, every, len(loops), element, compared[0], index,
                              (starts[value_at], starts[index_at]), outputs, shape_only)


def _shape_only(element: Placed, parallel: int, loops: tuple[BoxLoop, ...]
                ) -> tuple[int, ...] | None:
    """The window dims no subscript of the element holds alone; None when one of them
    has no constant trip count, or their shape is too large for a stack buffer."""
    alone = {row.index(1) for row in element.scales if sum(row) == 1}
    dims = tuple(d for d in range(parallel, len(loops)) if d not in alone)
    if not all(loops[d].upper.is_constant() for d in dims):
        return None
    elements = 1
    for d in dims:
        elements *= max(loops[d].upper.const, 1)
    return dims if elements <= MAX_WINDOW else None


def _parallel_band(root: ir.Operation) -> tuple[list[BoxLoop], ir.Operation] | None:
    """The box loops without carried values from `root` down, and the first loop that
    carries values inside them (the window)."""
    loops: list[BoxLoop] = []
    op = root
    while op.name == "affine.for" and not op.results:
        loop = box_loop(op, root)
        inner = [o.operation for o in op.regions[0].blocks[0].operations
                 if o.operation.name == "affine.for"]
        if loop is None or len(inner) != 1:
            return None
        loops.append(loop)
        op = inner[0]
    if not loops or op.name != "affine.for" or len(op.results) != 2:
        return None
    return loops, op


def _window_chain(window: ir.Operation, root: ir.Operation
                  ) -> tuple[list[BoxLoop], ir.Operation] | None:
    """The window's loops, each passing its two carried values to the one inside it,
    and the innermost (which has no loop inside)."""
    loops: list[BoxLoop] = []
    op = window
    while True:
        loop = box_loop(op, root)
        if loop is None:
            return None
        loops.append(loop)
        block = op.regions[0].blocks[0]
        inner = [o.operation for o in block.operations if o.operation.name == "affine.for"]
        if not inner:
            return loops, op
        nested = inner[0]
        if len(inner) != 1 or list(view_as(nested, affine.AffineForOp).inits) != \
                list(block.arguments)[1:] or yielded_values(block) != list(nested.results):
            return None
        op = nested


def _placed(value: ir.Value, counters: list[ir.Value], root: ir.Operation) -> Placed | None:
    """The access of the element `value` is, when it is loaded (see `_placed_at`)."""
    owner = value.owner
    if isinstance(owner, ir.Block) or owner.name != "affine.load":
        return None
    operands = list(owner.operands)
    return _placed_at(owner, operands[0], operands[1:], counters, root)


def _placed_at(access: ir.Operation | ir.OpView, array: ir.Value, operands: list[ir.Value],
               counters: list[ir.Value], root: ir.Operation) -> Placed | None:
    """`array` at the access's subscripts, when each is non-negative multiples of the
    counters plus an offset computed before the nest."""
    amap = ir.AffineMapAttr(access.attributes["map"]).value
    try:
        forms = map_to_linear(amap, [Linear.of(v) for v in operands])
    except NotAffine:  # a `mod` or `floordiv` subscript
        return None
    scales, offsets = [], []
    for form in forms:
        rest = form.without(counters)
        row = tuple(form.coeff(c) for c in counters)
        if min(row, default=0) < 0 or any(inside(v, root) for v in rest.variables()) or \
                (rest.is_constant() and rest.const < 0):  # a view cannot start there
            return None
        scales.append(row)
        offsets.append(rest)
    return Placed(array, tuple(scales), tuple(offsets))


def _result_stores(window: ir.Operation, counters: list[ir.Value],
                   root: ir.Operation) -> list[Placed] | None:
    """Where the window's two results are stored: each its one use, a store in the
    window's block at the parallel counters."""
    placed = []
    for result in window.results:
        uses = [as_operation(u.owner) for u in result.uses]
        if len(uses) != 1 or uses[0].name != "affine.store" or \
                uses[0].operands[0] != result or uses[0].block != window.block:
            return None
        operands = list(uses[0].operands)
        store = _placed_at(uses[0], operands[1], operands[2:], counters, root)
        if store is None:
            return None
        placed.append(store)
    return placed


def _constant(value: ir.Value) -> bool:
    owner = value.owner
    return not isinstance(owner, ir.Block) and owner.name == "arith.constant"


def _other_effects(root: ir.Operation) -> bool:
    """Whether the nest holds an op other than its loops, one load, two stores,
    arithmetic and the update's branch (a call, another access)."""
    accesses: list[ir.Operation] = []
    others: list[ir.Operation] = []

    def visit(op: ir.Operation) -> ir.WalkResult:
        if op.name in ("affine.load", "affine.store"):
            accesses.append(op)
        elif not op.name.startswith(("arith.", "affine.for", "affine.yield", "scf.if",
                                     "scf.yield")):  # `if (t > m) { m = t; k = i; }`
            others.append(op)
        return ir.WalkResult.ADVANCE

    walk(root, visit, ir.WalkOrder.POST_ORDER)
    return bool(others) or len(accesses) != 3


def raise_window_arg_reduction(found: WindowArgReduction) -> ir.Operation:
    """Replace the nest with the two fills and the two-output generic (module doc);
    returns the generic."""
    root, loc = found.root, found.root.location
    mat = Materializer(rewriter.before(root), loc)
    view = _view(found.element, found.loops, mat)
    homes = [_view(out, found.loops[:found.parallel], mat) for out in found.outputs]
    for home, start in zip(homes, found.starts, strict=True):
        fill(home, _before_nest(start, root), ir.AffineMap.get_identity(found.parallel), loc,
             mat.ip)
    i32 = ir.IntegerType.get_signless(32)
    base = materialize(found.index.base, i32, loc, mat.ip)
    scales = [materialize(found.index.coefficient(loop.counter), i32, loc, mat.ip)
              for loop in found.loops]
    shape = [window_operand([max(found.loops[d].upper.const, 0) for d in found.shape_only],
                            mat)] if found.shape_only else []
    generic = _generic(found, [view, *shape], homes, base, scales, loc, mat.ip)
    rewriter.erase(root)
    return generic


def _before_nest(value: ir.Value, root: ir.Operation) -> ir.Value:
    """`value`, or a copy before the nest of the constant it is inside it."""
    if not inside(value, root):
        return value
    with rewriter.before(root):
        return rewriter.clone_mapped(value.owner, {}).results[0]


def _view(placed: Placed, loops: tuple[BoxLoop, ...], mat: Materializer) -> ir.Value:
    """The box of `placed.array` the loops touch: from the offsets, per dim the largest
    subscript the counters reach plus one (none when a loop runs no iteration), unit
    steps."""
    offsets = [mat.value(form) for form in placed.offsets]
    sizes = []
    for row in placed.scales:
        reach = Linear.constant(1)
        for scale, loop in zip(row, loops, strict=True):
            reach = reach + (loop.upper - Linear.constant(1)).scale(scale)
        sizes.append(mat.value(mat.trip_count(Linear.constant(0), reach, 1)))
    ones = [1] * len(sizes)
    rtype = subview_type(ir.MemRefType(placed.array.type), offsets, sizes, ones)
    return memref.subview(placed.array, offsets, sizes, ones, result_type=rtype,
                          loc=mat.loc, ip=mat.ip)


def _generic(found: WindowArgReduction, ins: list[ir.Value], homes: list[ir.Value],
             base: ir.Value, scales: list[ir.Value], loc: ir.Location,
             ip: ir.InsertionPoint) -> ir.Operation:
    """The reduction over the windows into `homes` (value, index) under one comparison."""
    dims = len(found.loops)
    out = ir.AffineMap.get(dims, 0, [ir.AffineDimExpr.get(d) for d in range(found.parallel)])
    shape = ir.AffineMap.get(dims, 0, [ir.AffineDimExpr.get(d) for d in found.shape_only])
    in_maps = [found.element.indexing_map(), *([shape] if found.shape_only else [])]
    maps = ir.ArrayAttr.get([ir.AffineMapAttr.get(m) for m in (*in_maps, out, out)])
    kinds = ir.ArrayAttr.get(
        [ir.Attribute.parse("#linalg.iterator_type<parallel>")] * found.parallel +
        [ir.Attribute.parse("#linalg.iterator_type<reduction>")] * (dims - found.parallel))
    generic = linalg.GenericOp([], ins, homes, maps, kinds, loc=loc, ip=ip)
    types = [ir.MemRefType(v.type).element_type for v in (*ins, *homes)]
    block = generic.regions[0].blocks.append(*types, arg_locs=[loc] * len(types))
    element, best, index = block.arguments[0], block.arguments[-2], block.arguments[-1]
    with rewriter.at_end(block):
        predicate = getattr(arith.CmpFPredicate, found.predicate.upper())
        wins = arith.cmpf(predicate, element, best, loc=loc)
        position = base
        for d, scale in enumerate(scales):
            point_d = arith.index_cast(types[-1], linalg.IndexOp(d, loc=loc).result, loc=loc)
            position = arith.addi(position, arith.muli(point_d, scale, loc=loc), loc=loc)
        new_best = arith.select(wins, element, best, loc=loc)
        new_index = arith.select(wins, position, index, loc=loc)
        linalg.YieldOp([new_best, new_index], loc=loc)
    return generic.operation
