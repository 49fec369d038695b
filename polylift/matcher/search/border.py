"""Whole-image window operators: a matched interior composed with its border pieces.

A `border = replicate` template states the pixel of a window operator whose window lies
inside the image; its launch computes every pixel of the h x w image, reading
src[clamp(i + a, 0, h - 1), clamp(j + b, 0, w - 1)] where the window leaves the image.
A C kernel writes such an operator as an interior nest with plain subscripts, then the
border by hand: the top and bottom rows and the left and right columns (one loop each,
raised to rank-1 generics) and the four corners (straight-line code), each with its
subscripts clamped.

`compose_border` proves that the ops after a matched interior are that border. Each
piece must compute the interior's payload, node for node, where every read of the image
is the interior's read at the same place with its subscripts clamped around the piece's
pixel, and every other read (a coefficient) is the same element. The image's extents
H and W are read off the pieces (the bottom row is H - 1, the right column W - 1); the
interior must run over rows 1..H-2 and columns 1..W-2, the rows over columns 1..W-2, the
columns over rows 1..H-2. Then the pieces write every pixel of the H x W image once.
The corners read row 1 and column 1 (the window reaches +1 both ways), so a run of the
source that is defined has H, W >= 2, where the trip count max(0, H - 2) is H - 2.

Reads and writes of the image are on two distinct roots, which the raising takes to
alias nothing, so the order of the pieces does not matter. What cannot be proved leaves
the ops alone, with the reason.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from polylift import rewriter
from polylift.matcher.binding.engine import Bindings
from polylift.matcher.ir.ir_model import (
    DYNAMIC,
    Lin,
    Operand,
    Unsupported,
    constant_value,
    iterator_kinds,
    operands,
    root_of,
    subview_size,
)
from polylift.matcher.ir.payload import payload, value_tree
from polylift.matcher.ir.tree import Arg, Cmp, FCmp, Load, Node, Val, children, kind
from polylift.matcher.search.match import PURE
from polylift.mlir import ir, memref
from polylift.raising.generics.generic_builder import subview_type
from polylift.raising.nest_model.linear import Linear, NotAffine, map_to_linear
from polylift.raising.nest_model.materialize import Materializer
from polylift.raising.proof.aliasing import aliasing_names

# Ops a corner's value may be computed with; all are pure.
CORNER_OPS = ("arith.", "affine.load", "memref.load")


class NotABorder(Exception):
    """The ops after an interior are not (provably) its replicated border."""


@dataclass(frozen=True)
class Coord:
    """One subscript: `sum(coeff * loop dim) + rest`, `rest` a form over parameters."""

    dims: tuple[tuple[int, int], ...]
    rest: Linear

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Coord) and self.dims == other.dims and \
            _same_form(self.rest, other.rest)


@dataclass(frozen=True)
class Interior:
    """What the matched interior generic says about the image."""

    out: ir.Value                         # root written
    src: ir.Value                         # root read through the window
    height: Linear
    width: Linear
    taps: dict[int, tuple[int, int]]      # operand -> (row, column) offset of its read
    fixed: dict[int, Operand]             # operand -> a read at constant subscripts
    tree: Node


def compose_border(b: Bindings, block_ops: Sequence[ir.OpView], start: int) -> Bindings:
    """Bindings of the whole-image launch covering the interior `b` (the op at
    `block_ops[start]`) and the border pieces after it; raises NotABorder."""
    if len(b.ops) != 1:
        raise NotABorder("the template has more than one step")
    img = _interior(b.ops[0])
    edges, corners, chain = _pieces(block_ops, start)
    for op in chain:
        read = root_of(op.operands[0]) if op.name.endswith(".load") else None
        if read is not None and (read == img.out or aliasing_names(read, img.out)):
            # It ran after some pieces wrote the image, and would now run before the launch.
            raise NotABorder("an op between the pieces reads the image they write")
    sides = sorted(_edge(img, op) for op in edges)
    if sides != ["bottom", "left", "right", "top"]:
        raise NotABorder(f"the rank-1 pieces after the interior are the {', '.join(sides)} "
                         "edges, not one each of top, bottom, left and right")
    where = {_corner(img, op) for op in corners}
    if len(where) != 4:
        raise NotABorder("two corner stores write the same corner")
    pieces = [b.ops[0], *edges, *corners]
    last = max(pieces, key=lambda op: block_ops.index(op.operation))
    arrays = _whole_image_views(b, img, last)
    ordered = tuple(op for op in block_ops if any(op.operation == p.operation for p in pieces))
    return replace(b, arrays=arrays, ops=ordered,
                   dead=_feeding(block_ops, b.ops[0], block_ops.index(last.operation)))


def _feeding(block_ops: Sequence[ir.OpView], g: ir.OpView, last: int) -> tuple:
    """The pure ops from the interior's first view up to the last piece: the views,
    extents and corner loads the pieces used, to be erased once nothing uses them."""
    first, values = block_ops.index(g.operation), list(g.operands)
    while values:
        value = values.pop()
        if isinstance(value, ir.BlockArgument) or value.owner.operation not in block_ops \
                or value.owner.name not in PURE:
            continue
        first = min(first, block_ops.index(value.owner.operation))
        values.extend(value.owner.operands)
    return tuple(op.operation for op in block_ops[first:last]
                 if op.operation.name in PURE or op.operation.name.startswith(CORNER_OPS))


def _interior(g: ir.OpView) -> Interior:
    """The interior's image, extents, window reads and payload."""
    ops = operands(g)
    outs = [o for o in ops if o.is_output]
    if len(outs) != 1 or len(outs[0].access) != 2:
        raise NotABorder("the interior does not write one element of an image")
    out = outs[0]
    if any(len(lin.coeffs) != 1 or lin.coeffs[0][1] != 1 or lin.const != 1 or lin.syms
           for lin in out.access):
        raise NotABorder("the interior does not start at pixel (1, 1) of its image")
    taps, fixed, roots = {}, {}, set()
    for k, o in enumerate(ops):
        if o.is_output:
            continue
        if len(o.access) == 2 and all(lin.coeffs == ref.coeffs and not lin.syms for lin, ref
                                      in zip(o.access, out.access, strict=True)):
            taps[k] = (o.access[0].const - 1, o.access[1].const - 1)
            roots.add(o.root)
        elif all(not lin.coeffs for lin in o.access):
            fixed[k] = o
        else:
            raise NotABorder("the interior reads an array neither through the window nor "
                             "at constant subscripts")
    if len(roots) != 1 or out.root in roots or any(o.root == out.root for o in fixed.values()):
        raise NotABorder("the interior does not read one image other than the one it writes")
    offsets = list(taps.values())
    if any(abs(a) > 1 or abs(c) > 1 for a, c in offsets) or \
            not any(a == 1 for a, _ in offsets) or not any(c == 1 for _, c in offsets):
        raise NotABorder("the interior's window is not 3 x 3 around the pixel")
    rows, cols = (_trips(g, out, d) for d in (0, 1))
    return Interior(out.root, roots.pop(), rows + Linear.constant(2),
                    cols + Linear.constant(2), taps, fixed, payload(g))


def _pieces(block_ops: Sequence[ir.OpView], start: int):
    """The four rank-1 generics and four stores after the interior, and the pure ops
    computing the stored values; only pure ops may come between them."""
    edges, corners, chain = [], [], []
    for op in block_ops[start + 1:]:
        name = op.operation.name
        if name == "linalg.generic" and len(edges) < 4:
            edges.append(op.opview)
        elif name == "affine.store" and len(corners) < 4:
            corners.append(op.opview)
        elif name.startswith(CORNER_OPS):
            chain.append(op.operation)
        elif name not in PURE:
            break
        if len(edges) == 4 and len(corners) == 4:
            return edges, corners, chain
    raise NotABorder(f"the interior is followed by {len(edges)} rank-1 piece(s) and "
                     f"{len(corners)} corner store(s), not 4 and 4")


def _edge(img: Interior, p: ir.OpView) -> str:
    """Which edge the rank-1 generic `p` computes: top, bottom, left or right."""
    ops = _operands(p)
    outs = [o for o in ops if o.is_output]
    if len(outs) != 1 or outs[0].root != img.out or len(outs[0].access) != 2 \
            or len(iterator_kinds(p)) != 1:
        raise NotABorder("a piece after the interior is not one loop over the image's edge")
    row, col = (_coord(lin) for lin in outs[0].access)
    one = Linear.constant(1)
    free = Coord(((0, 1),), one)
    if col == free and not row.dims:
        side = _fixed_side(row, img.height, "top", "bottom")
        trips, want = _trips(p, outs[0], 1), img.width - Linear.constant(2)
    elif row == free and not col.dims:
        side = _fixed_side(col, img.width, "left", "right")
        trips, want = _trips(p, outs[0], 0), img.height - Linear.constant(2)
    else:
        raise NotABorder("a piece after the interior does not run along an edge from its "
                         "second pixel")
    if not _same_form(trips, want):
        raise NotABorder(f"the {side} edge does not stop one pixel before the corner")

    def read(node: Node, k: int) -> bool:
        if not isinstance(node, Arg):
            return False
        o = ops[node.index]
        return _reads_as(img, o.root, [_coord(lin) for lin in o.access], k, (row, col))

    _compare(_tree(p), img.tree, read, f"the {side} edge")
    return side


def _corner(img: Interior, store: ir.OpView) -> tuple[str, str]:
    """Which corner the store computes, as (row side, column side)."""
    if root_of(store.operands[1]) != img.out:
        raise NotABorder("a store after the interior writes another array than the image")
    row, col = (Coord((), f) for f in _indices(store, 2))
    where = (_fixed_side(row, img.height, "top", "bottom"),
             _fixed_side(col, img.width, "left", "right"))
    block = store.operation.block

    def leaf(value: ir.Value) -> Node | None:
        if isinstance(value, ir.BlockArgument) or value.owner.operation.block != block:
            return Val(value)
        if value.owner.name == "affine.load":
            return Load(value.owner)
        if constant_value(value) is None and not _reads_memory(value):
            return Val(value)  # computed before, from parameters: a captured value
        return None

    def read(node: Node, k: int) -> bool:
        if not isinstance(node, Load):
            return False
        load = node.op
        coords = [Coord((), f) for f in _indices(load, 1)]
        return _reads_as(img, root_of(load.operands[0]), coords, k, (row, col))

    try:
        tree = value_tree(store.operands[0], block, leaf)
    except Unsupported as exc:
        raise NotABorder(f"the {' '.join(where)} corner: {exc}") from None
    _compare(tree, img.tree, read, f"the {' '.join(where)} corner")
    return where


def _reads_as(img: Interior, root: ir.Value, coords: list[Coord], k: int,
              pixel: tuple[Coord, Coord]) -> bool:
    """Whether a piece's read of `root` at `coords`, for its pixel `pixel`, is the
    interior's operand `k` there: its window read with clamped subscripts, or the same
    constant element."""
    if k in img.fixed:
        want = [_coord(lin) for lin in img.fixed[k].access]
        return root == img.fixed[k].root and coords == want
    if k not in img.taps or root != img.src or len(coords) != 2:
        return False
    extents = (img.height, img.width)
    return all(have == _clamped(at, off, n) for have, at, off, n
               in zip(coords, pixel, img.taps[k], extents, strict=True))


def _clamped(at: Coord, off: int, extent: Linear) -> Coord:
    """The subscript `at + off` clamped into 0..extent-1. A running subscript of an edge
    stays inside (it runs over 1..extent-2); a fixed one is the first or last."""
    if at.dims:
        return Coord(at.dims, at.rest + Linear.constant(off))
    if _fixed_side(at, extent, "first", "last") == "first":
        return Coord((), Linear.constant(max(off, 0)))
    return Coord((), extent + Linear.constant(min(off, 0) - 1))


def _compare(piece: Node, interior: Node, read, what: str) -> None:
    """The piece's tree is the interior's, node for node, with `read(leaf, k)` true for
    each of its leaves opposite the interior's operand k."""
    if isinstance(interior, Arg):
        if not read(piece, interior.index):
            raise NotABorder(f"{what} reads another element than the interior's window, "
                             "clamped into the image")
        return
    # An integer comparison's atoms are compared as they are (no read is a leaf there).
    same = piece == interior if isinstance(interior, Cmp) else \
        type(piece) is type(interior) and kind(piece) == kind(interior) and \
        len(children(piece)) == len(children(interior)) and \
        _fields(piece) == _fields(interior)
    if not same:
        raise NotABorder(f"{what} computes another expression than the interior")
    for a, b in zip(children(piece), children(interior), strict=True):
        _compare(a, b, read, what)


def _fields(node: Node) -> object:
    """What a node holds besides its subtrees (a leaf: all of it)."""
    return node.rel if isinstance(node, FCmp) else None if children(node) else node


def _fixed_side(at: Coord, extent: Linear, first: str, last: str) -> str:
    if not at.dims and _same_form(at.rest, Linear.constant(0)):
        return first
    if not at.dims and _same_form(at.rest, extent - Linear.constant(1)):
        return last
    raise NotABorder("a piece after the interior writes inside the image, not on its edge")


def _whole_image_views(b: Bindings, img: Interior, last: ir.OpView) -> dict[str, ir.Value]:
    """The bindings' arrays with the image's (output and window input) replaced by
    H x W views from pixel (0, 0), made just before `last`."""
    arrays = dict(b.arrays)
    with last.location:
        mat = Materializer(rewriter.before(last), last.location)
        sizes = [mat.value(img.height), mat.value(img.width)]
        for name, view in b.arrays.items():
            root = root_of(view)
            if root in (img.out, img.src):
                rtype = subview_type(ir.MemRefType(root.type), [0, 0], sizes, [1, 1])
                arrays[name] = memref.subview(root, [0, 0], sizes, [1, 1], result_type=rtype,
                                              ip=mat.ip)
    return arrays


def _operands(op: ir.OpView) -> list[Operand]:
    try:
        return operands(op)
    except Unsupported as exc:
        raise NotABorder(f"a piece after the interior: {exc}") from None


def _tree(op: ir.OpView) -> Node:
    try:
        return payload(op)
    except Unsupported as exc:
        raise NotABorder(f"a piece after the interior: {exc}") from None


def _trips(op: ir.OpView, out: Operand, pos: int) -> Linear:
    """The trip count of the loop along subscript `pos` of output `out`, as a form;
    `max(0, e)` reads as `e` (see the module doc for why that is safe here)."""
    shape = ir.MemRefType(out.value.type).shape
    if shape[pos] != DYNAMIC:
        return Linear.constant(shape[pos])
    owner = out.value.owner
    if not isinstance(owner, ir.Operation | ir.OpView) or owner.name != "memref.subview":
        raise NotABorder(f"cannot tell how far a loop of '{op.name}' runs")
    size = subview_size(owner.opview, pos)
    bound = size.owner
    if isinstance(bound, ir.Operation | ir.OpView) and bound.name == "affine.max":
        forms = _map_forms(ir.AffineMapAttr(bound.attributes["map"]).value,
                           list(bound.operands))
        rest = [f for f in forms if not _same_form(f, Linear.constant(0))]
        if len(forms) == 2 and len(rest) == 1:
            return rest[0]
    return _form(size)


def _coord(lin: Lin) -> Coord:
    rest = Linear.constant(lin.const)
    for sym in lin.syms:
        rest = rest + _form(sym)
    return Coord(lin.coeffs, rest)


def _form(value: ir.Value) -> Linear:
    """An index value as a linear form over the values it is computed from."""
    known = constant_value(value)
    if known is not None:
        return Linear.constant(int(known))
    owner = value.owner
    if isinstance(owner, ir.Operation | ir.OpView) and owner.name == "affine.apply":
        forms = _map_forms(ir.AffineMapAttr(owner.attributes["map"]).value,
                           list(owner.operands))
        if len(forms) == 1:
            return forms[0]
    return Linear.of(value)


def _map_forms(amap: ir.AffineMap, values: list[ir.Value]) -> list[Linear]:
    try:
        return map_to_linear(amap, [_form(v) for v in values])
    except NotAffine as exc:
        raise NotABorder(f"subscript '{exc}' is not linear") from None


def _indices(op: ir.OpView, first: int) -> list[Linear]:
    """The subscripts of an affine.load or affine.store (index operands from `first`)."""
    amap = ir.AffineMapAttr(op.attributes["map"]).value
    return _map_forms(amap, list(op.operands)[first:])


def _reads_memory(value: ir.Value) -> bool:
    """Whether the straight-line computation of `value` in its block loads anything."""
    owner = value.owner
    if isinstance(value, ir.BlockArgument) or not isinstance(owner, ir.Operation | ir.OpView):
        return False
    if owner.name in ("affine.load", "memref.load"):
        return True
    return any(_reads_memory(v) for v in owner.operands
               if not isinstance(v, ir.BlockArgument)
               and v.owner.operation.block == owner.operation.block)


def _same_form(a: Linear, b: Linear) -> bool:
    diff = a - b
    return diff.is_constant() and diff.const == 0


__all__ = ["NotABorder", "compose_border"]
