"""Questions about statement instances of a loop program, answered exactly.

Each question is an integer set (instances that would make a rewrite wrong), a union
of systems of linear constraints, whose emptiness is decided exactly. Sizes are
parameters left free, so an answer holds for every size. A statement's instances are
the points of its loops' bounds (`model.FlatStmt`); its accesses are the subscripts of
its target and of the elements its value reads, and a variable (`Var(key)`) is one
cell, touched by every instance that names it.

Most questions are settled by elimination (`raising/proof/rational.py`): empty over the
rationals, or with an integer point that meets every constraint. What is left goes to
ISL, imported only then (about 25 ms).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from polylift.matcher.ir.tree import Node, Read, Var
from polylift.matcher.program.model import FlatStmt, Form, LoopAtom, reads
from polylift.raising.proof.rational import Row, integer_point, rationally_empty

# A question: the union of systems, each the conjunction of its rows.
Union = list[list[Row]]


class _Names:
    """ISL names for sizes (parameters), kept per question so the set lists them all."""

    def __init__(self):
        self.params: dict[object, str] = {}

    def param(self, key: object) -> str:
        return self.params.setdefault(key, f"p{len(self.params)}")

    def terms(self, form: Form, counter: Callable[[int], str],
              sign: int = 1) -> list[tuple[str, int]]:
        """The terms of `sign * form`, counters and sizes by their names."""
        return [(counter(atom.depth) if isinstance(atom, LoopAtom) else self.param(atom.key),
                 sign * coeff) for atom, coeff in form.terms]

    def same(self, x: Form, cx: Callable[[int], str], y: Form,
             cy: Callable[[int], str]) -> Row:
        """`x = y`, the counters of each named by its own namer."""
        return Row(tuple(self.terms(x, cx) + self.terms(y, cy, -1)), x.const - y.const,
                   equal=True)

    def domain(self, stmt: FlatStmt, counter: Callable[[int], str]) -> list[Row]:
        """Two rows per loop: its counter at least the lower bound and below the upper
        (an integer below it is at most the bound minus one)."""
        rows = []
        for level, loop in enumerate(stmt.loops):
            # Data bounds have no form; prove.py asks no order question around them.
            assert isinstance(loop.lower, Form) and isinstance(loop.upper, Form)
            c = ((counter(level), 1),)
            rows.append(Row(c + tuple(self.terms(loop.lower, counter, -1)), -loop.lower.const))
            rows.append(Row(tuple(self.terms(loop.upper, counter)) + ((c[0][0], -1),),
                            loop.upper.const - 1))
        return rows

    def empty(self, variables: list[str], systems: Union) -> bool:
        """Whether no integer point satisfies any of `systems`: proven by elimination
        where it can be (empty over the rationals, or a point checked against every
        row), else by ISL."""
        if all(rationally_empty(rows) for rows in systems):
            return True
        for rows in systems:
            point = integer_point(rows)
            if point is not None and all(row.holds(point) for row in rows):
                return False
        return self._isl_empty(variables, systems)

    def _isl_empty(self, variables: list[str], systems: Union) -> bool:
        import islpy as isl  # only for what elimination leaves open

        def text(row: Row) -> str:
            lhs = " + ".join([f"{c}*{n}" for n, c in row.terms] + [str(row.const)])
            return f"{lhs} {'=' if row.equal else '>='} 0"

        union = " or ".join("(" + (" and ".join(map(text, rows)) or "true") + ")"
                            for rows in systems) or "false"
        return isl.Set(f"[{', '.join(self.params.values())}] -> "
                       f"{{ [{', '.join(variables)}] : {union} }}").is_empty()


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
    rows = names.domain(stmt, _counter)
    rows += [names.same(x, _counter, y, _counter) for x, y in zip(a, b, strict=True)]
    return names.empty([_counter(k) for k in range(stmt.depth)], [rows])


def never_touches(other: FlatStmt, subscripts: tuple[Form, ...], owner: FlatStmt,
                  element: tuple[Form, ...], shared: int) -> bool:
    """Whether `other` never accesses `element` of `owner` at `subscripts` in the same
    iteration of the `shared` loops both statements share."""
    names = _Names()

    def mine(k: int) -> str:  # the loops both share are the same counters
        return f"c{k}" if k < shared else f"q{k}"

    rows = names.domain(other, mine) + names.domain(owner, _counter)[:2 * shared]
    rows += [names.same(x, mine, y, _counter) for x, y in zip(subscripts, element, strict=True)]
    variables = [mine(k) for k in range(max(other.depth, shared))]
    return names.empty(variables, [rows])


def _counter(k: int) -> str:
    return f"c{k}"


def _before(a: tuple[int, ...], b: tuple[int, ...], sa: str, sb: str) -> Union:
    """The condition that an instance at places `a` (counters `sa0`, `sa1`, ...) runs
    before one at places `b`: schedules `(place0, counter0, place1, ...)` compare
    lexicographically, places as numbers, counters as variables. One system per way
    (no system: never; an empty system: always)."""
    systems: Union = []
    equal: list[Row] = []
    for x, y in zip(_schedule(a, sa), _schedule(b, sb), strict=False):
        if isinstance(x, int) and isinstance(y, int):
            if x != y:
                if x < y:
                    systems.append(list(equal))
                break
            continue
        # x < y between integers: y - x - 1 >= 0.
        systems.append([*equal, _difference(y, x, -1, equal=False)])
        equal.append(_difference(x, y, 0, equal=True))
    return systems


def _difference(x: int | str, y: int | str, const: int, equal: bool) -> Row:
    """`x - y + const` (`== 0` or `>= 0`), each side a counter's name or a place."""
    terms = tuple((v, k) for v, k in ((x, 1), (y, -1)) if isinstance(v, str))
    places = sum(k * v for v, k in ((x, 1), (y, -1)) if isinstance(v, int))
    return Row(terms, const + places, equal=equal)


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
    rows = names.domain(first, sa) + names.domain(second, sb)
    if isinstance(a, Read) and isinstance(b, Read):
        rows += [names.same(x, sa, y, sb) for x, y in zip(a.subscripts, b.subscripts,
                                                          strict=True)]
    systems = [rows + here + there for here in _before(first.position, second.position, "s", "t")
               for there in _before(place_b, place_a, "t", "s")]
    variables = [sa(k) for k in range(first.depth)] + [sb(k) for k in range(second.depth)]
    return names.empty(variables, systems)

