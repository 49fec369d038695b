"""lower-masked-generics: a generic masked to a triangle becomes loops over the triangle.

Raising states a triangular loop as a box whose payload keeps the output element outside
the triangle (`select(mask, new, out)`, see `raising/generics/triangle.py`). A masked generic
that no template took would, lowered as a box, evaluate its payload at every point of
the box, about twice the source's work. This pass lowers it to `scf.for` loops in the
order of its dims (as `convert-linalg-to-loops` does) whose bounds are cut to the mask,
and stores `new` there: the points it skips are those where the generic stores back the
element it read, so nothing else changes. A generic whose mask is not of that form (a
bound on a dim by a later dim, a coefficient other than 1) is left to the upstream
lowering, which is slower but the same computation.
"""

from __future__ import annotations

from polylift import rewriter
from polylift.matcher.ir.ir_model import Unsupported, indexing_maps, iterator_kinds
from polylift.matcher.ir.mask import Constraint, split_mask
from polylift.mlir import arith, ir, linalg, memref, scf, view_as, walk
from polylift.passes.registry import Pass, PassRun


class LowerMaskedGenericsPass(Pass):
    """Lower each triangle-masked linalg.generic to loops over its triangle."""

    name = "lower-masked-generics"
    summary = "Lower triangle-masked linalg.generic ops to loops over the triangle only"

    def run(self, module: ir.Module, run: PassRun) -> None:
        with module.context:
            for op in _generics(module):
                with run.at(op):
                    _lower_if_masked(op, run)


def _lower_if_masked(op: ir.Operation, run: PassRun) -> None:
    """Lower a triangle-masked generic to loops over its triangle; leave any other."""
    try:
        new, mask = split_mask(op.opview)
    except Unsupported:
        return
    bounds = _dim_bounds(mask, len(iterator_kinds(op.opview))) if mask else None
    if bounds is not None:
        run.remark(op, "lowered a masked generic to loops over its triangle", "applied")
        _lower(op.opview, new, bounds)


def _generics(module: ir.Module) -> list[ir.Operation]:
    found: list[ir.Operation] = []

    def visit(op):
        if op.name == "linalg.generic":
            found.append(op.operation)
        return ir.WalkResult.ADVANCE

    walk(module, visit, ir.WalkOrder.POST_ORDER)
    return found


Bounds = dict[int, tuple[list[dict], list[dict]]]  # dim -> (lower forms, upper forms)


def _dim_bounds(mask: frozenset[Constraint], ndims: int) -> Bounds | None:
    """Per dim, the forms it must be at least and below, in terms of earlier dims and
    outside values; None when a constraint does not bound its last dim (the innermost
    loop it names) with a coefficient of 1."""
    bounds: Bounds = {k: ([], []) for k in range(ndims)}
    for cons in mask:
        terms = dict(cons)
        const = terms.pop(())
        dims = [key[1] for key in terms if key[0] == "d"]
        if not dims:
            return None
        last = max(dims)
        coeff = terms.pop(("d", last))
        if abs(coeff) != 1:
            return None
        if coeff > 0:  # d + r >= 0: d >= -r
            bounds[last][0].append({**{k: -c for k, c in terms.items()}, (): -const})
        else:  # -d + r >= 0: d < r + 1
            bounds[last][1].append({**terms, (): const + 1})
    return bounds


def _lower(op: ir.OpView, new: ir.Value, bounds: Bounds) -> None:
    """Replace `op` with loops over the points its mask keeps."""
    block = op.regions[0].blocks[0]
    generic = view_as(op, linalg.GenericOp)
    operands = list(generic.inputs) + list(generic.outputs)
    maps = indexing_maps(generic)
    loc = op.location
    ivs: list[ir.Value] = []
    ip = rewriter.before(op)
    sizes = _sizes(operands, maps, len(bounds), ip, loc)
    for k in range(len(bounds)):
        with ip, loc:
            lowers, uppers = bounds[k]
            lb = _combine(arith.maxsi, [_index(0)] + [_value(f, ivs) for f in lowers])
            ub = _combine(arith.minsi, [sizes[k]] + [_value(f, ivs) for f in uppers])
            loop = scf.ForOp(lb, ub, _index(1))
            with rewriter.at_end(loop.body):
                scf.YieldOp([])
        ivs.append(loop.induction_variable)
        ip = rewriter.before_terminator(loop.body)
    with ip, loc:
        mapping: dict = {}
        for arg, value, amap in zip(block.arguments, operands, maps, strict=True):
            if list(arg.uses):
                mapping[arg] = memref.load(value, _indices(amap, ivs))
        for inner in block.operations:
            if inner.name == "linalg.yield":
                break
            if inner.name == "linalg.index":
                mapping[inner.result] = ivs[ir.IntegerAttr(inner.attributes["dim"]).value]
                continue
            clone = rewriter.clone_mapped(inner, mapping)
            for old, result in zip(inner.results, clone.results, strict=True):
                mapping[old] = result
        memref.store(mapping.get(new, new), operands[-1], _indices(maps[-1], ivs))
    rewriter.erase(op)


def _sizes(operands, maps, ndims: int, ip: ir.InsertionPoint, loc) -> list[ir.Value]:
    """Each dim's trip count: the size of an operand dimension it indexes alone."""
    sizes: dict[int, ir.Value] = {}
    with ip, loc:
        for value, amap in zip(operands, maps, strict=True):
            for pos, expr in enumerate(amap.results):
                if isinstance(expr, ir.AffineDimExpr) and expr.position not in sizes:
                    sizes[expr.position] = memref.dim(value, _index(pos))
    return [sizes[k] for k in range(ndims)]


def _index(n: int) -> ir.Value:
    return arith.constant(ir.IndexType.get(), n)


def _value(form: dict, ivs: list[ir.Value]) -> ir.Value:
    """`form` ({term: coeff}, `()` the constant) over the loop counters made so far."""
    total = _index(form.get((), 0))
    for key, coeff in form.items():
        if key == () or coeff == 0:
            continue
        term = ivs[key[1]] if key[0] == "d" else key[1]
        total = arith.addi(total, arith.muli(term, _index(coeff)) if coeff != 1 else term)
    return total


def _combine(fn, values: list[ir.Value]) -> ir.Value:
    out = values[0]
    for other in values[1:]:
        out = fn(out, other)
    return out


def _indices(amap: ir.AffineMap, ivs: list[ir.Value]) -> list[ir.Value]:
    """The subscripts of an indexing map at the loop counters."""
    out = []
    for expr in amap.results:
        if isinstance(expr, ir.AffineDimExpr):
            out.append(ivs[expr.position])
            continue
        single = ir.AffineMap.get(amap.n_dims, 0, [expr])
        out.append(ir.Operation.create("affine.apply", results=[ir.IndexType.get()],
                                       operands=ivs,
                                       attributes={"map": ir.AffineMapAttr.get(single)}).result)
    return out
