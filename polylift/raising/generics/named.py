"""Named linalg ops for the raised generics that upstream's specialization leaves.

`linalg-specialize-generic-ops` (upstream) names fills, copies, transposes, matmuls and
element-wise ops whose operands all have identity maps and whose payload is one named
function of them (add, sub, mul, div, exp, ...). What the raising makes besides:

- `dot` (r += x[i] * y[i]), `matvec` (y[i] += A[i,j] * x[j]) and `vecmat`
  (y[j] += x[i] * A[i,j]), with any loop order: the payload is one product of the two
  inputs added to the output, so each element sums its terms in increasing order of the
  reduced index, as the named op does;
- `reduce`: one input read whole, the output the input without the reduced dims (in
  order), and a payload that combines the input element with the running value (a sum,
  a product, a maximum by a select...): it becomes the reduce op's combiner as it is;
- `fill`: no input, the payload yields a value from outside (a loaded scalar: upstream
  names the fills of constants and scalar inputs);
- `map`: every loop parallel and every operand at the identity map, any payload that
  reads no loop counter (a scalar added, a negation, a select, an update in place): it
  becomes the mapper as it is (its arguments are the inputs, then the output).

Each rule keeps the payload's operations, so the named op computes the same bits. A
generic that fits none (a broadcast, a window, a triangle's mask) stays.
"""

from __future__ import annotations

from dataclasses import dataclass

from polylift import rewriter
from polylift.mlir import ir, linalg, linalg_builders, view_as

CONTRACTIONS = ("dot", "matvec", "vecmat")


@dataclass(frozen=True)
class NamedForm:
    """What a generic is as a named op: `kind`, and its inputs in the named op's order
    (operand positions of the generic)."""

    kind: str  # dot, matvec, vecmat, reduce, fill, map
    inputs: tuple[int, ...]
    reduced: tuple[int, ...] = ()  # the reduce op's dimensions


def _maps(op: linalg.GenericOp) -> list[list[int] | None]:
    """Per operand, the dims its map's results are (None when a result is no dim)."""
    out: list[list[int] | None] = []
    for attr in op.indexing_maps:
        amap = ir.AffineMapAttr(attr).value
        dims = [ir.AffineDimExpr(e).position for e in amap.results
                if isinstance(e, ir.AffineDimExpr)]
        out.append(dims if len(dims) == len(amap.results) else None)
    return out


def _iterators(op: linalg.GenericOp) -> list[str]:
    return ["parallel" if "parallel" in str(a) else "reduction"
            for a in op.iterator_types]


def _body(op: linalg.GenericOp) -> list[ir.Operation]:
    return [o.operation for o in op.regions[0].blocks[0].operations]


def _reads_counters(op: linalg.GenericOp) -> bool:
    return any(o.name == "linalg.index" for o in _body(op))


def _same_types(op: linalg.GenericOp) -> bool:
    types = {str(ir.MemRefType(v.type).element_type) for v in [*op.inputs, *op.outputs]}
    return len(types) == 1


def named_form(view: ir.OpView) -> NamedForm | None:
    """The named op `view` is, or None."""
    if view.name != "linalg.generic":
        return None
    op = view_as(view, linalg.GenericOp)
    if len(op.outputs) != 1 or _reads_counters(op) or not _same_types(op):
        return None
    maps, iterators = _maps(op), _iterators(op)
    if any(m is None for m in maps):
        return None
    return _contraction(op, maps, iterators) or _reduce(op, maps, iterators) \
        or _fill(op, maps, iterators) or _map(op, maps, iterators)


def _product_into_output(op: linalg.GenericOp) -> tuple[int, int] | None:
    """The two input positions when the payload is `out + in_a * in_b` (either order of
    each operation), else None."""
    body = _body(op)
    if len(body) != 3:
        return None
    mul, add, _ = body
    args = list(op.regions[0].blocks[0].arguments)
    if mul.name not in ("arith.mulf", "arith.muli") or \
            add.name != mul.name.replace("mul", "add"):
        return None
    if set(add.operands) != {args[-1], mul.result} or body[2].operands[0] != add.result:
        return None
    picked = [args.index(v) for v in mul.operands if v in args[:-1]]
    return (picked[0], picked[1]) if len(picked) == 2 and picked[0] != picked[1] else None


def _contraction(op: linalg.GenericOp, maps: list, iterators: list[str]) -> NamedForm | None:
    pair = _product_into_output(op)
    if pair is None or len(op.inputs) != 2:
        return None
    out = maps[-1]
    reduced = [d for d, it in enumerate(iterators) if it == "reduction"]
    if len(reduced) != 1 or sorted(out) != [d for d, it in enumerate(iterators)
                                            if it == "parallel"]:
        return None
    (r,) = reduced
    a, b = maps[pair[0]], maps[pair[1]]
    if not out and a == [r] and b == [r]:
        return NamedForm("dot", pair)
    if len(out) != 1:
        return None
    p = out[0]
    for first, second in (pair, pair[::-1]):
        matrix, vector = maps[first], maps[second]
        if vector == [r] and matrix == [p, r]:
            return NamedForm("matvec", (first, second))
        if vector == [r] and matrix == [r, p]:
            return NamedForm("vecmat", (second, first))
    return None


def _reduce(op: linalg.GenericOp, maps: list, iterators: list[str]) -> NamedForm | None:
    if len(op.inputs) != 1 or "reduction" not in iterators:
        return None
    every = list(range(len(iterators)))
    kept = [d for d, it in enumerate(iterators) if it == "parallel"]
    if maps[0] != every or maps[1] != kept:
        return None
    return NamedForm("reduce", (0,), tuple(d for d in every if d not in kept))


def _fill(op: linalg.GenericOp, maps: list, iterators: list[str]) -> NamedForm | None:
    """No input, and a payload that yields a value from outside (a loaded scalar): a fill
    of that value (upstream names the fills of a constant or a scalar input)."""
    body = _body(op)
    if op.inputs or len(body) != 1 or maps[0] != list(range(len(iterators))) \
            or "reduction" in iterators:
        return None
    value = body[0].operands[0]
    inside = isinstance(value.owner, ir.Block) and value.owner == op.regions[0].blocks[0]
    return None if inside else NamedForm("fill", ())


def _map(op: linalg.GenericOp, maps: list, iterators: list[str]) -> NamedForm | None:
    every = list(range(len(iterators)))
    if any(it != "parallel" for it in iterators) or any(m != every for m in maps):
        return None
    return NamedForm("map", tuple(range(len(op.inputs))))


def build_named(view: ir.OpView, form: NamedForm) -> ir.Operation:
    """The named op for `view`, inserted before it (the caller erases it)."""
    op = view_as(view, linalg.GenericOp)
    operands = [*op.inputs, *op.outputs]
    ins = [operands[k] for k in form.inputs]
    out = op.outputs[0]
    with rewriter.before(op):
        if form.kind == "fill":
            value = _body(op)[0].operands[0]
            with op.location:
                linalg_builders().fill(value, outs=[out])
            return _before(op)
        if form.kind in CONTRACTIONS:
            # opdsl builders take their location from the context, not from a loc= argument.
            with op.location:
                getattr(linalg_builders(), form.kind)(*ins, outs=[out])
            return _before(op)
        if form.kind == "reduce":
            new = linalg.ReduceOp([], ins, [out], list(form.reduced), loc=op.location)
        else:
            new = linalg.MapOp([], ins, out, loc=op.location)
    _move_body(op, new)
    return new.operation


def _before(op: linalg.GenericOp) -> ir.Operation:
    """The op just before `op` in its block (the one a builder that returns no op made)."""
    ops = [o.operation for o in op.operation.block.operations]
    return ops[ops.index(op.operation) - 1]


def _move_body(op: linalg.GenericOp, new: ir.OpView) -> None:
    """The generic's payload, block arguments in the same order, as the new op's region."""
    old = op.regions[0].blocks[0]
    types = [a.type for a in old.arguments]
    block = new.regions[0].blocks.append(*types, arg_locs=[op.location] * len(types))
    mapping = dict(zip(old.arguments, block.arguments, strict=True))
    with rewriter.at_end(block):
        for inner in _body(op):
            clone = rewriter.clone_mapped(inner, mapping)
            for before, after in zip(inner.results, clone.results, strict=True):
                mapping[before] = after
