"""`match_program`: does a loop nest the raising kept compute a template's loop program?

The nest and the template become programs of one model (`from_ir.py`,
`from_template.py`), normalised alike (`promote.py`, `model.canonical`) and compared
statement by statement (`compare.py`). A pairing under which every statement agrees is
then refused, with the reason, unless

- the statements run in the same order: the same loop structure, or, where the nest
  splits or joins loops the template writes otherwise, an order that every dependence
  between instances keeps (`polyhedra.same_order`);
- every template array and size is bound, one element type runs through arrays and
  scalars, and it is one of the template's;
- no two arrays of the nest may share memory where one is written: the library routine
  takes its arrays as distinct (`raising/proof/aliasing.py`; benchmarks say `restrict`).

The launch takes, per template array, the box of its root from the first element with
the template's sizes, as bound (`engine.PlannedView`); an array no loop bound gives an
extent (a table read at computed subscripts, the entries a data bound reaches) is its
root whole. The launch's `ref` shim runs the template's program, which is the nest's, so
the source order matches. An array the template types (`: i32`) holds that type; the
others the one element type of the launch.
"""

from __future__ import annotations

from polylift.matcher.binding.engine import Bindings, PlannedView
from polylift.matcher.binding.state import Attempt, State
from polylift.matcher.ir.ir_model import ConstSize, SizeKey, Unsupported
from polylift.matcher.ir.tree import Val
from polylift.matcher.program import polyhedra
from polylift.matcher.program.compare import Comparer, Pairing
from polylift.matcher.program.from_ir import NestProgram, nest_program
from polylift.matcher.program.from_template import template_program
from polylift.matcher.program.model import FlatStmt, Form, flatten, renumbered
from polylift.matcher.program.promote import unpromoted
from polylift.mlir import ir
from polylift.raising.proof.aliasing import aliasing_names
from polylift.tdl.library import KernelTemplate, storage_type

# Progress of a failure before any statement compared (reading the nest), so that a
# template about the right loops ranks above one whose nest is not modelled; from
# COMPARED on, the first statement's loops were the template's.
_READ = 1
COMPARED = _READ + 1 + 200


def match_program(tpl: KernelTemplate, ops: list[ir.OpView],
                  attempt: Attempt) -> Bindings | None:
    """Bindings of `tpl`'s loop program to the nests `ops` (one per top-level loop), or
    None with the reason in `attempt`."""
    try:
        nest = nest_program(ops)
    except Unsupported as exc:
        attempt.fail(State(progress=_READ), str(exc))
        return None
    mine = unpromoted(flatten(template_program(tpl.ast)), lambda a, b: False)
    theirs = unpromoted(flatten(nest.loops), _may_alias)
    comparer = Comparer(tpl.ast, nest.names)
    for pairing, order in comparer.programs(mine, theirs):
        reason = _refusal(tpl, nest, mine, [theirs[j] for j in order], pairing)
        if reason:
            comparer.fail(10**6, reason)
            continue
        dtype = _element_type(tpl, pairing)
        return Bindings(tpl, _arrays(tpl, nest, pairing), dict(pairing.scalars), True,
                        tuple(ops), dtype=dtype)
    attempt.fail(State(progress=_READ + 1 + max(comparer.progress, 0)), comparer.failure)
    return None


def _may_alias(a: object, b: object) -> bool:
    return isinstance(a, ir.Value) and isinstance(b, ir.Value) and a != b and \
        aliasing_names(a, b) is not None


def _refusal(tpl: KernelTemplate, nest: NestProgram, mine: list[FlatStmt],
             theirs: list[FlatStmt], p: Pairing) -> str:
    """Why a pairing under which every statement agrees is no match ("" when it is);
    `theirs[k]` is the nest's statement paired with the template's k-th."""
    reason = _order_refusal(mine, theirs)
    if reason:
        return reason
    unbound = [a.name for a in tpl.ast.arrays if p.get("arrays", a.name) is None] + \
        [s.name for s in tpl.sizes if p.get("sizes", s.name) is None
         and s.name not in _whole_sizes(tpl, p)]
    if unbound:
        return f"'{unbound[0]}' of the template is not read by the program"
    for a in nest.roots:
        for b in nest.roots:
            names = aliasing_names(a, b) if a != b and a in nest.written else None
            if names is not None:
                return f"may alias: {names[0]} and {names[1]}; the library routine takes " \
                       "its arrays as distinct"
    return _type_refusal(tpl, p)


def _order_refusal(mine: list[FlatStmt], theirs: list[FlatStmt]) -> str:
    """Why the nest's statements, in another order than the template's, may compute
    otherwise ("" when the order is the same, or no dependence sees it)."""
    ordered = renumbered(mine), renumbered(theirs)
    if [s.position for s in ordered[0]] == [s.position for s in ordered[1]]:
        return ""
    if any(not isinstance(b, Form) for s in theirs for loop in s.loops
           for b in (loop.lower, loop.upper)):
        return "the nest runs its statements in another order than the template, around " \
               "a loop bounded by data"
    if not polyhedra.same_order(ordered[1], [s.position for s in ordered[0]]):
        return "the nest runs its statements in another order than the template, and a " \
               "dependence between them sees the difference"
    return ""


def _type_refusal(tpl: KernelTemplate, p: Pairing) -> str:
    """Why the bound arrays and scalars are not of the template's types ("" when they
    are)."""
    dtype = _element_type(tpl, p)
    if dtype not in tpl.dtypes:
        return f"element type {dtype or 'mixed'} is not one of {', '.join(tpl.dtypes)}"
    for decl in tpl.ast.arrays:
        held = _held(p.get("arrays", decl.name))
        if decl.dtype and held != storage_type(decl.dtype):
            return f"{decl.name} holds {held}, the template {decl.dtype}"
    for name, bound in p.scalars:
        if isinstance(bound, Val) and str(bound.value.type) != tpl.scalar_dtype(name, dtype):
            return f"scalar {name} is a {bound.value.type}, the template takes {dtype}"
    return ""


def _held(root: object) -> str:
    """The element type of a root."""
    assert isinstance(root, ir.Value)
    return str(ir.MemRefType(root.type).element_type)


def _element_type(tpl: KernelTemplate, p: Pairing) -> str:
    """The element type of every root bound to an array the template does not type
    ("" when they differ)."""
    types = {_held(p.get("arrays", a.name)) for a in tpl.ast.arrays if not a.dtype}
    return types.pop() if len(types) == 1 else ""


def _whole_sizes(tpl: KernelTemplate, p: Pairing) -> set[str]:
    """The sizes of the arrays the launch takes whole: those of which no loop bound gives
    a dimension (the table of a lookup, the entries a data bound reaches)."""
    whole = [a for a in tpl.ast.arrays if all(p.get("sizes", d) is None for d in a.dims)]
    return {d for a in whole for d in a.dims}


def _arrays(tpl: KernelTemplate, nest: NestProgram, p: Pairing
            ) -> dict[str, ir.Value | PlannedView]:
    """Per template array, the box of its root that the launch takes, or the root whole."""
    views: dict[str, ir.Value | PlannedView] = {}
    whole = _whole_sizes(tpl, p)
    for decl in tpl.ast.arrays:
        root = p.get("arrays", decl.name)
        assert isinstance(root, ir.Value)
        if decl.dims and all(d in whole for d in decl.dims):
            views[decl.name] = root
            continue
        sizes: list[int | ir.Value] = []
        for dim in decl.dims:
            key = p.get("sizes", dim)
            assert isinstance(key, SizeKey)
            sizes.append(key.value if isinstance(key, ConstSize) else nest.sizes[key])
        views[decl.name] = PlannedView(root, tuple(sizes))
    return views
