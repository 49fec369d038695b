"""Build `memref.subview` + `linalg.generic` for one statement of the nest model.

The generic's iteration space is the statement's loops, one dim per loop in source
order (outer first), each normalised to start at 0 with unit step: a loop
`for iv = lb to ub step s` becomes dim `d` with `iv = lb + s * d` and trip count
`T = max(0, ceildiv(ub - lb, s))`. Every access is taken through a subview whose
offsets and strides absorb `lb`, `s` and constant offsets, so that indexing maps are
plain dims (or sums of dims for convolution-like subscripts). A parallel dim that only
appears with negative coefficients (a decreasing loop) is reversed, which is legal
because the raising checks proved that parallel dims carry no dependence.
"""

from __future__ import annotations

from dataclasses import dataclass

from polylift import rewriter
from polylift.mlir import MLIRError, arith, error_diagnostics, ir, linalg, memref
from polylift.raising.generics.invariant import hoist_conversions
from polylift.raising.generics.triangle import Mask
from polylift.raising.nest_model.linear import Linear, render
from polylift.raising.nest_model.materialize import DYNAMIC, Materializer
from polylift.raising.nest_model.model import Access, NotRaisable, Statement, as_operation


@dataclass
class DimInfo:
    """One iteration dim: its loop's lower bound, step, trip count and direction."""

    lower: Linear
    step: int
    trips: Linear  # a constant, or a single SSA value holding the trip count
    reversed: bool = False


def access_layout(acc: Access, ivs: list[ir.Value], dims: list[DimInfo]):
    """Per subscript: (offset form, [(dim, coeff)]) after normalising the loops."""
    layout = []
    for form in acc.index:
        offset = form.without(ivs)
        terms = []
        for k, iv in enumerate(ivs):
            c = form.coeff(iv)
            if c == 0:
                continue
            d = dims[k]
            offset = offset + d.lower.scale(c)
            coeff = c * d.step
            if d.reversed:
                offset = offset + (d.trips - Linear.constant(1)).scale(coeff)
                coeff = -coeff
            terms.append((k, coeff))
        layout.append((offset, terms))
    return layout


def subview_type(source: ir.MemRefType, offsets, sizes, strides) -> ir.MemRefType:
    """The type `memref.subview` infers (rank kept), with ints static, values dynamic."""
    src_strides, src_offset = source.get_strides_and_offset()
    offset = src_offset
    for off, st in zip(offsets, src_strides, strict=True):
        if isinstance(off, int) and off == 0:
            continue
        if not isinstance(off, int) or st == DYNAMIC or offset == DYNAMIC:
            offset = DYNAMIC
        else:
            offset += off * st
    out_strides = [DYNAMIC if st == DYNAMIC or not isinstance(k, int) else st * k
                   for st, k in zip(src_strides, strides, strict=True)]
    out_sizes = [s if isinstance(s, int) else DYNAMIC for s in sizes]
    layout = ir.StridedLayoutAttr.get(offset, out_strides)
    return ir.MemRefType.get(out_sizes, source.element_type, layout, source.memory_space,
                             loc=ir.Location.unknown())


def _identity_ok(acc: Access, layout, dims: list[DimInfo]) -> bool:
    """Whether the access can use the memref itself: offset 0, unit strides, full dims."""
    shape = ir.MemRefType(acc.memref.type).shape
    for (offset, terms), size in zip(layout, shape, strict=True):
        if offset != Linear() or len(terms) != 1 or terms[0][1] != 1:
            return False
        trips = dims[terms[0][0]].trips
        if size == DYNAMIC or not trips.is_constant() or trips.const != size:
            return False
    return True


def operand_for(acc: Access, ivs, dims, mat: Materializer) -> tuple[ir.Value, ir.AffineMap]:
    """The view an access reads or writes through, and its indexing map."""
    layout = access_layout(acc, ivs, dims)
    if not layout or _identity_ok(acc, layout, dims):
        results = [ir.AffineDimExpr.get(terms[0][0]) for _, terms in layout]
        return acc.memref, ir.AffineMap.get(len(dims), 0, results)
    offsets, sizes, strides, results = [], [], [], []
    for offset, terms in layout:
        if any(c < 0 for _, c in terms):
            raise NotRaisable("not raised: subscript runs backwards along a reduction loop",
                              acc.op)
        offsets.append(mat.value(offset))
        if not terms:
            sizes.append(1)
            strides.append(1)
            results.append(ir.AffineConstantExpr.get(0))
        elif len(terms) == 1:
            k, c = terms[0]
            sizes.append(mat.value(dims[k].trips))
            strides.append(c)
            results.append(ir.AffineDimExpr.get(k))
        else:
            span = Linear.constant(1)
            for k, c in terms:
                span = span + (dims[k].trips - Linear.constant(1)).scale(c)
            sizes.append(mat.value(span))
            strides.append(1)
            expr = None
            for k, c in terms:
                term = ir.AffineDimExpr.get(k) * c if c != 1 else ir.AffineDimExpr.get(k)
                expr = term if expr is None else expr + term
            results.append(expr)
    if acc.write and all(not terms for _, terms in layout):
        # One element written (`r[0] += x[i] * y[i]`): a 0-d view, the form the
        # templates state a scalar result in, instead of a one-element vector.
        return _element_view(acc, offsets, mat), ir.AffineMap.get(len(dims), 0, [])
    view = _subview(acc, offsets, sizes, strides, mat)
    return view, ir.AffineMap.get(len(dims), 0, results)


def _element_view(acc: Access, offsets, mat: Materializer) -> ir.Value:
    """A rank-reducing subview of one element of `source`: `memref<T, strided<[]>>`."""
    ones = [1] * len(offsets)
    full = subview_type(ir.MemRefType(acc.memref.type), offsets, ones, ones)
    offset = full.get_strides_and_offset()[1]
    rtype = ir.MemRefType.get([], full.element_type, ir.StridedLayoutAttr.get(offset, []),
                              full.memory_space, loc=mat.loc)
    return _subview(acc, offsets, ones, ones, mat, rtype)


def _subview(acc: Access, offsets, sizes, strides, mat: Materializer,
             rtype: ir.MemRefType | None = None) -> ir.Value:
    """A subview of `acc`'s memref (of type `rtype`, else the full-rank one), made once
    per materializer, and verified as it is made."""
    source = acc.memref
    rtype = rtype or subview_type(ir.MemRefType(source.type), offsets, sizes, strides)
    # A type is uniqued in its context: it is its own key, printed it cost more than the
    # subview.
    key = ("subview", source, rtype, *offsets, "|", *sizes, "|", *strides)
    if key not in mat.cache:
        view = memref.subview(source, offsets, sizes, strides, result_type=rtype,
                              loc=mat.loc, ip=mat.ip)
        mat.created.append(as_operation(view.owner))
        _check_in_bounds(as_operation(view.owner), acc)
        mat.cache[key] = view
    return mat.cache[key]


def _check_in_bounds(view: ir.Operation, acc: Access) -> None:
    """A view must verify. One that does not starts outside a dimension of constant
    size (`V[i][1]` of `double V[n][1]`, `x[i - 1]` from i = 0): the access is out of
    bounds whenever its loops run, which C leaves undefined, so it can only sit in loops
    that never run. The nest stays as loops, which run as the source does."""
    try:
        view.verify()
    except MLIRError as exc:
        why = "; ".join(d.message for d in error_diagnostics(exc))
        raise NotRaisable(f"not raised: the access is out of bounds whenever its loops "
                          f"run (its view: {why})", acc.op) from None


def body_ops(stmt: Statement) -> list[ir.Operation]:
    """The slice ops the generic's body needs: not loads, not subscript arithmetic."""
    needed: set[ir.Operation] = set()
    in_slice = set(stmt.ops)
    stack = [stmt.value]
    while stack:
        owner = stack.pop().owner
        if isinstance(owner, ir.Block):
            continue
        op = as_operation(owner)
        if op not in in_slice or op in needed:
            continue
        needed.add(op)
        if op.name != "affine.load":
            stack.extend(op.operands)
    return [op for op in stmt.ops if op in needed and op.name != "affine.load"]


def same_element(a: Access, b: Access) -> bool:
    """Whether two reads load the same element (same memref, equal subscript forms)."""
    return a.memref == b.memref and len(a.index) == len(b.index) and \
        all(x - y == Linear() for x, y in zip(a.index, b.index, strict=True))


def distinct_reads(reads: list[Access]) -> tuple[list[Access], list[tuple[Access, Access]]]:
    """One read per element: the source may load an element twice (`a[i] < b[i] ? a[i] :
    b[i]`), and one block argument for both lets the body say that the select picks
    the value it compared. The rest are paired with the read that stands for them."""
    kept: list[Access] = []
    same: list[tuple[Access, Access]] = []
    for read in reads:
        first = next((k for k in kept if same_element(k, read)), None)
        if first is None:
            kept.append(read)
        else:
            same.append((read, first))
    return kept, same


def build_generic(stmt: Statement, dims: list[DimInfo], iterators: list[str],
                  out_reads: list[Access], mat: Materializer,
                  window: list[int] | None = None, mask: Mask | None = None) -> ir.Operation:
    """Emit the subviews and the `linalg.generic` computing `stmt`; `window` lists the
    dims that get a shape-only input (the body never reads it); outside `mask` the
    body yields the output element unchanged."""
    ivs = stmt.ivs
    ins, same = distinct_reads([r for r in stmt.reads if r not in out_reads])
    operands, maps = [], []
    for acc in ins + [stmt.write]:
        view, amap = operand_for(acc, ivs, dims, mat)
        operands.append(view)
        maps.append(amap)
    if window:
        operands.insert(len(ins), window_operand([dims[k].trips.const for k in window], mat))
        maps.insert(len(ins), ir.AffineMap.get(len(dims), 0,
                                               [ir.AffineDimExpr.get(k) for k in window]))
    iter_attrs = [ir.Attribute.parse(f"#linalg.iterator_type<{it}>") for it in iterators]
    hoisted = hoist_conversions(stmt, body_ops(stmt), mat)
    generic = linalg.GenericOp([], operands[:-1], operands[-1:],
                               ir.ArrayAttr.get([ir.AffineMapAttr.get(m) for m in maps]),
                               ir.ArrayAttr.get(iter_attrs), loc=stmt.write.op.location,
                               ip=mat.ip)
    mat.created.append(generic.operation)
    types = [ir.MemRefType(v.type).element_type for v in operands]
    block = generic.regions[0].blocks.append(*types, arg_locs=[mat.loc] * len(types))
    mapping: dict[ir.Value, ir.Value] = dict(hoisted)
    for acc, arg in zip(ins, block.arguments, strict=False):
        mapping[acc.loaded_value] = arg
    for acc, first in same:
        mapping[acc.loaded_value] = mapping[first.loaded_value]
    out_arg = block.arguments[len(operands) - 1]
    for acc in out_reads:
        mapping[acc.op.result] = out_arg
    if stmt.accumulator is not None:
        mapping[stmt.accumulator] = out_arg
    with rewriter.at_end(block):
        _clone_body(stmt, dims, mapping, mat)
        result = mapping.get(stmt.value, stmt.value)
        if mask is not None:
            inside = _mask_condition(stmt, mask, dims, mapping, mat)
            result = arith.select(inside, result, out_arg, loc=mat.loc)
        linalg.YieldOp([result], loc=mat.loc)
    return generic.operation


def _mask_condition(stmt: Statement, mask: Mask, dims: list[DimInfo], mapping: dict,
                    mat: Materializer) -> ir.Value:
    """`lower <= iv_inner < upper` in the body, as `arith.cmpi` on index values."""
    ivs = stmt.ivs
    values = {}
    for k in (mask.inner, mask.outer):
        if ivs[k] not in mapping:
            mapping[ivs[k]] = _iv_value(k, dims, mat)
        values[k] = mapping[ivs[k]]
    inner = values[mask.inner]
    conds = []
    if mask.lower is not None:
        conds.append(arith.cmpi(arith.CmpIPredicate.sge, inner,
                                _body_form(mask.lower, mapping, mat), loc=mat.loc))
    if mask.upper is not None:
        conds.append(arith.cmpi(arith.CmpIPredicate.slt, inner,
                                _body_form(mask.upper, mapping, mat), loc=mat.loc))
    cond = conds[0]
    for other in conds[1:]:
        cond = arith.andi(cond, other, loc=mat.loc)
    return cond


def _body_form(form: Linear, mapping: dict, mat: Materializer) -> ir.Value:
    """A linear form's value inside the body: counters rebuilt there, parameters as they are."""
    values = form.variables()
    names = {v: f"d{k}" for k, v in enumerate(values)}
    text = f"affine_map<({', '.join(names.values())}) -> ({render(form, lambda v: names[v])})>"
    amap = ir.AffineMapAttr(ir.Attribute.parse(text))
    return ir.Operation.create("affine.apply", results=[ir.IndexType.get()],
                               operands=[mapping.get(v, v) for v in values],
                               attributes={"map": amap}, loc=mat.loc).result


def window_operand(shape: list[int], mat: Materializer) -> ir.Value:
    """A stack buffer of the window's shape: it only tells linalg the loop ranges."""
    key = ("window", *shape)
    if key not in mat.cache:
        mtype = ir.MemRefType.get(shape, ir.IntegerType.get_signless(8), loc=mat.loc)
        # Ahead of everything this nest creates, so that it never separates two generics
        # that the matcher may fuse into one launch.
        ip = rewriter.before(mat.created[0]) if mat.created else mat.ip
        view = memref.alloca(mtype, [], [], loc=mat.loc, ip=ip)
        mat.created.insert(0, as_operation(view.owner))
        mat.cache[key] = view
    return mat.cache[key]


def _clone_body(stmt: Statement, dims: list[DimInfo], mapping: dict, mat: Materializer) -> None:
    ivs = stmt.ivs
    for op in body_ops(stmt):
        if op.results and op.results[0] in mapping:
            continue  # computed ahead of the generic (`hoist_conversions`)
        for v in op.operands:
            if v in ivs and v not in mapping:
                mapping[v] = _iv_value(ivs.index(v), dims, mat)
        clone = rewriter.clone_mapped(op, mapping)
        for old, new in zip(op.results, clone.results, strict=True):
            mapping[old] = new


def _iv_value(k: int, dims: list[DimInfo], mat: Materializer) -> ir.Value:
    """The original induction variable, rebuilt from `linalg.index` inside the body."""
    d = dims[k]
    index = linalg.IndexOp(k, loc=mat.loc).result
    if d.lower == Linear() and d.step == 1 and not d.reversed:
        return index
    step = -d.step if d.reversed else d.step
    base = d.lower + (d.trips - Linear.constant(1)).scale(d.step) if d.reversed else d.lower
    return _body_form(base + Linear.of(index).scale(step), {}, mat)
