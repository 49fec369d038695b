"""What the matcher sees of a linalg op: operand accesses on root memrefs and the payload.

An operand's access is composed through its view chain (memref.subview, memref.cast,
memref.transpose) down to the root memref, so two operands compare by root and by the
element each loop point reads, never by SSA identity of the view.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import cast

from polylift.mlir import arith, ir, linalg, memref, view_as

DYNAMIC = ir.ShapedType.get_dynamic_size()
DYNAMIC_OFFSET = -9223372036854775808


class Unsupported(Exception):
    """The op has a form the matcher does not model (the message says which)."""


@dataclass(frozen=True)
class Lin:
    """`sum(coeff * d_i) + const + sum(syms)`: one subscript of a root memref.

    Over loop dims by position, not values (`raising.linear.Linear`): a linalg op's
    indexing map names its loops d0, d1, ..., and two ops compare by those positions;
    `syms` keeps a view's dynamic offsets, which a template binds as a base, apart.
    """

    coeffs: tuple[tuple[int, int], ...]
    const: int = 0
    syms: tuple[ir.Value, ...] = ()

    def shift(self, const: int, syms: tuple[ir.Value, ...]) -> Lin:
        """This subscript plus a constant and symbolic offset."""
        return Lin(self.coeffs, self.const + const, self.syms + syms)

    def scale(self, factor: int) -> Lin:
        """This subscript times a constant stride."""
        if self.syms and factor != 1:
            # `syms` is a plain sum: it cannot say `2 * %off`, and dropping the offset
            # would make two different views look like one.
            raise Unsupported("a view with a dynamic offset inside a strided view")
        return Lin(tuple((d, c * factor) for d, c in self.coeffs), self.const * factor,
                   self.syms)


@dataclass(frozen=True)
class ConstSize:
    """A size known to be `value`."""

    value: int


@dataclass(frozen=True)
class ValueSize:
    """A size held by an SSA index value (a parameter, a loop bound)."""

    value: ir.Value


@dataclass(frozen=True)
class AffineSize:
    """A size computed by a pure affine op (`op`: its name) of `operands`' sizes:
    compared by map and operands, since raised nests recompute a trip count each."""

    op: str
    map: str
    operands: tuple[SizeKey, ...]


@dataclass(frozen=True)
class DimSize:
    """The size of a root memref (`value`) along `pos`, no value holding it."""

    value: ir.Value
    pos: int


# A comparable name for a size or index value: equal keys mean equal values.
SizeKey = ConstSize | ValueSize | AffineSize | DimSize


@dataclass(frozen=True)
class Operand:
    """One operand of a linalg op: its value, root memref and composed access."""

    value: ir.Value
    root: ir.Value
    access: tuple[Lin, ...]
    is_output: bool


def constant_value(value: ir.Value) -> float | None:
    """The number an `arith.constant` defines, else None."""
    owner = value.owner
    if not isinstance(owner, ir.Operation | ir.OpView) or owner.name != "arith.constant":
        return None
    attr = owner.attributes["value"]
    if isinstance(attr, ir.FloatAttr | ir.IntegerAttr):
        return float(attr.value)
    return None


def affine_lin(expr: ir.AffineExpr, operands: list[Lin | None] | None = None,
               n_dims: int = 0) -> Lin:
    """An affine expression as a subscript over loop dims: dim i is loop i (an indexing
    map's), or, given a map's operands as subscripts (its `n_dims` dims, then its
    symbols; None for a value that is neither a loop counter nor a constant), the
    operand at its position."""
    if operands is not None and isinstance(expr, ir.AffineDimExpr | ir.AffineSymbolExpr):
        lin = operands[expr.position + (n_dims if isinstance(expr, ir.AffineSymbolExpr) else 0)]
        if lin is None:
            raise Unsupported("a subscript depends on a value computed outside the loops")
        return lin
    if isinstance(expr, ir.AffineDimExpr):
        return Lin(((expr.position, 1),))
    if isinstance(expr, ir.AffineConstantExpr):
        return Lin((), expr.value)
    if isinstance(expr, ir.AffineAddExpr):
        a, b = affine_lin(expr.lhs, operands, n_dims), affine_lin(expr.rhs, operands, n_dims)
        coeffs: dict[int, int] = dict(a.coeffs)
        for d, c in b.coeffs:
            coeffs[d] = coeffs.get(d, 0) + c
        return Lin(tuple(sorted((d, c) for d, c in coeffs.items() if c)), a.const + b.const)
    if isinstance(expr, ir.AffineMulExpr) and isinstance(expr.rhs, ir.AffineConstantExpr):
        return affine_lin(expr.lhs, operands, n_dims).scale(expr.rhs.value)
    what = "indexing expression" if operands is None else "subscript"
    raise Unsupported(f"{what} '{expr}' is not linear")


def add_forms(a: dict, b: dict, scale: int = 1) -> dict:
    """`a + scale * b` of linear forms `{atom: coeff}`, zero terms dropped."""
    out = dict(a)
    for key, coeff in b.items():
        out[key] = out.get(key, 0) + scale * coeff
    return {k: c for k, c in out.items() if c}


def affine_form(expr: ir.AffineExpr, operands: list[dict], n_dims: int) -> dict | None:
    """An affine expression as a linear form `{atom: coeff}` (the constant under the key
    1), given its map's operands as forms (its `n_dims` dims, then its symbols); None
    when it is not linear. A dict, not `Lin`: its callers choose the atoms (payload
    nodes in `conditions.py`, loop and size atoms in `program/from_ir.py`)."""
    if isinstance(expr, ir.AffineDimExpr):
        return operands[expr.position]
    if isinstance(expr, ir.AffineSymbolExpr):
        return operands[n_dims + expr.position]
    if isinstance(expr, ir.AffineConstantExpr):
        return {1: expr.value} if expr.value else {}
    if isinstance(expr, ir.AffineAddExpr):
        lhs, rhs = affine_form(expr.lhs, operands, n_dims), affine_form(expr.rhs, operands,
                                                                        n_dims)
        return None if lhs is None or rhs is None else add_forms(lhs, rhs)
    if isinstance(expr, ir.AffineMulExpr) and isinstance(expr.rhs, ir.AffineConstantExpr):
        lhs = affine_form(expr.lhs, operands, n_dims)
        return None if lhs is None else add_forms({}, lhs, expr.rhs.value)
    return None


def _offset(static: int, dynamic: list[ir.Value]) -> tuple[int, tuple[ir.Value, ...]]:
    if static != DYNAMIC_OFFSET:
        return static, ()
    value = dynamic.pop(0)
    known = constant_value(value)
    return (int(known), ()) if known is not None else (0, (value,))


def compose(value: ir.Value, access: list[Lin]) -> tuple[ir.Value, list[Lin]]:
    """Follow the view chain of `value` to its root; return the root and its subscripts."""
    while True:
        owner = value.owner
        name = owner.name if isinstance(owner, ir.Operation | ir.OpView) else ""
        if name == "memref.cast":
            value = owner.operands[0]
            continue
        if name == "memref.transpose":
            # Without this a transposed view is a root of its own, and an output that
            # aliases an input through a transpose escapes the aliasing check.
            value, access = owner.operands[0], _untranspose(owner, access)
            continue
        if name != "memref.subview":
            return value, access
        view = view_as(owner, memref.SubViewOp)
        # The operands are the source, then the dynamic offsets (one per dynamic static
        # offset), sizes and strides: read so, not by the accessors, which decode the
        # operand segment sizes on every call.
        operands = list(owner.operands)
        offsets = list(view.static_offsets)
        source = operands[0]
        access = _unreduce(view, ir.MemRefType(source.type).rank, access)
        dynamic = operands[1:1 + offsets.count(DYNAMIC_OFFSET)]
        new = []
        for lin, off, stride in zip(access, offsets, view.static_strides, strict=True):
            if stride == DYNAMIC_OFFSET:
                raise Unsupported("subview with a dynamic stride")
            const, syms = _offset(off, dynamic)
            new.append(lin.scale(stride).shift(const, syms))
        value, access = source, new


def _unreduce(view, rank: int, access: list[Lin]) -> list[Lin]:
    """The subscripts of a rank-reducing subview's source: a dropped unit dim reads
    element 0 of the view."""
    if rank == len(access):
        return access
    kept = kept_dims(list(view.static_sizes), len(access))
    if kept is None:
        raise Unsupported("rank-reducing subview")
    source = [Lin(())] * rank
    for lin, dim in zip(access, kept, strict=True):
        source[dim] = lin
    return source


def kept_dims(sizes: list[int], rank: int) -> list[int] | None:
    """The source dims a subview of static `sizes` keeps in a result of `rank` dims.

    A rank-reducing view drops dims of static size 1 only; which ones its result type
    tells through its layout, which is not read here. So the kept dims are known when
    there are no more such dims than it drops (all of them dropped); None otherwise, as
    a dim read at the wrong place would be a wrong size."""
    if rank == len(sizes):
        return list(range(rank))
    units = [d for d, size in enumerate(sizes) if size == 1]
    if len(units) != len(sizes) - rank:
        return None
    return [d for d in range(len(sizes)) if d not in units]


def _permutation(transpose: ir.Operation | ir.OpView) -> list[int]:
    """Result dim k of a `memref.transpose` is source dim `perm[k]`."""
    amap = ir.AffineMapAttr(transpose.attributes["permutation"]).value
    return [ir.AffineDimExpr(e).position for e in amap.results]


def _untranspose(transpose: ir.Operation | ir.OpView, access: list[Lin]) -> list[Lin]:
    perm = _permutation(transpose)
    source = list(access)
    for k, lin in enumerate(access):
        source[perm[k]] = lin
    return source


def indexing_maps(op: ir.OpView) -> list[ir.AffineMap]:
    """A `linalg.generic`'s indexing maps, one per operand, inputs first."""
    return [ir.AffineMapAttr(a).value for a in view_as(op, linalg.GenericOp).indexing_maps]


def iterator_kinds(op: ir.OpView) -> list[str]:
    """A `linalg.generic`'s iterator types as words (`parallel`, `reduction`)."""
    return [str(a).split("<")[-1].rstrip(">").strip('"')
            for a in view_as(op, linalg.GenericOp).iterator_types]


def linalg_outputs(op: ir.Operation | ir.OpView) -> list[ir.Value]:
    """The outputs (`outs`) of a linalg op, generic or named: every linalg op passes its
    destinations, and `GenericOp`'s accessor stands for all of them."""
    return list(cast(linalg.GenericOp, op.opview if isinstance(op, ir.Operation) else op).outputs)


@dataclass(frozen=True)
class LinalgOperands:
    """A `linalg.generic`'s operand values and their indexing maps, inputs first: read
    once for `operands` and `extent_keys` (the accessors decode the operand segments on
    every call)."""

    values: tuple[ir.Value, ...]
    maps: tuple[ir.AffineMap, ...]
    inputs: int


def linalg_operands(op: ir.OpView) -> LinalgOperands:
    """The operands of a `linalg.generic` with their maps."""
    generic = view_as(op, linalg.GenericOp)
    inputs = list(generic.inputs)
    return LinalgOperands(tuple(inputs + list(generic.outputs)),
                          tuple(indexing_maps(generic)), len(inputs))


def operands(op: ir.OpView, read: LinalgOperands | None = None) -> list[Operand]:
    """The composed accesses of a linalg op's operands, inputs first (`read`: its
    operands, when read already)."""
    read = read or linalg_operands(op)
    out = []
    for i, (value, amap) in enumerate(zip(read.values, read.maps, strict=True)):
        if not isinstance(value.type, ir.MemRefType):
            raise Unsupported("operand is not a memref")
        root, access = compose(value, [affine_lin(e) for e in amap.results])
        out.append(Operand(value, root, tuple(access), i >= read.inputs))
    return out


def extent_keys(op: ir.OpView, read: LinalgOperands | None = None) -> dict[int, set[SizeKey]]:
    """Per loop dim, the ways its trip count is written (static size or size value)."""
    read = read or linalg_operands(op)
    keys: dict[int, set[SizeKey]] = {}
    for value, amap in zip(read.values, read.maps, strict=True):
        dims = [(pos, expr.position) for pos, expr in enumerate(amap.results)
                if isinstance(expr, ir.AffineDimExpr)]
        sizes = view_sizes(value) if dims else []
        for pos, dim in dims:
            keys.setdefault(dim, set()).add(sizes[pos])
    return keys


def dim_key(value: ir.Value, pos: int) -> SizeKey:
    """A comparable name for `value`'s size along `pos`."""
    return view_sizes(value)[pos]


def view_sizes(value: ir.Value) -> list[SizeKey]:
    """A comparable name for each of `value`'s sizes, read once per view (a subview's
    operands and its source's chain are the same for every dim)."""
    shape = ir.MemRefType(value.type).shape
    if DYNAMIC not in shape:
        return [ConstSize(size) for size in shape]
    owner = value.owner
    name = owner.name if isinstance(owner, ir.Operation | ir.OpView) else ""
    if name == "memref.subview":
        # Its dynamic sizes in order are those of its result's dynamic dims.
        dynamic = iter(view_as(owner, memref.SubViewOp).sizes)
        return [ConstSize(size) if size != DYNAMIC else value_key(next(dynamic))
                for size in shape]
    if name == "memref.cast":
        source = view_sizes(owner.operands[0])
    elif name == "memref.transpose":
        below = view_sizes(owner.operands[0])
        source = [below[p] for p in _permutation(owner)]
    else:
        source = [DimSize(value, pos) for pos in range(len(shape))]
    return [ConstSize(size) if size != DYNAMIC else key for size, key in zip(shape, source,
                                                                               strict=True)]


def subview_size(op: ir.OpView, pos: int) -> ir.Value:
    """The size operand of a `memref.subview` along `pos`, a dynamic dim of its result:
    its dynamic sizes in order are those of the result's dynamic dims (a rank-reducing
    view drops only static unit dims, so the source's positions would miscount)."""
    view = view_as(op, memref.SubViewOp)
    shape = ir.MemRefType(view.result.type).shape
    index = sum(1 for s in shape[:pos] if s == DYNAMIC)
    return list(view.sizes)[index]


def root_of(value: ir.Value) -> ir.Value:
    """The root memref under `value`'s view chain."""
    rank = len(ir.MemRefType(value.type).shape)
    return compose(value, [Lin(((d, 1),)) for d in range(rank)])[0]


def value_key(value: ir.Value) -> SizeKey:
    """A comparable name for an index value: equal keys mean equal values.

    Raised nests recompute a trip count per nest (`affine.max` of the same operands),
    so pure affine ops compare by their map and operands, not by SSA identity.
    """
    owner = value.owner
    name = owner.name if isinstance(owner, ir.Operation | ir.OpView) else ""
    if name == "arith.constant":
        known = constant_value(value)
        if known is not None:
            return ConstSize(int(known))
    elif name in ("affine.max", "affine.min", "affine.apply"):
        return AffineSize(name, str(owner.attributes["map"]),
                          tuple(value_key(o) for o in owner.operands))
    return ValueSize(value)


def is_integer(value_type: ir.Type) -> bool:
    """Whether a (memref element) type is an integer type."""
    return isinstance(value_type, ir.IntegerType)


def payload_types(op: ir.OpView) -> set[str]:
    """The result types of the payload's arithmetic (comparisons, casts and reads of a
    table aside)."""
    block = op.regions[0].blocks[0]
    element = ir.MemRefType(linalg_outputs(op)[0].type).element_type
    found = set()
    for inner in block.operations:
        if inner.name in ("arith.cmpi", "arith.cmpf", "arith.trunci", "arith.constant",
                          "linalg.yield", "memref.load"):
            continue
        if inner.name == "arith.select" and inner.results[0].type == element:
            continue  # a choice between values narrowed each on its own (a branch's arms)
        # Loop counters and conditions (a triangle's mask) are no arithmetic on data.
        found.update(str(r.type) for r in inner.results if str(r.type) not in ("index", "i1"))
    return found


def constant_for(value: float, kind: ir.Type) -> ir.Attribute:
    """An attribute holding `value` with element type `kind`."""
    if isinstance(kind, ir.FloatType):
        return ir.FloatAttr.get(kind, value)
    return ir.IntegerAttr.get(kind, int(value))


__all__ = ["Lin", "Operand", "Unsupported", "operands", "extent_keys", "arith"]
