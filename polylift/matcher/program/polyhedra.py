"""Questions about statement instances of a loop program, answered exactly by islpy.

Each question is an integer set (instances that would make a rewrite wrong) whose
emptiness ISL decides. Sizes are parameters left free, so an answer holds for every
size. A statement's instances are the points of its loops' bounds (`model.FlatStmt`);
its accesses are the subscripts of its target and of the elements its value reads, and
a variable (`Var(key)`) is one cell, touched by every instance that names it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import islpy as isl

from polylift.matcher.ir.tree import Node, Read, Var
from polylift.matcher.program.model import FlatStmt, Form, LoopAtom, reads


class _Names:
    """ISL names for sizes (parameters), kept per question so the set lists them all."""

    def __init__(self):
        self.params: dict[object, str] = {}

    def param(self, key: object) -> str:
        return self.params.setdefault(key, f"p{len(self.params)}")

    def render(self, form: Form, counter: Callable[[int], str]) -> str:
        terms = [str(form.const)]
        for atom, coeff in form.terms:
            name = counter(atom.depth) if isinstance(atom, LoopAtom) else self.param(atom.key)
            terms.append(f"{coeff}*{name}")
        return " + ".join(terms)

    def domain(self, stmt: FlatStmt, counter: Callable[[int], str]) -> list[str]:
        cons = []
        for level, loop in enumerate(stmt.loops):
            cons.append(f"{counter(level)} >= {self.render(loop.lower, counter)}")
            cons.append(f"{counter(level)} < {self.render(loop.upper, counter)}")
        return cons

    def empty(self, variables: list[str], cons: list[str]) -> bool:
        text = f"[{', '.join(self.params.values())}] -> {{ [{', '.join(variables)}] : " \
               f"{' and '.join(cons) or 'true'} }}"
        return isl.Set(text).is_empty()


def same_cell(a: Node, b: Node) -> bool:
    """Whether two accesses may touch one cell: elements of one array, or one variable."""
    match a, b:
        case Read(array=x), Read(array=y):
            return x == y
        case Var(key=x), Var(key=y):
            return x == y
    return False


def accesses(stmt: FlatStmt) -> Iterator[tuple[Node, bool]]:
    """Every access of a statement: (the element or variable, written?)."""
    yield stmt.stmt.target, True
    for leaf in reads(stmt.stmt.value):
        yield leaf, False


def apart(stmt: FlatStmt, a: tuple[Form, ...], b: tuple[Form, ...]) -> bool:
    """Whether subscripts `a` and `b` name different elements at every instance."""
    names = _Names()
    cons = names.domain(stmt, _counter)
    cons += [f"{names.render(x, _counter)} = {names.render(y, _counter)}"
             for x, y in zip(a, b, strict=True)]
    return names.empty([_counter(k) for k in range(stmt.depth)], cons)


def never_touches(other: FlatStmt, subscripts: tuple[Form, ...], owner: FlatStmt,
                  element: tuple[Form, ...], shared: int) -> bool:
    """Whether `other` never accesses `element` of `owner` at `subscripts` in the same
    iteration of the `shared` loops both statements share."""
    names = _Names()

    def mine(k: int) -> str:  # the loops both share are the same counters
        return f"c{k}" if k < shared else f"q{k}"

    cons = names.domain(other, mine) + names.domain(owner, _counter)[:2 * shared]
    cons += [f"{names.render(x, mine)} = {names.render(y, _counter)}"
             for x, y in zip(subscripts, element, strict=True)]
    variables = [mine(k) for k in range(max(other.depth, shared))]
    return names.empty(variables, cons)


def _counter(k: int) -> str:
    return f"c{k}"


def _before(a: tuple[int, ...], b: tuple[int, ...], sa: str, sb: str) -> str:
    """The condition that an instance at places `a` (counters `sa0`, `sa1`, ...) runs
    before one at places `b`: schedules `(place0, counter0, place1, ...)` compare
    lexicographically, places as numbers, counters as variables."""
    terms: list[str] = []
    equal: list[str] = []
    for x, y in zip(_schedule(a, sa), _schedule(b, sb), strict=False):
        if isinstance(x, int) and isinstance(y, int):
            if x != y:
                if x < y:
                    terms.append(" and ".join(equal) or "true")
                break
            continue
        terms.append(" and ".join([*equal, f"{x} < {y}"]))
        equal.append(f"{x} = {y}")
    return "(" + " or ".join(f"({t})" for t in terms) + ")" if terms else "false"


def _schedule(position: tuple[int, ...], prefix: str) -> list[int | str]:
    found: list[int | str] = []
    for level, place in enumerate(position):
        found.append(place)
        if level + 1 < len(position):
            found.append(f"{prefix}{level}")
    return found


def same_order(stmts: list[FlatStmt], places: list[tuple[int, ...]]) -> bool:
    """Whether running the instances of `stmts` in the order of `places` (another
    program's places of the same statements over the same loops) keeps the order of
    every two instances that touch one element, one of them writing: then every read
    sees the same write, and every element ends with the same last write."""
    for i, first in enumerate(stmts):
        for j, second in enumerate(stmts):
            for a, written_a in accesses(first):
                for b, written_b in accesses(second):
                    if not same_cell(a, b) or not (written_a or written_b):
                        continue
                    if not _kept(first, a, places[i], second, b, places[j]):
                        return False
    return True


def _kept(first: FlatStmt, a: Node, place_a: tuple[int, ...], second: FlatStmt, b: Node,
          place_b: tuple[int, ...]) -> bool:
    """No instance of `first` runs before one of `second` in the program and after it
    in the other order, both touching the same cell."""
    names = _Names()
    sa, sb = (lambda k: f"s{k}"), (lambda k: f"t{k}")
    cons = names.domain(first, sa) + names.domain(second, sb)
    if isinstance(a, Read) and isinstance(b, Read):
        cons += [f"{names.render(x, sa)} = {names.render(y, sb)}"
                 for x, y in zip(a.subscripts, b.subscripts, strict=True)]
    cons.append(_before(first.position, second.position, "s", "t"))
    cons.append(_before(place_b, place_a, "t", "s"))
    variables = [sa(k) for k in range(first.depth)] + [sb(k) for k in range(second.depth)]
    return names.empty(variables, cons)

