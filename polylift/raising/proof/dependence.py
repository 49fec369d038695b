"""Exact dependence tests between statement instances, with islpy.

Each question is put as an integer set (the pairs of instances that would be
reordered and touch the same element, one of them writing) and answered by asking ISL
whether the set is empty. Parameters (sizes) are unconstrained, so an answer of
"independent" holds for every size. A question whose subscripts pin the counters it
orders instances by is answered first without ISL (`same_counters`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from polylift.mlir import ir
from polylift.raising.nest_model.linear import Linear, Namer, render
from polylift.raising.nest_model.model import Access, Loop, Statement
from polylift.raising.proof.same_counters import same_counters

if TYPE_CHECKING:
    import islpy as isl


class _Instance:
    """Names the counters of one statement instance (`a_0`, `a_1`, ...)."""

    def __init__(self, tag: str, loops: list[Loop], params: Namer):
        self.tag = tag
        self.loops = loops
        self.params = params
        self.names = {loop.iv: f"{tag}{k}" for k, loop in enumerate(loops)}

    def name(self, value: ir.Value) -> str:
        return self.names.get(value) or self.params.name(value, "p")

    def form(self, form: Linear) -> str:
        return render(form, self.name)

    def domain(self) -> list[str]:
        """Constraints of the iteration domain (bounds and steps)."""
        cons = []
        for k, loop in enumerate(self.loops):
            iv = self.names[loop.iv]
            cons += [f"{iv} >= {self.form(lb)}" for lb in loop.lower]
            cons += [f"{iv} < {self.form(ub)}" for ub in loop.upper]
            if loop.step != 1 and loop.lower:
                first = self.form(loop.lower[0])
                cons.append(f"exists (t{self.tag}{k}: {iv} = {first} + {loop.step}t{self.tag}{k})")
        return cons


def _lex_before(a: _Instance, b: _Instance, depth: int) -> str:
    """`a`'s first `depth` counters are lexicographically before `b`'s."""
    terms = []
    for k in range(depth):
        equal = [f"{a.tag}{m} = {b.tag}{m}" for m in range(k)]
        terms.append("(" + " and ".join(equal + [f"{a.tag}{k} < {b.tag}{k}"]) + ")")
    return "(" + " or ".join(terms) + ")" if terms else "false"


def _conflict_set(a: _Instance, acc_a: Access, b: _Instance, acc_b: Access,
                  extra: str) -> isl.Set:
    # islpy (about 35 ms with its imports) only when a question is put to it: a nest
    # of one statement whose reads are its write's element asks none.
    import islpy as isl

    cons = a.domain() + b.domain()
    cons += [f"{a.form(x)} = {b.form(y)}" for x, y in zip(acc_a.index, acc_b.index, strict=True)]
    cons.append(extra)
    variables = list(a.names.values()) + list(b.names.values())
    params = sorted(set(a.params.names.values()))
    text = f"[{', '.join(params)}] -> {{ [{', '.join(variables)}] : {' and '.join(cons)} }}"
    return isl.Set(text)


def _accesses(stmt: Statement) -> list[Access]:
    return [stmt.write] + stmt.reads


def reversed_dependence(first: Statement, second: Statement) -> Access | None:
    """An access of `second` that some instance of `first` depends on in reverse.

    Distributing the loops around `first` (textually earlier) and `second` runs every
    instance of `first` before every instance of `second`. That is legal unless an
    instance of `second` that came earlier in the common loops touches an element
    that a later instance of `first` also touches, one of the two writing it.
    """
    depth = _common_depth(first, second)
    shared, counters = first.ivs[:depth], {*first.ivs, *second.ivs}
    params = Namer()
    a, b = _Instance("a", first.loops, params), _Instance("b", second.loops, params)
    for acc_a in _accesses(first):
        for acc_b in _accesses(second):
            if acc_a.memref != acc_b.memref or not (acc_a.write or acc_b.write):
                continue
            # Instances of one element agree on the common counters: neither is before.
            if same_counters(acc_a.index, acc_b.index, shared, counters):
                continue
            _name_params(params, acc_a, acc_b, first, second)
            if not _conflict_set(b, acc_b, a, acc_a, _lex_before(b, a, depth)).is_empty():
                return acc_b
    return None


def carried_self_dependence(stmt: Statement, read: Access) -> bool:
    """Whether `read` may see the statement's own write from another iteration."""
    if same_counters(stmt.write.index, read.index, stmt.ivs, set(stmt.ivs)):
        return False  # an element is written and read in one iteration only
    params = Namer()
    a, b = _Instance("a", stmt.loops, params), _Instance("b", stmt.loops, params)
    _name_params(params, stmt.write, read, stmt, stmt)
    differ = "(" + _lex_before(a, b, len(stmt.loops)) + " or " + \
        _lex_before(b, a, len(stmt.loops)) + ")"
    return not _conflict_set(a, stmt.write, b, read, differ).is_empty()


def _name_params(params: Namer, acc_a: Access, acc_b: Access, sa: Statement,
                 sb: Statement) -> None:
    """Name every parameter up front, so the set's parameter list is complete."""
    ivs = set(sa.ivs) | set(sb.ivs)
    forms = list(acc_a.index) + list(acc_b.index)
    for loop in sa.loops + sb.loops:
        forms += loop.lower + loop.upper
    for form in forms:
        for value in form.variables():
            if value not in ivs:
                params.name(value, "p")


def _common_depth(a: Statement, b: Statement) -> int:
    depth = 0
    for la, lb in zip(a.loops, b.loops, strict=False):
        if la is not lb:
            break
        depth += 1
    return depth
