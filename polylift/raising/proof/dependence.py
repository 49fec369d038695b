"""Exact dependence tests between statement instances, with islpy.

Each question is put as an integer set (the pairs of instances that would be
reordered and touch the same element, one of them writing) and answered by asking ISL
whether the set is empty. Parameters (sizes) are unconstrained, so an answer of
"independent" holds for every size. A question whose set is empty over the rationals
already, or that has a point found by elimination and checked against every constraint
(`rational.py`), is answered without ISL: most of a PolyBench nest's are.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from polylift.mlir import ir
from polylift.raising.nest_model.linear import Linear, Namer, render
from polylift.raising.nest_model.model import Access, Loop, Statement
from polylift.raising.proof.rational import Row, integer_point, rationally_empty

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

    def row(self, form: Linear, sign: int = 1) -> list[tuple[str, int]]:
        """The terms of `sign * form` by the names of this instance."""
        return [(self.name(value), sign * coeff) for value, coeff in form.terms]

    def domain_rows(self) -> list[Row]:
        """The iteration domain's bounds as rows, without the steps' strides: a larger
        set, which proves "empty" only when the domain's set is empty too."""
        rows = []
        for loop in self.loops:
            iv = ((self.names[loop.iv], 1),)
            rows += [Row(iv + tuple(self.row(lb, -1)), -lb.const) for lb in loop.lower]
            # An integer below an exclusive bound is at most the bound minus one.
            rows += [Row(tuple(self.row(ub)) + ((iv[0][0], -1),), ub.const - 1)
                     for ub in loop.upper]
        return rows

    def on_strides(self, point: dict[str, int]) -> bool:
        """Whether `point` puts every counter on its loop's stride (`domain`'s
        `exists` constraints; names `point` lacks are 0, as in `Row.holds`)."""
        for loop in self.loops:
            if loop.step != 1 and loop.lower:
                first = loop.lower[0]
                start = first.const + sum(c * point.get(self.name(v), 0) for v, c in first.terms)
                if (point.get(self.names[loop.iv], 0) - start) % loop.step:
                    return False
        return True


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


def _lex_rows(a: _Instance, b: _Instance, depth: int) -> list[list[Row]]:
    """`_lex_before` as rows: one system per way `a` comes first (equal outer
    counters, then counter k of `a` at least one below `b`'s: they are integers)."""
    systems = []
    for k in range(depth):
        equal = [Row(((f"{a.tag}{m}", 1), (f"{b.tag}{m}", -1)), 0, equal=True)
                 for m in range(k)]
        systems.append(equal + [Row(((f"{b.tag}{k}", 1), (f"{a.tag}{k}", -1)), -1)])
    return systems


def _settled(a: _Instance, acc_a: Access, b: _Instance, acc_b: Access,
             orders: list[list[Row]]) -> bool | None:
    """`_conflict_set`'s answer where it is settled without ISL: False when the set is
    empty over the rationals for every one of `orders` (so over the integers too),
    True when a point of one of them meets every constraint; None: ask ISL."""
    same = [Row(tuple(a.row(x) + b.row(y, -1)), x.const - y.const, equal=True)
            for x, y in zip(acc_a.index, acc_b.index, strict=True)]
    base = a.domain_rows() + b.domain_rows() + same
    systems = [base + order for order in orders]
    if all(rationally_empty(system) for system in systems):
        return False
    for system in systems:
        point = integer_point(system)
        if point is not None and all(row.holds(point) for row in system) \
                and a.on_strides(point) and b.on_strides(point):
            return True
    return None


def _accesses(stmt: Statement) -> list[Access]:
    return [stmt.write] + stmt.reads


def reversed_dependence(first: Statement, second: Statement) -> Access | None:
    """An access of `second` that some instance of `first` depends on in reverse.

    Distributing the loops around `first` (textually earlier) and `second` runs every
    instance of `first` before every instance of `second`. That is legal unless an
    instance of `second` touches an element that an instance of `first` touches later,
    one of the two writing it: a later iteration of the common loops, or the same one
    where `second`'s access runs first (a read loaded ahead of `first`'s store, as
    `v0 = x[i]; v1 = x[i+1]; x[i] = f(v0, v1); x[i+1] = g(v0, v1)` loads both).
    """
    depth = _common_depth(first, second)
    params = Namer()
    a, b = _Instance("a", first.loops, params), _Instance("b", second.loops, params)
    for acc_a in _accesses(first):
        for acc_b in _accesses(second):
            if acc_a.memref != acc_b.memref or not (acc_a.write or acc_b.write):
                continue
            _name_params(params, acc_a, acc_b, first, second)
            if _reversed(a, acc_a, b, acc_b, depth):
                return acc_b
    return None


def _reversed(a: _Instance, acc_a: Access, b: _Instance, acc_b: Access, depth: int) -> bool:
    """Whether an instance of `b`'s access touches `a`'s element before `a` does."""
    orders, extra = _lex_rows(b, a, depth), _lex_before(b, a, depth)
    if depth and _in_memory(acc_a) and _in_memory(acc_b) and runs_before(acc_b.op, acc_a.op):
        orders.append(_same_rows(a, b, depth))
        same = " and ".join(f"{b.tag}{m} = {a.tag}{m}" for m in range(depth))
        extra = f"({extra} or ({same}))"
    found = _settled(b, acc_b, a, acc_a, orders)
    if found is None:
        found = not _conflict_set(b, acc_b, a, acc_a, extra).is_empty()
    return found


def _in_memory(acc: Access) -> bool:
    """Whether the access is a load or store of the program's, whose op runs where it
    touches the element (a temporary's read stands at the loop computing its value)."""
    return acc.loaded is None and acc.op.name in _MEMORY_OPS


_MEMORY_OPS = ("affine.load", "affine.store", "memref.load", "memref.store")


def _same_rows(a: _Instance, b: _Instance, depth: int) -> list[Row]:
    """The first `depth` counters of `a` and `b` equal: one iteration of common loops."""
    return [Row(((f"{a.tag}{m}", 1), (f"{b.tag}{m}", -1)), 0, equal=True)
            for m in range(depth)]


def runs_before(x: ir.Operation, y: ir.Operation) -> bool:
    """Whether `x` runs before `y` in one iteration of the loops around both: the op
    holding `x` comes first in the innermost block that holds both."""
    holders_of_y = _holders(y)
    for holder_x in _holders(x):
        for holder_y in holders_of_y:
            if holder_x.block == holder_y.block:
                if holder_x == holder_y:
                    return False
                for op in holder_x.block.operations:
                    if op.operation == holder_x:
                        return True
                    if op.operation == holder_y:
                        return False
    return False


def _holders(op: ir.Operation) -> list[ir.Operation]:
    """`op` and the ops around it, innermost first."""
    found = [op.operation]
    while found[-1].parent is not None and found[-1].parent.name != "builtin.module":
        found.append(found[-1].parent.operation)
    return found


def carried_self_dependence(stmt: Statement, read: Access) -> bool:
    """Whether `read` may see the statement's own write from another iteration."""
    params = Namer()
    a, b = _Instance("a", stmt.loops, params), _Instance("b", stmt.loops, params)
    _name_params(params, stmt.write, read, stmt, stmt)
    depth = len(stmt.loops)
    found = _settled(a, stmt.write, b, read, _lex_rows(a, b, depth) + _lex_rows(b, a, depth))
    if found is not None:
        return found
    differ = "(" + _lex_before(a, b, depth) + " or " + _lex_before(b, a, depth) + ")"
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
