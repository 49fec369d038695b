"""The index of the largest (smallest) element: a loop carrying a value and an index
that one comparison updates together, raised as one `linalg.generic` with two outputs.

    int k = t; float m = s;
    for (int i = lo; i < n; i++)
      if (x[i] > m) { m = x[i]; k = i; }

becomes `m0 = s`, `k0 = t` (0-d generics) and one reduction over the view x[lo:n] whose
body compares the element with the carried value and selects both results under that
one comparison: `c = x > m; yield (c ? x : m), (c ? base + linalg.index : k)`. The
generic runs its points in the loop's order, so it computes the loop's bits; the results
live in two 0-d buffers, allocated at the function's entry, which the loop's uses read
back.

Only that form is raised (`recognise`): an `affine.for` of step 1 with no other loop and
no store inside, carrying a float and an i32; the float yields `c ? v : m` and the i32
`c ? (int)i : k` for one comparison c (one op, or two that compute the same), where c is
an ordered `>` or `<` of v against the carried float m, and v the element x[i] at the
counter or its magnitude. `>=`, another value than the one compared, an index that is not
the counter, two different comparisons: not this form, and the general raising's remark
stands.
"""

from __future__ import annotations

from dataclasses import dataclass

from polylift import rewriter
from polylift.mlir import affine, arith, ir, linalg, math, memref, view_as, walk
from polylift.raising.generics.generic_builder import subview_type
from polylift.raising.nest_model.linear import Linear, map_to_linear
from polylift.raising.nest_model.materialize import Materializer
from polylift.raising.nest_model.model import as_operation, entry_block
from polylift.raising.proof.aliasing import aliasing_names

# The ordered comparison of the element v with the carried m, as `v PRED m`, either way
# round it is written (`m < x[i]` is `x[i] > m`).
_FLIPPED = {"ogt": "olt", "olt": "ogt"}
_CMPF = {2: "ogt", 4: "olt"}  # arith.CmpFPredicate values


@dataclass(frozen=True)
class ArgReduction:
    """A loop that `recognise` proved to be an index-of-extremum reduction."""

    loop: ir.Operation
    load: ir.Operation  # x[i]
    magnitude: bool  # v is |x[i]| (math.absf of the load), else x[i]
    predicate: str  # "ogt": v > m (the maximum), "olt": v < m (the minimum)
    value_at: int  # the position of the float among the loop's iter_args
    index_at: int  # that of the i32 index


def recognise(loop: ir.Operation) -> ArgReduction | None:
    """The loop as an `ArgReduction`, or None when it is not exactly that form."""
    if loop.name != "affine.for" or ir.IntegerAttr(loop.attributes["step"]).value != 1 \
            or not _single_bounds(loop):
        return None
    block = loop.regions[0].blocks[0]
    carried = list(block.arguments)[1:]
    if len(carried) != 2 or _has_effects(loop):
        return None
    floats = [k for k, a in enumerate(carried) if isinstance(a.type, ir.F32Type | ir.F64Type)]
    ints = [k for k, a in enumerate(carried) if str(a.type) == "i32"]
    if len(floats) != 1 or len(ints) != 1:
        return None
    value_at, index_at = floats[0], ints[0]
    yielded = list(block.operations[len(block.operations) - 1].operands)
    value_update = update_of(yielded[value_at], carried[value_at])
    index_update = update_of(yielded[index_at], carried[index_at])
    if value_update is None or index_update is None or \
            not same_value(value_update[0], index_update[0]):
        return None
    compared = comparison_of(value_update[0], carried[value_at])
    if compared is None:
        return None
    predicate, element = compared
    load = _element_load(element, block.arguments[0])
    if load is None or not same_value(value_update[1], element) or \
            not _is_counter(index_update[1], block.arguments[0]):
        return None
    return ArgReduction(loop, load, element != load.result, predicate, value_at, index_at)


def _has_effects(loop: ir.Operation) -> bool:
    """Whether the body holds a loop, a store or an op the recognition does not read."""
    found: list[ir.Operation] = []

    def visit(op: ir.Operation) -> ir.WalkResult:
        if op != loop and (op.name == "affine.for" or not op.name.startswith(
                ("arith.", "math.", "affine.load", "affine.yield", "scf.if", "scf.yield"))):
            found.append(op)
        return ir.WalkResult.ADVANCE

    walk(loop, visit, ir.WalkOrder.POST_ORDER)
    return bool(found)


def update_of(value: ir.Value, carried: ir.Value) -> tuple[ir.Value, ir.Value] | None:
    """(condition, new value) when `value` is `condition ? new : carried`: a select, or
    a result of an `scf.if` whose else branch yields the carried value."""
    owner = value.owner
    if isinstance(owner, ir.Block):
        return None
    if owner.name == "arith.select" and owner.operands[2] == carried:
        return owner.operands[0], owner.operands[1]
    if owner.name == "scf.if" and len(owner.regions[1].blocks) == 1:
        number = ir.OpResult(value).result_number
        then, other = (yielded_values(r.blocks[0])[number] for r in owner.regions)
        if other == carried:
            return owner.operands[0], then
    return None


def yielded_values(block: ir.Block) -> list[ir.Value]:
    return list(block.operations[len(block.operations) - 1].operands)


def comparison_of(cond: ir.Value, carried: ir.Value) -> tuple[str, ir.Value] | None:
    """("ogt" or "olt", v) when `cond` compares some v with the carried float, ordered."""
    owner = cond.owner
    if isinstance(owner, ir.Block) or owner.name != "arith.cmpf":
        return None
    predicate = _CMPF.get(ir.IntegerAttr(owner.attributes["predicate"]).value)
    lhs, rhs = owner.operands[0], owner.operands[1]
    if predicate is None or (lhs == carried) == (rhs == carried):
        return None
    return (predicate, lhs) if rhs == carried else (_FLIPPED[predicate], rhs)


def _element_load(value: ir.Value, counter: ir.Value) -> ir.Operation | None:
    """The load of x[i] (i the counter, the identity subscript) that `value` is, or whose
    magnitude it is (`math.absf`)."""
    owner = value.owner
    if not isinstance(owner, ir.Block) and owner.name == "math.absf":
        owner = owner.operands[0].owner
    if isinstance(owner, ir.Block) or owner.name != "affine.load":
        return None
    load = view_as(owner, affine.AffineLoadOp)
    amap = ir.AffineMapAttr(owner.attributes["map"]).value
    if list(load.indices) != [counter] or str(amap) != "(d0) -> (d0)":
        return None
    return as_operation(owner)


def _is_counter(value: ir.Value, counter: ir.Value) -> bool:
    """Whether `value` is the loop's counter converted to the i32 it is in C."""
    owner = value.owner
    return not isinstance(owner, ir.Block) and owner.name == "arith.index_cast" and \
        owner.operands[0] == counter


def same_value(a: ir.Value, b: ir.Value) -> bool:
    """Whether two values of the body are one value: the same, or results of ops of one
    kind and attributes over the same values. Loads count: nothing in the body stores."""
    if a == b:
        return True
    oa, ob = a.owner, b.owner
    if isinstance(oa, ir.Block) or isinstance(ob, ir.Block) or oa.regions or ob.regions:
        return False
    if oa.name != ob.name or len(oa.operands) != len(ob.operands) or \
            ir.OpResult(a).result_number != ir.OpResult(b).result_number:
        return False
    if _attributes(oa) != _attributes(ob):
        return False
    return all(same_value(x, y) for x, y in zip(oa.operands, ob.operands, strict=True))


def _attributes(op: ir.Operation | ir.OpView) -> dict[str, str]:
    return {name: str(op.attributes[name]) for name in op.attributes}


def raise_arg_reduction(found: ArgReduction) -> ir.Operation:
    """Replace the loop with the init generics and the two-output generic (module doc);
    returns the generic."""
    loop, loc = found.loop, found.loop.location
    mat = Materializer(rewriter.before(loop), loc)
    lower, upper = _bounds(loop)
    view = _element_view(found, mat, lower, upper)
    carried = list(loop.regions[0].blocks[0].arguments)[1:]
    inits = list(view_as(loop, affine.AffineForOp).inits)
    order = (found.value_at, found.index_at)
    stores = [_element_store(loop.results[k], found.load.operands[0]) for k in order]
    homes = [_element_home(store, mat) if store is not None
             else mat.scalar(carried[k].type, entry_block(loop))
             for store, k in zip(stores, order, strict=True)]
    for home, k in zip(homes, order, strict=True):
        fill(home, inits[k], _element_map(home, 0), loc, mat.ip)
    base = _base(mat.value(lower), loc, mat.ip)
    generic = _generic(found, view, homes, base, loc, mat.ip)
    empty = ir.AffineMap.get(0, 0, [])
    for home, store, k in zip(homes, stores, order, strict=True):
        result = loop.results[k]
        if store is not None:
            rewriter.erase(store)  # the generic writes the element itself
        elif list(result.uses):
            load = affine.AffineLoadOp(result.type, home, [], map=empty, loc=loc, ip=mat.ip)
            rewriter.replace_uses(result, load.result)
    rewriter.erase(loop)
    return generic


def _element_store(result: ir.Value, source: ir.Value) -> ir.Operation | None:
    """The one use of `result` when it is a store of it, in the loop's block, at constant
    subscripts of a memref that cannot overlap x (`out[0] = k`): the generic then writes
    that element instead of a buffer of its own. None otherwise."""
    uses = [as_operation(u.owner) for u in result.uses]
    if len(uses) != 1 or uses[0].name != "affine.store" or uses[0].operands[0] != result \
            or uses[0].block != as_operation(result.owner).block:
        return None
    store, target = uses[0], uses[0].operands[1]
    amap = ir.AffineMapAttr(store.attributes["map"]).value
    if len(store.operands) != 2 or not amap.results or not all(
            isinstance(e, ir.AffineConstantExpr) for e in amap.results):
        return None
    if not distinct_roots(target, source) or not _untouched_until(store, result):
        return None
    return store


def _root_kind(value: ir.Value) -> tuple[str, int] | None:
    """("argument", position) for a function's argument, ("local", id) for an
    allocation; None for anything else (a view, whose root the caller would have to
    find)."""
    owner = value.owner
    if isinstance(owner, ir.Block):
        func = owner.owner
        if func is not None and func.operation.name == "func.func":
            return "argument", ir.BlockArgument(value).arg_number
        return None
    if owner.name in ("memref.alloc", "memref.alloca"):
        return "local", id(owner)
    return None


def distinct_roots(a: ir.Value, b: ir.Value) -> bool:
    """Whether `a` and `b` are provably distinct memory: two arguments the function
    does not say may overlap, an argument and a local, or two locals."""
    ka, kb = _root_kind(a), _root_kind(b)
    if ka is None or kb is None or a == b:
        return False
    if ka[0] == kb[0] == "argument":
        return aliasing_names(a, b) is None
    return True


def _untouched_until(store: ir.Operation, result: ir.Value) -> bool:
    """Whether every op between the loop and `store` is free of memory effects, or a
    store of the loop's other result to other memory: the generic, which writes the
    element where the loop was, then leaves it as the store would."""
    loop = as_operation(result.owner)
    ops = list(loop.block.operations)
    start = next(k for k, op in enumerate(ops) if op.operation == loop.operation)
    end = next(k for k, op in enumerate(ops) if op.operation == store.operation)
    for op in ops[start + 1:end]:
        if op.name == "affine.store" and op.operands[0] in list(loop.results) and \
                distinct_roots(op.operands[1], store.operands[1]):
            continue
        if not op.name.startswith(("arith.", "math.")) or op.regions:
            return False
    return True


def _element_home(store: ir.Operation, mat: Materializer) -> ir.Value:
    """A 0-d view of the one element `store` writes (a rank-reducing subview, as the
    raising makes for `r[0] = s`), which the generic writes."""
    target = store.operands[1]
    amap = ir.AffineMapAttr(store.attributes["map"]).value
    offsets = [ir.AffineConstantExpr(e).value for e in amap.results]
    ones = [1] * len(offsets)
    full = subview_type(ir.MemRefType(target.type), offsets, ones, ones)
    _, offset = full.get_strides_and_offset()
    rtype = ir.MemRefType.get([], full.element_type, ir.StridedLayoutAttr.get(offset, []),
                              full.memory_space, loc=mat.loc)
    view = memref.subview(target, offsets, ones, ones, result_type=rtype, loc=mat.loc,
                          ip=mat.ip)
    mat.created.append(as_operation(view.owner))
    return view


def _bounds(loop: ir.Operation) -> tuple[Linear, Linear]:
    """The loop's lower and upper bound as linear forms (single-result maps only: the
    front end gives `for (i = lo; i < n; i++)` those)."""
    forms = []
    for attr, operands in (("lowerBoundMap", view_as(loop, affine.AffineForOp).lowerBoundOperands),
                           ("upperBoundMap", view_as(loop, affine.AffineForOp).upperBoundOperands)):
        amap = ir.AffineMapAttr(loop.attributes[attr]).value
        forms.append(map_to_linear(amap, [Linear.of(v) for v in operands])[0])
    return forms[0], forms[1]


def _single_bounds(loop: ir.Operation) -> bool:
    """Whether both bounds are single affine forms (no min or max of several)."""
    return all(len(ir.AffineMapAttr(loop.attributes[a]).value.results) == 1
               for a in ("lowerBoundMap", "upperBoundMap"))


def _element_view(found: ArgReduction, mat: Materializer, lower: Linear,
                  upper: Linear) -> ir.Value:
    """x[lo : lo + max(0, n - lo)]: the elements the loop reads, in its order."""
    source = found.load.operands[0]
    offset, size = mat.value(lower), mat.value(mat.trip_count(lower, upper, 1))
    rtype = subview_type(ir.MemRefType(source.type), [offset], [size], [1])
    view = memref.subview(source, [offset], [size], [1], result_type=rtype, loc=mat.loc,
                          ip=mat.ip)
    mat.created.append(as_operation(view.owner))
    return view


def fill(home: ir.Value, value: ir.Value, amap: ir.AffineMap, loc: ir.Location,
         ip: ir.InsertionPoint) -> None:
    """`home[...] = value` as a generic over `amap`'s dims, all parallel (what the raising
    makes of a reduction's init): one element (`_element_map`), or a whole output box."""
    kinds = [ir.Attribute.parse("#linalg.iterator_type<parallel>")] * amap.n_dims
    generic = linalg.GenericOp([], [], [home], ir.ArrayAttr.get([ir.AffineMapAttr.get(amap)]),
                               ir.ArrayAttr.get(kinds), loc=loc, ip=ip)
    block = generic.regions[0].blocks.append(value.type, arg_locs=[loc])
    with rewriter.at_end(block):
        linalg.YieldOp([value], loc=loc)


def _element_map(home: ir.Value, dims: int) -> ir.AffineMap:
    """The map of an output that is one element: a 0-d buffer, or a view of sizes 1."""
    rank = ir.MemRefType(home.type).rank
    return ir.AffineMap.get(dims, 0, [ir.AffineConstantExpr.get(0)] * rank)


def _base(lower: ir.Value | int, loc: ir.Location, ip: ir.InsertionPoint) -> ir.Value | None:
    """The counter's first value as the i32 the body adds to the view's point (None for
    0: the point is the counter)."""
    i32 = ir.IntegerType.get_signless(32)
    if isinstance(lower, int):
        return None if lower == 0 else arith.constant(i32, lower, loc=loc, ip=ip)
    return arith.index_cast(i32, lower, loc=loc, ip=ip)


def _generic(found: ArgReduction, view: ir.Value, homes: list[ir.Value],
             base: ir.Value | None, loc: ir.Location, ip: ir.InsertionPoint) -> ir.Operation:
    """The reduction over `view` into `homes` (value, index) under one comparison."""
    point = ir.AffineMap.get(1, 0, [ir.AffineDimExpr.get(0)])
    maps = ir.ArrayAttr.get([ir.AffineMapAttr.get(m)
                             for m in (point, *(_element_map(h, 1) for h in homes))])
    kinds = ir.ArrayAttr.get([ir.Attribute.parse("#linalg.iterator_type<reduction>")])
    generic = linalg.GenericOp([], [view], homes, maps, kinds, loc=loc, ip=ip)
    types = [ir.MemRefType(v.type).element_type for v in (view, *homes)]
    block = generic.regions[0].blocks.append(*types, arg_locs=[loc] * 3)
    element, best, index = block.arguments
    with rewriter.at_end(block):
        value = math.absf(element, loc=loc) if found.magnitude else element
        predicate = getattr(arith.CmpFPredicate, found.predicate.upper())
        wins = arith.cmpf(predicate, value, best, loc=loc)
        point_index = arith.index_cast(types[2], linalg.IndexOp(0, loc=loc).result, loc=loc)
        if base is not None:
            point_index = arith.addi(point_index, base, loc=loc)
        new_best = arith.select(wins, value, best, loc=loc)
        new_index = arith.select(wins, point_index, index, loc=loc)
        linalg.YieldOp([new_best, new_index], loc=loc)
    return generic.operation

