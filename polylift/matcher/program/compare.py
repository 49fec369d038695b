"""Whether a loop nest's program is a template's, statement by statement.

Both programs are flattened (`model.flatten`) and normalised alike: scalar accumulators
read as their elements (`promote.py`), values in `model.canonical` form. Then the k-th
statement of one is the k-th of the other when

- they sit in as many loops, and the loops at each depth have the same bounds (counters
  are compared by depth, so names do not matter; a template size binds to a size value
  of the nest, or to a constant trip count);
- they write the same element (a template array binds to one root, each root to one
  array) or the same variable (locals bind one to one), and
- their values are the same tree, the operands of one `+` or `*` possibly swapped.

A `Pairing` is what binds so far. `Comparer.failure` keeps the first difference of the
attempt that got furthest, in words, for remarks.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass, replace

from polylift.matcher.ir.ir_model import ConstSize, SizeKey
from polylift.matcher.ir.tree import (
    Apply,
    Const,
    Counter,
    Index,
    Node,
    Read,
    Scalar,
    Val,
    Var,
    children,
    kind,
)
from polylift.matcher.program.model import FlatStmt, Form, LoopAtom, SizeAtom, canonical
from polylift.mlir import ir
from polylift.tdl.ast import ScalarDecl, Template


@dataclass(frozen=True)
class Pairing:
    """Template name -> nest value, per table (`arrays`: roots, `sizes`: size keys,
    `ConstSize(k)` for a constant trip count, `scalars`: nodes, `vars`: variables)."""

    arrays: tuple[tuple[str, ir.Value], ...] = ()
    sizes: tuple[tuple[str, SizeKey], ...] = ()
    scalars: tuple[tuple[str, Node], ...] = ()
    vars: tuple[tuple[str, Node], ...] = ()

    def get(self, table: str, name: object) -> object:
        """What `name` is bound to in `table`, or None."""
        return dict(getattr(self, table)).get(name)

    def owner(self, table: str, value: object) -> object:
        """The template name bound to `value` in `table`, or None."""
        return next((k for k, v in getattr(self, table) if v == value), None)

    def bind(self, table: str, name: object, value: object) -> Pairing:
        """This pairing with one more binding."""
        return replace(self, **{table: (*getattr(self, table), (name, value))})


@dataclass(frozen=True)
class Place:
    """The statement being compared: its index, how messages name it, and the names of
    its counters by depth (the template's)."""

    k: int = 0
    where: str = "a statement"
    names: tuple[str, ...] = ()


class Comparer:
    """Pairs the statements of a template's program with a nest's."""

    def __init__(self, tpl: Template, names: dict | None = None):
        self.tpl = tpl
        self.names = names or {}  # the nest's arrays by name, for messages
        self.progress = -1
        self.failure = "the nest computes another program"

    def fail(self, progress: int, reason: str) -> None:
        """Keep `reason` if this attempt got further than any before."""
        if progress > self.progress:
            self.progress, self.failure = progress, reason

    def programs(self, mine: list[FlatStmt], theirs: list[FlatStmt], p: Pairing = Pairing(),
                 used: tuple[int, ...] = ()) -> Iterator[tuple[Pairing, tuple[int, ...]]]:
        """Every pairing under which each statement of the template is one of the nest's,
        each used once, with the nest's statement of each (`used`). A statement's own
        place is tried first; another order is the dependence test's to allow."""
        k = len(used)
        if k == len(mine):
            if len(used) == len(theirs):
                yield p, used
            else:
                extra = next(j for j in range(len(theirs)) if j not in used)
                self.fail(1000 * k, "the nest has more statements than the template: "
                                    f"its statement {extra + 1} is none of the template's")
            return
        free = [j for j in range(len(theirs)) if j not in used]
        if not any(theirs[j].depth == mine[k].depth for j in free):
            self.fail(1000 * k + 1, f"statement {k + 1} ({mine[k].stmt.text}) of the template "
                                    "has no counterpart: no statement of the nest is left "
                                    f"inside {mine[k].depth} loop(s)")
        for j in sorted(free, key=lambda j: (j != free[0], j)):
            for p1 in self.statement(k, mine[k], theirs[j], p):
                yield from self.programs(mine, theirs, p1, (*used, j))

    def statement(self, k: int, t: FlatStmt, e: FlatStmt, p: Pairing) -> Iterator[Pairing]:
        at = Place(k, f"statement {k + 1} ({t.stmt.text})",
                   tuple(loop.name or f"d{d}" for d, loop in enumerate(t.loops)))
        if t.depth != e.depth:
            self.fail(1000 * k, f"{at.where} is inside {t.depth} loop(s) in the template, "
                                f"{e.depth} in the nest")
            return
        for p1 in self.bounds(at, t, e, p, 0):
            targets = list(self.node(at, t.stmt.target, e.stmt.target, p1))
            if not targets:
                self.fail(1000 * k + 200, f"{at.where}: the nest writes "
                                          f"{self.show(at, e.stmt.target, p1)} where the "
                                          f"template writes {self.show(at, t.stmt.target, p1)}")
            for p2 in targets:
                yield from self.node(at, canonical(t.stmt.value), canonical(e.stmt.value), p2,
                                     1)

    def bounds(self, at: Place, t: FlatStmt, e: FlatStmt, p: Pairing,
               level: int) -> Iterator[Pairing]:
        if level == t.depth:
            yield p
            return
        mine, theirs = t.loops[level], e.loops[level]
        found = [p2 for p1 in self.bound_of(at, mine.lower, theirs.lower, p)
                 for p2 in self.bound_of(at, mine.upper, theirs.upper, p1)]
        if not found:
            self.fail(1000 * at.k + 100 + level,
                      f"{at.where}: the loop of '{at.names[level]}' runs from "
                      f"{self.limit(at, theirs.lower, p)} to {self.limit(at, theirs.upper, p)} "
                      f"in the nest, from {self.limit(at, mine.lower, p)} to "
                      f"{self.limit(at, mine.upper, p)} in the template")
        for p1 in found:
            yield from self.bounds(at, t, e, p1, level + 1)

    def bound_of(self, at: Place, t: Form | Node, e: Form | Node,
                 p: Pairing) -> Iterator[Pairing]:
        """A loop bound: forms alike, or the elements data bounds read alike."""
        if isinstance(t, Form) and isinstance(e, Form):
            yield from self.form(t, e, p)
        elif not isinstance(t, Form) and not isinstance(e, Form):
            yield from self._node(at, canonical(t), canonical(e), p, 0)

    def limit(self, at: Place, bound: Form | Node, p: Pairing) -> str:
        """A loop bound in the template's names."""
        return self.text(at, bound, p) if isinstance(bound, Form) else self.show(at, bound, p)

    def form(self, t: Form, e: Form, p: Pairing) -> Iterator[Pairing]:
        """Bind the template's sizes in `t` so that it is `e`."""
        unbound = [(a.key, c) for a, c in t.terms if isinstance(a, SizeAtom)
                   and p.get("sizes", a.key) is None]
        if not unbound:
            if self.bound(t, p) == e:
                yield p
            return
        name, coeff = unbound[0]
        options: list[object] = [a.key for a, c in e.terms
                                 if isinstance(a, SizeAtom) and c == coeff]
        rest = self.bound(Form.of({a: c for a, c in t.terms if a != SizeAtom(name)},
                                  t.const), p)
        if len(unbound) == 1 and (e.const - rest.const) % coeff == 0:
            options.append(ConstSize((e.const - rest.const) // coeff))
        for option in options:
            yield from self.form(t, e, p.bind("sizes", name, option))

    @staticmethod
    def bound(t: Form, p: Pairing) -> Form:
        """The template form with its bound sizes replaced by the nest's."""
        out = Form.of({a: c for a, c in t.terms if not isinstance(a, SizeAtom)}, t.const)
        for atom, coeff in t.terms:
            if not isinstance(atom, SizeAtom):
                continue
            match p.get("sizes", atom.key):
                case None:  # unbound: the template's own size
                    out = out.plus(Form.of({atom: coeff}))
                case ConstSize(value=value):
                    out = out.plus(Form(const=value), coeff)
                case key:
                    out = out.plus(Form.of({SizeAtom(key): coeff}))
        return out

    def node(self, at: Place, t: Node, e: Node, p: Pairing,
             level: int = 0) -> Iterator[Pairing]:
        """Every extension of `p` under which template node `t` is nest node `e`; at
        `level` > 0 (inside a value) a node that never is one is the difference."""
        found = False
        for p1 in self._node(at, t, e, p, level):
            found = True
            yield p1
        if not found and level:
            self.fail(1000 * at.k + 300 + level, f"{at.where}: the nest has "
                      f"{self.show(at, e, p)} where the template has {self.show(at, t, p)}")

    def _node(self, at: Place, t: Node, e: Node, p: Pairing, level: int) -> Iterator[Pairing]:
        match t, e:
            case Read(), Read():
                yield from self.element(t, e, p)
            case Var(key=key), Var():
                yield from self.one_to_one("vars", key, e, p)
            case Scalar(name=name), Val() | Const():
                yield from self.scalar(name, e, p)
            case Const(value=number), Const(value=other) if _same_number(number, other):
                yield p
            case Index(), _ if e == t:
                yield p
            case _ if _inner(t) and kind(e) == kind(t) and _inner(e) and \
                    len(children(e)) == len(children(t)):
                orders = [children(e)]
                if kind(t) in ("+", "*") and len(children(e)) == 2:
                    orders.append(children(e)[::-1])
                for order in orders:
                    yield from self.each(at, list(children(t)), list(order), p, level + 1)

    def each(self, at: Place, ts: list[Node], es: list[Node], p: Pairing,
             level: int) -> Iterator[Pairing]:
        if not ts:
            yield p
            return
        for p1 in self.node(at, ts[0], es[0], p, level):
            yield from self.each(at, ts[1:], es[1:], p1, level)

    def element(self, t: Read, e: Read, p: Pairing) -> Iterator[Pairing]:
        if len(t.subscripts) != len(e.subscripts):
            return
        p1 = p
        bound = p.get("arrays", t.array)
        if bound is None:
            if p.owner("arrays", e.array) is not None:
                return  # another template array is this root already
            p1 = p.bind("arrays", t.array, e.array)
        elif bound != e.array:
            return
        yield from self.subscripts(list(t.subscripts), list(e.subscripts), p1)

    def subscripts(self, ts: list[Form], es: list[Form], p: Pairing) -> Iterator[Pairing]:
        if not ts:
            yield p
            return
        for p1 in self.form(ts[0], es[0], p):
            yield from self.subscripts(ts[1:], es[1:], p1)

    @staticmethod
    def one_to_one(table: str, name: object, value: object, p: Pairing) -> Iterator[Pairing]:
        bound = p.get(table, name)
        if bound is None and p.owner(table, value) is None:
            yield p.bind(table, name, value)
        elif bound == value:
            yield p

    def scalar(self, name: str, e: Node, p: Pairing) -> Iterator[Pairing]:
        decl = self.tpl.param(name)
        assert isinstance(decl, ScalarDecl)
        if decl.fixed is not None and not (isinstance(e, Const)
                                           and _same_number(decl.fixed, e.value)):
            return
        bound = p.get("scalars", name)
        if bound is None:
            yield p.bind("scalars", name, e)
        elif bound == e:
            yield p

    @staticmethod
    def text(at: Place, form: Form, p: Pairing) -> str:
        """A form in the template's names (counters by depth, sizes as bound)."""
        names = at.names
        terms = []
        for atom, coeff in sorted(form.terms, key=lambda tc: _atom_order(tc[0]) + str(tc[1])):
            match atom:
                case LoopAtom(depth=depth) if depth < len(names):
                    name = names[depth]
                case SizeAtom(key=key):
                    name = _size_name(p, key)
                case _:
                    name = "?"
            terms.append(name if coeff == 1 else f"-{name}" if coeff == -1 else
                         f"{coeff}*{name}")
        if form.const or not terms:
            terms.append(str(form.const))
        return " + ".join(terms).replace("+ -", "- ")

    def show(self, at: Place, node: Node, p: Pairing) -> str:
        """A node in the template's notation, arrays and scalars by their bound names."""
        match node:
            case Read(array=array, subscripts=subscripts):
                name = array if isinstance(array, str) else \
                    p.owner("arrays", array) or self.names.get(array, "?")
                return f"{name}[{', '.join(self.text(at, f, p) for f in subscripts)}]"
            case Var(key=key):
                return key if isinstance(key, str) else str(p.owner("vars", node) or "a scalar")
            case Scalar(name=name):
                return name
            case Const(value=value):
                return f"{value:g}"
            case Val():
                return str(p.owner("scalars", node) or "a value")
            case Index() | Counter():
                depth = node.dim if isinstance(node, Index) else -1
                return f"counter {at.names[depth]}" if 0 <= depth < len(at.names) else \
                    "a counter read as a number"
            case Apply("+" | "*" | "/" | "-" as op, (lhs, rhs)):
                return f"({self.show(at, lhs, p)} {op} {self.show(at, rhs, p)})"
            case Apply("neg", (operand,)):
                return f"-{self.show(at, operand, p)}"
        return f"{kind(node)}({', '.join(self.show(at, c, p) for c in children(node))})"


def _inner(node: Node) -> bool:
    """An operator or comparison, which matches node for node (a leaf has its own rule)."""
    return not isinstance(node, Read | Var | Scalar | Const | Val | Index | Counter)


def _atom_order(atom: LoopAtom | SizeAtom) -> str:
    """How messages order a form's terms: counters, then sizes."""
    return "loop" if isinstance(atom, LoopAtom) else "size"


def _size_name(p: Pairing, key: object) -> str:
    """A size by its template name (a template's own, or the one bound to a nest's)."""
    return key if isinstance(key, str) else str(p.owner("sizes", key) or "a size")


def _same_number(a: float, b: float) -> bool:
    """Equal numbers with equal signs (0.0 and -0.0 are different constants)."""
    return a == b and math.copysign(1.0, a) == math.copysign(1.0, b)
