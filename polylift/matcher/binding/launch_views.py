"""The views a launch takes: per template array, an IR view whose first element is the
template's origin, and whose sizes are the template's (the ops' own views, what they
transpose, the root, or a box of the root the launch makes), and that no output shares
its elements with another array (nor is an argument that may overlap another one)."""

from __future__ import annotations

from polylift.matcher.binding.engine import PlannedView
from polylift.matcher.binding.footprint import disjoint
from polylift.matcher.binding.in_place import same_elements
from polylift.matcher.binding.state import Attempt, State
from polylift.matcher.ir.ir_model import DYNAMIC, ConstSize, Lin, ValueSize, compose, dim_key
from polylift.mlir import ir
from polylift.raising.proof.aliasing import aliasing_names
from polylift.tdl.ast import ArrayDecl
from polylift.tdl.library import KernelTemplate, storage_type
from polylift.tdl.steps import accesses, written_access


def _origin(value: ir.Value, rank: int, step: int = 1) -> tuple | None:
    """The root element a view's first element is, as (const, syms) per dimension.

    None unless the view is the root shifted (for a vector the op steps through,
    `step` elements of the root apart): the template's subscripts are the root's, so a
    transposed or otherwise strided view would make the launch read other elements.
    """
    _, access = compose(value, [Lin(((d, 1),)) for d in range(rank)])
    if rank == 0 and any(lin.coeffs for lin in access):
        return None  # a 0-d view is one element of its root: constant subscripts
    if rank and any(lin.coeffs != ((d, step),) for d, lin in enumerate(access)):
        return None
    return tuple((lin.const, lin.syms) for lin in access)


def _constant_reach(tpl: KernelTemplate, name: str, rank: int) -> list[int]:
    """Per dimension of array `name`, the largest constant subscript the template reads
    there (-1 where it never reads one): `coef[2, 2]` needs a view of at least 3 x 3."""
    reach = [-1] * rank
    for step in tpl.ast.steps:
        for access in accesses(step) + written_access(step):
            if access.array != name:
                continue
            for d, sub in enumerate(access.indices):
                if not sub.terms:
                    reach[d] = max(reach[d], sub.const)
    return reach


def _holds(value: ir.Value, reach: list[int], dims: tuple[int, ...] | None) -> bool:
    """False when `value` provably lacks an element the template reads at a constant
    subscript (a 1 x 1 view of `coef[0][0]` for a template reading `coef[0..2, 0..2]`):
    the launch would state the wrong extent. `dims`: the view's dims that are the
    template's, when the template array is a slice of it."""
    shape = ir.MemRefType(value.type).shape
    if dims is not None:
        shape = [shape[d] for d in dims]
    if len(shape) != len(reach):
        return True  # one element of a larger root (a 0-d template array): no extent claimed
    return all(size == DYNAMIC or size > need for size, need in zip(shape, reach, strict=True))


def launch_arrays(tpl: KernelTemplate, s: State, dtype: str,
                   attempt: Attempt, in_place: bool = False) -> dict | None:
    """Per array, an IR view whose first element is the template's origin element;
    `in_place`: an input may be the output itself, element for element (`in_place.py`)."""
    chosen = {}
    arrays = dict(s.arrays)
    sizes = dict(s.sizes)
    for decl in tpl.ast.arrays:
        base = arrays[decl.name][1]
        sources = [si for si in tpl.sizes if si.array == decl.name]
        # The ops' own views first, then what they transpose, then the root itself.
        views = [v for name, v in reversed(s.uses) if name == decl.name]
        views += [v.owner.operands[0] for v in views
                  if isinstance(v.owner, ir.Operation | ir.OpView)
                  and v.owner.name == "memref.transpose"]
        reach = _constant_reach(tpl, decl.name, decl.rank)
        # A slice (a row of a matrix) is chosen as a view of the root's rank; the launch
        # takes a rank-reducing view of it (match_kernels.build_launch).
        kept = s.get("kept", decl.name)
        rank = decl.rank if kept is None else len(base)
        step = s.get("strides", decl.name) or 1
        for value in views + [arrays[decl.name][0]]:
            if (kept is not None and len(ir.MemRefType(value.type).shape) != rank) or \
                    _origin(value, rank, step) != base or not _holds(value, reach, kept):
                continue
            # Sizes no loop bounds (a window's input extent) are read from the view.
            if all(dim_key(value, si.dim if kept is None else kept[si.dim]) in sizes[si.name]
                   for si in sources if si.name in sizes):
                chosen[decl.name] = value
                break
        else:
            # A box of the root is unit-step: a strided vector takes the op's own view.
            planned = None if step != 1 else _planned_view(decl, arrays[decl.name], kept,
                                                          sizes)
            if planned is None:
                attempt.fail(s.evolve(progress=10**6), f"no view of {decl.name} starts at "
                                                       "the template's origin")
                return None
            chosen[decl.name] = planned
        element = str(ir.MemRefType(_root_or_view(chosen[decl.name]).type).element_type)
        if element != storage_type(decl.dtype or dtype):
            attempt.fail(s.evolve(progress=10**6), f"{decl.name} holds {element}, the "
                                                   f"template {decl.dtype or dtype}")
            return None
    reason = _overlap(tpl, s, chosen, in_place)
    if reason is not None:
        attempt.fail(s.evolve(progress=10**6), reason)
        return None
    return chosen


def _overlap(tpl: KernelTemplate, s: State, chosen: dict, in_place: bool) -> str | None:
    """Why an output may share elements with another array of the launch: the same
    root, not proven disjoint boxes of it, or two arguments a caller may make overlap
    (`raising/proof/aliasing.py`); None when every output is apart, or (`in_place`) is
    an input element for element."""
    arrays = dict(s.arrays)
    views = {k: v for k, v in chosen.items() if not isinstance(v, PlannedView)}
    for decl in tpl.ast.arrays:
        if decl.role == "in":
            continue
        root = arrays[decl.name][0]
        for other in tpl.ast.arrays:
            if other.name == decl.name:
                continue
            names = aliasing_names(root, arrays[other.name][0])
            if names is not None:
                return f"output {decl.name} may alias {other.name} (arguments " \
                       f"{names[0]} and {names[1]} may overlap)"
            if in_place and same_elements(tpl, s, decl.name, other.name):
                continue
            if arrays[other.name][0] == root and \
                    (decl.name not in views or other.name not in views or
                     not disjoint(tpl.ast, decl.name, other.name, views, dict(s.kept))):
                return f"output {decl.name} aliases {other.name}"
    return None


def _planned_view(decl: ArrayDecl, bound: tuple, kept: tuple[int, ...] | None,
                  sizes: dict[str, frozenset]) -> PlannedView | None:
    """The box of the root a loop nest covers, from the root's first element, when the
    template array starts there and every size is a constant or a value."""
    root, base = bound
    if decl.rank == 0 and kept is None and not any(syms for _, syms in base):
        return PlannedView(root, (), tuple(const for const, _ in base))
    if kept is not None or any(const or syms for const, syms in base) or \
            len(base) != decl.rank:
        return None
    extents: list[int | ir.Value] = []
    for size in decl.dims:
        keys = sorted((k for k in sizes.get(size, ()) if isinstance(k, ConstSize | ValueSize)),
                      key=lambda k: not isinstance(k, ConstSize))  # a constant first
        if not keys:
            return None
        extents.append(keys[0].value)
    return PlannedView(root, tuple(extents))


def _root_or_view(view: ir.Value | PlannedView) -> ir.Value:
    return view.root if isinstance(view, PlannedView) else view
