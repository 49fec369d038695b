"""The engine's rules for template locals, index values and comparisons.

- A local (`local cmin : i32`) read by a step is its last definition before that step.
  The op reads it as a value captured from outside (`Val(v)`), whose definition
  `values.expand` reads; the template's definition must compute it. A definition over
  indices is a fold: `cmin = cdf[k] > 0 && cdf[k] < cmin ? cdf[k] : cmin` over k, from
  the definition before it, matches a loop carrying one value (`values.FoldIR`) whose
  iteration computes the same with the carried value for `cmin`.
- An index read as a number (`lut[k] = k`) is the loop counter (`Index(d)`).
- A comparison is a linear form (`conditions.py`): the same relation, constant and
  coefficients, and atoms that match one to one.

Sub-matches run on a matcher of their own (`Matcher.at`: a fold's loop, the position
where a definition stands), so their generators may stay lazy.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import permutations
from typing import Protocol

from polylift.matcher.binding.state import Attempt, State
from polylift.matcher.ir.conditions import float_form, forms_of, template_form
from polylift.matcher.ir.step_ir import StepIR
from polylift.matcher.ir.tree import Acc, Cmp, FCmp, Fold, Index, Node, Val, kind
from polylift.matcher.ir.values import expand
from polylift.subscripts import plain_subscript
from polylift.tdl.ast import Compare, Expr, Ref
from polylift.tdl.library import KernelTemplate
from polylift.tdl.steps import accesses, step_indices


class Matcher(Protocol):
    """What these rules use of the engine's `Matcher`, which calls them: stated here
    so that this module does not import the engine back (read-only: the engine's
    matcher is frozen)."""

    @property
    def tpl(self) -> KernelTemplate: ...

    @property
    def attempt(self) -> Attempt: ...

    @property
    def ctx(self) -> StepIR | None: ...

    @property
    def position(self) -> int: ...

    @property
    def acc(self) -> str | None: ...

    def at(self, ctx: StepIR | None, position: int, acc: str | None = None) -> Matcher: ...

    def expr(self, t: Expr, e: Node, s: State) -> Iterator[State]: ...

    def seq(self, ts: list, es: list, s: State) -> Iterator[State]: ...


def definition(m: Matcher, name: str, before: int) -> int | None:
    """The position of the last step defining local `name` before step `before`."""
    found = [k for k, step in enumerate(m.tpl.ast.steps[:before])
             if isinstance(step.target, Ref) and step.target.name == name]
    return found[-1] if found else None


def local(m: Matcher, name: str, e: Node, s: State) -> Iterator[State]:
    """Local `name` read where the op has `e`."""
    if m.acc == name:
        if isinstance(e, Acc):
            yield s.evolve(progress=s.progress + 1)
        else:
            m.attempt.fail(s, f"the loop carries another value than {name}")
        return
    where = definition(m, name, m.position)
    if where is None:
        m.attempt.fail(s, f"local {name} has no definition before this step")
        return
    if isinstance(e, Val):
        e = expand(e.value)
    step = m.tpl.ast.steps[where]
    if step_indices(step):
        yield from fold(m, name, where, e, s)
        return
    yield from m.at(m.ctx, where).expr(step.value, e, s)


def fold(m: Matcher, name: str, where: int, e: Node, s: State) -> Iterator[State]:
    """A local defined over indices, read where the op has `e` (a loop carrying a value)."""
    if not isinstance(e, Fold):
        m.attempt.fail(s, f"local {name} is folded over a loop; the op has {kind(e)!r}")
        return
    loop = e.loop
    start = definition(m, name, where)
    if start is None:
        m.attempt.fail(s, f"local {name} is folded without a value to start from")
        return
    init_step = m.tpl.ast.steps[start]
    inits = m.at(m.ctx, start).expr(init_step.value, expand(loop.init), s)
    step = m.tpl.ast.steps[where]
    in_loop = m.at(loop, where, name)
    for s1 in inits:
        for s2 in in_loop.expr(step.value, loop.tree, s1.evolve(dims=())):
            s3 = _fold_loops(m, step, loop, s2)
            if s3 is not None:
                yield s3.evolve(dims=s.dims)


def _fold_loops(m: Matcher, step, loop, s: State) -> State | None:
    """The fold's indices bound to its loops, and their sizes to the loops' trip counts."""
    dims = dict(s.dims)
    if sorted(dims.values()) != list(range(len(loop.iterators))) or loop.mask:
        m.attempt.fail(s, "the loop carrying the value runs over other points than the "
                          "template's fold")
        return None
    for access in accesses(step):
        decl = m.tpl.ast.param(access.array)
        for sub, size in zip(access.indices, getattr(decl, "dims", ()), strict=False):
            var = plain_subscript(sub)
            if var is None or var not in dims:
                continue
            keys = frozenset(loop.keys.get(dims[var], ()))
            known = s.get("sizes", size)
            if known is not None and not known & keys:
                m.attempt.fail(s, f"size '{size}' of the fold differs from another use")
                return None
            rest = tuple((k, v) for k, v in s.sizes if k != size)
            s = s.evolve(sizes=rest + ((size, keys if known is None else known & keys),))
    return s


def index_value(m: Matcher, name: str, e: Node, s: State) -> Iterator[State]:
    """Index `name` read as a number: the loop counter of the dim it is bound to."""
    if not isinstance(e, Index):
        m.attempt.fail(s, f"payload has {kind(e)!r} where the template reads the index {name}")
        return
    bound = s.get("dims", name)
    if bound is None:
        yield s.bind("dims", name, e.dim)
    elif bound == e.dim:
        yield s
    else:
        m.attempt.fail(s, f"index {name} is read as another loop's counter")


def compare(m: Matcher, t: Compare, e: Node, s: State) -> Iterator[State]:
    """A comparison: the same form, its atoms matched one to one (floats: the same
    relation and sides, `==` and `!=` either way round)."""
    if isinstance(e, FCmp):
        want_float = float_form(t.op, t.lhs, t.rhs)
        if want_float.rel != e.rel:
            m.attempt.fail(s, f"the op compares otherwise than the template ({t})")
            return
        sides = [want_float.big, want_float.small]
        yield from m.seq(sides, [e.big, e.small], s)
        if want_float.rel in ("==", "!="):
            yield from m.seq(sides, [e.small, e.big], s)
        return
    if not isinstance(e, Cmp):
        m.attempt.fail(s, f"payload has {kind(e)!r} where the template compares ({t})")
        return
    relation = template_form(t)
    want = sorted(relation.terms.items(), key=lambda kv: kv[1])
    same = False
    for form in forms_of(e):
        if form.rel != relation.rel or form.const != relation.const or \
                len(form.terms) != len(want):
            continue
        for order in permutations(form.terms.items()):
            if [c for _, c in order] == [c for _, c in want]:
                same = True
                yield from m.seq([a for a, _ in want], [a for a, _ in order], s)
    if not same:
        m.attempt.fail(s, f"the op compares otherwise than the template ({t})")
