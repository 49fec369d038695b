"""The shapes an expression template states, each written out for the op it is made for.

The listed templates are one expression each; real code writes the same operations in
endless variants (`alpha * x + (1.0 - alpha) * y`, SiLU, a guarded sum). An expression
template stands for every one of them: a shape, and any pure scalar expression of the
elements the shape reads and of scalars (the template language's operators, functions
and conditionals, C's float conversions and integer promotions). For an op of a known
shape, the template is written out in the template language, its expression the
payload's own (`writer.py`); it is then parsed, checked and proven against the op by
the matcher like any template (`tdl/expression.py`), so nothing here is trusted: a
template written wrongly only fails to match.

The shapes:
- `map`: a box of parallel loops (a vector or a row-major matrix) storing one element
  per point: `z[i, j] = f(x0[i, j], x1[j], s0, z[i, j])` (in place when f reads z); or
  no loop, one value computed from itself or other one-element arrays (`z[] =
  sqrt(z[] / s0)`, the tail of a mean or a norm after its sum), never from scalars
  alone (a store, which a call would only slow down);
- `fold`: a reduction of a vector into one value, in order: `r[] = g(x0[i], ..., r[])`
  for i = 0 .. n-1, from r as it is or from the value the op before stores into r
  (`r[] = 0.0`); or of a matrix into one value per row (`r[i] = g(x0[i, j], r[i])`
  over j) or per column (`r[j]` over i), each in order.

The text is canonical (names by position, numbers exact, every operator
parenthesised), so equal expressions give equal templates; its hash names the template.
"""

from __future__ import annotations

import hashlib
import re

from polylift.matcher.expression.writer import EXTENSIONS, FLOATS, ExpressionWriter, NotStated
from polylift.matcher.ir.ir_model import Unsupported, indexing_maps, iterator_kinds
from polylift.matcher.ir.payload import payload
from polylift.matcher.ir.tree import Apply, Cmp, Const, FCmp, Node, Val
from polylift.mlir import ir, linalg, view_as

# The loop counters and size names of a box, by rank.
_INDICES: dict[int, tuple[str, ...]] = {0: (), 1: ("i",), 2: ("i", "j")}
_SIZES: dict[int, tuple[str, ...]] = {0: (), 1: ("n",), 2: ("m", "n")}
# Narrow integers, by how the payload extends them: zero (unsigned) or sign.
_NARROW = {"i8": ("u8", "i8"), "i16": ("u16", "i16")}


def map_template(op: ir.OpView) -> str:
    """The text of the `map` template of an op (`NotStated` when the op is no map)."""
    generic = view_as(op, linalg.GenericOp)
    outputs = list(generic.outputs)
    if len(outputs) != 1 or any(k != "parallel" for k in iterator_kinds(op)):
        raise NotStated("not a map: one output, every loop parallel")
    maps = indexing_maps(op)
    rank = maps[-1].n_dims
    if rank not in _INDICES or not _is_identity(maps[-1]):
        raise NotStated("the output is not stored at the loop point of a value, a vector "
                        "or a matrix")
    element = _element(outputs[0])
    reads = _reads(op, maps[:-1], _INDICES[rank], element)
    dtype, tree = _typed(element, _tree(op))
    target = f"z[{', '.join(_INDICES[rank])}]"
    writer = ExpressionWriter(reads, target, dtype)
    value = writer.text(tree)
    if rank == 0 and not (writer.read or writer.reads_target):
        raise NotStated("one element stored from scalars alone: a call would cost more "
                        "than the store")
    return _source("map", writer, [f"{target} = {value}"], _SIZES[rank])


def fold_template(init: ir.OpView | None, op: ir.OpView) -> str:
    """The text of the `fold` template of a reduction op, started by `init` (an op storing one value
    into each element of its output) or from the output as it is (`NotStated` when it
    is no fold). A fold of a matrix keeps one running value per row or per column."""
    generic = view_as(op, linalg.GenericOp)
    outputs = list(generic.outputs)
    maps = indexing_maps(op)
    kinds = iterator_kinds(op)
    if len(outputs) != 1 or kinds.count("reduction") != 1 or len(kinds) > 2:
        raise NotStated("not a fold: one loop reducing into one value (per row)")
    indices = _INDICES[len(kinds)]
    kept = tuple(ix for ix, kind in zip(indices, kinds, strict=True) if kind == "parallel")
    if [str(e) for e in maps[-1].results] != [f"d{indices.index(ix)}" for ix in kept]:
        raise NotStated("the fold's output is not one value per row or column")
    dtype = _element(outputs[0])
    if dtype not in (*FLOATS, "i32"):
        raise NotStated(f"a fold of element type {dtype}")
    target = f"r[{', '.join(kept)}]"
    reads = _reads(op, maps[:-1], indices, dtype, sums=True)
    writer = ExpressionWriter(reads, target, dtype)
    steps = []
    if init is not None:
        steps.append(f"{target} = {_start(init, outputs[0], len(kept), writer)}")
    steps.append(f"{target} = {writer.text(_tree(op))}")
    if not writer.reads_target:
        raise NotStated("the reduction keeps no running value (it does not read its output)")
    sizes = _SIZES[len(kinds)]
    return _source("fold", writer, steps, sizes, kept)


def _start(init: ir.OpView, output: ir.Value, rank: int, writer: ExpressionWriter) -> str:
    """The value an op stores into every element of the fold's output before it: a
    number or a scalar."""
    if init.name != "linalg.generic":
        raise NotStated("the op before is no generic")
    generic = view_as(init, linalg.GenericOp)
    if list(generic.inputs) or list(generic.outputs) != [output] or \
            iterator_kinds(init) != ["parallel"] * rank:
        raise NotStated("the op before stores no one value into the fold's output")
    tree = _tree(init)
    if not isinstance(tree, Const | Val):
        raise NotStated("the fold starts from a computed value")
    return writer.text(tree)


def _tree(op: ir.OpView) -> Node:
    try:
        return payload(op)
    except Unsupported as exc:
        raise NotStated(str(exc)) from None


def _element(value: ir.Value) -> str:
    return str(ir.MemRefType(value.type).element_type)


def _is_identity(amap: ir.AffineMap) -> bool:
    return [str(e) for e in amap.results] == [f"d{k}" for k in range(amap.n_dims)]


def _reads(op: ir.OpView, maps: list[ir.AffineMap], indices: tuple[str, ...],
           element: str, sums: bool = False) -> list[tuple[str, ...]]:
    """Per input, the subscripts it is read at: loop counters (a row vector of a matrix
    map reads one of them, a transposed matrix both in the other order), or, where
    `sums`, a sum of counters and a constant (`x[i + j]`, a correlation's or a filter's
    window); other reads, or another element type, are no shape's."""
    reads = []
    for k, (value, amap) in enumerate(zip(view_as(op, linalg.GenericOp).inputs, maps,
                                          strict=True)):
        if _element(value) != element:
            raise NotStated(f"input {k} has another element type than the output")
        subscripts = tuple(_subscript(str(e), indices, sums) for e in amap.results)
        if (subscripts or not indices) and None not in subscripts and \
                len(set(subscripts)) == len(subscripts):
            reads.append(tuple(str(s) for s in subscripts))
            continue
        raise NotStated(f"input {k} is read at {amap}, not at distinct loop counters")
    return reads


_SUM = re.compile(r"d(\d+)(?: \+ d(\d+))*(?: \+ (\d+))?")


def _subscript(text: str, indices: tuple[str, ...], sums: bool) -> str | None:
    """A subscript as the template writes it (`i`, or `i + j + 1` where `sums`), or None
    when it is no counter (nor sum of counters and a constant)."""
    if re.fullmatch(r"d\d+", text):
        return indices[int(text[1:])]
    if not sums or not _SUM.fullmatch(text):
        return None
    dims = [int(d) for d in re.findall(r"d(\d+)", text)]
    offset = re.search(r"\+ (\d+)$", text)
    if len(dims) != len(set(dims)):
        return None
    return " + ".join([*(indices[d] for d in dims), *([offset.group(1)] if offset else [])])


def _typed(element: str, tree: Node) -> tuple[str, Node]:
    """The template's element type, and the value it computes before the store: an
    integer map narrower than int truncates its value to store it, which the template
    states by its `accumulate`; whether its elements are signed is how it extends them."""
    if element in FLOATS or element == "i32":
        return element, tree
    if element not in _NARROW:
        raise NotStated(f"element type {element}")
    kinds = {EXTENSIONS[n.op] for n in _nodes(tree)
             if isinstance(n, Apply) and n.op in EXTENSIONS}
    match tree:
        case Apply(op="trunc", children=(value,)) if len(kinds) == 1:
            return _NARROW[element][kinds.pop()], value
    raise NotStated("an integer map that does not compute in int from its elements")


def _nodes(node: Node) -> list[Node]:
    match node:
        case Apply(children=args):
            return [node, *(n for a in args for n in _nodes(a))]
        case Cmp(terms=terms):
            return [node, *(n for atom, _ in terms for n in _nodes(atom))]
        case FCmp(big=big, small=small):
            return [node, *_nodes(big), *_nodes(small)]
    return [node]


# Per shape: the output's declaration and name.
_OUTPUT = {"map": "z", "fold": "r"}


def _backends(shape: str, sizes: tuple[str, ...], kept: tuple[str, ...] | None) -> str:
    """The backends a template's shims have: a map's host shim runs rows vectorised; a
    fold per column's runs the rows outer (shims/render/columns.py), a fold per row's blocks
    of rows (shims/render/row_folds.py); a fold into one value's would be its loop in order,
    no gain to state."""
    return "ref, host" if (shape == "map" and sizes) or len(sizes) == 2 else "ref"


def _window_sizes(w: ExpressionWriter, size_of: dict[str, str]) -> dict[str, str]:
    """A size of its own for each sum subscript read (`x1[i + j]` over `x1[p0]`): the
    matcher binds it to the array's extent, which the source's own reads stay inside."""
    sums = sorted({ix for k in w.read for ix in w.reads[k] if ix not in size_of})
    return {ix: f"p{n}" for n, ix in enumerate(sums)}


def _source(shape: str, w: ExpressionWriter, steps: list[str], sizes: tuple[str, ...],
            kept: tuple[str, ...] | None = None) -> str:
    """The template's text; its name is the hash of everything it states. `kept`: the
    indices of the output (all of them, for a map)."""
    out = _OUTPUT[shape]
    size_of = dict(zip(_INDICES[len(sizes)], sizes, strict=True))
    box = ", ".join(size_of[ix] for ix in (size_of if kept is None else kept))
    windows = _window_sizes(w, size_of)
    size_of.update(windows)
    role = "inout" if w.reads_target and len(steps) == 1 else "out"
    lines = [f"  types {w.dtype}",
             *(["  accumulate i32"] if w.dtype in ("u8", "i8", "u16", "i16") else []),
             f"  array {out}[{box}] {role}"]
    for k in sorted(w.read):
        lines.append(f"  array x{k}[{', '.join(size_of[ix] for ix in w.reads[k])}] in")
    lines += w.declarations()
    lines += ["  compute {", *(f"    {step}" for step in steps), "  }"]
    body = "\n".join(lines)
    name = f"{shape}_{hashlib.sha256(body.encode()).hexdigest()[:12]}"
    params = [*sizes, *windows.values(), *(n for n, _ in w.scalars),
              *(f"x{k}" for k in sorted(w.read)), out]
    points = "*".join(sizes) or "1"
    moved = len(w.read) + (kept is None) + (role == "inout")
    flops = f"{w.operations}*{points}" if w.operations else "0"
    return (f"template expr.{name} {{\n"
            f"  doc \"{'; '.join(steps)}\"\n{body}\n"
            f"  launch expr_{name}\n"
            f"  shim {', '.join(params)}\n"
            f"  backends {_backends(shape, sizes, kept)}\n"
            f"  accuracy exact\n"
            f"  cost flops {flops} bytes esize*{max(moved, 1)}*{points}\n"
            f"}}\n")
