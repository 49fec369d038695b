"""A loop program, as both a template and a loop nest state it: loops whose bounds are
affine forms of the enclosing counters and of sizes, and statements in source order.

One model serves both sides, so that proving a nest computes a template's program is a
comparison of two values of it (`compare.py`), modulo the names each side gives.

- A `Form` is `sum(coeff * atom) + const`. Atoms are `LoopAtom(d)`, the counter of the
  enclosing loop at depth d (0 outermost: counters are named by position, so renaming a
  loop changes nothing), and `SizeAtom(key)`, a size: a template's size symbol, or in a
  nest the `ir_model.value_key` of the index value a bound or subscript reads.
- A statement writes an element `Read(array, subscripts)` or a scalar variable
  `Var(key)` (a template's local, a nest's loop-carried value) with a value tree
  (`tree.py`'s payload nodes, plus `Read` and `Var` leaves and `Scalar(name)` for a
  template's scalar parameter).
- `flatten` lists the statements with their enclosing loops and their place in the
  source (`FlatStmt.position`: the statement's index among its siblings at each level),
  which is all the order there is: statement instances run in the lexicographic order of
  `(position[0], counter[0], position[1], ..., position[-1])`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from polylift.matcher.ir.tree import (
    Apply,
    Const,
    Node,
    Read,
    Var,
    apply,
    children,
    with_children,
)


@dataclass(frozen=True)
class LoopAtom:
    """The counter of the enclosing loop at `depth` (0 outermost)."""

    depth: int


@dataclass(frozen=True)
class SizeAtom:
    """A size: a template's size symbol, or a nest's `ir_model.value_key`."""

    key: object


Atom = LoopAtom | SizeAtom


@dataclass(frozen=True)
class Form:
    """An affine form over atoms; equal forms are equal values.

    Not `ir_model.Lin`: a loop program's bounds and subscripts read enclosing counters
    by depth and sizes by key (both sides, template and nest, must give equal forms for
    equal values), where `Lin` reads one linalg op's dims by position.
    """

    terms: frozenset[tuple[Atom, int]] = frozenset()
    const: int = 0

    @staticmethod
    def of(coeffs: dict, const: int = 0) -> Form:
        """The form `sum(coeffs[a] * a) + const` (zero coefficients dropped)."""
        return Form(frozenset((a, c) for a, c in coeffs.items() if c), const)

    @property
    def coeffs(self) -> dict:
        """The coefficient of each atom."""
        return dict(self.terms)

    def plus(self, other: Form, scale: int = 1) -> Form:
        """`self + scale * other`."""
        coeffs = self.coeffs
        for atom, coeff in other.terms:
            coeffs[atom] = coeffs.get(atom, 0) + scale * coeff
        return Form.of(coeffs, self.const + scale * other.const)

    def substitute(self, atom: Atom, form: Form) -> Form:
        """This form with `atom` replaced by `form`."""
        coeff = self.coeffs.pop(atom, 0)
        rest = Form.of({a: c for a, c in self.terms if a != atom}, self.const)
        return rest.plus(form, coeff) if coeff else self

    def loops(self) -> set[int]:
        """The depths of the counters the form reads."""
        return {a.depth for a, _ in self.terms if isinstance(a, LoopAtom)}


@dataclass(frozen=True)
class Stmt:
    """`target = value`; `text` says where it comes from, for messages."""

    target: Node
    value: Node
    text: str = ""


@dataclass(frozen=True)
class LoopNode:
    """`for lower <= counter < upper { body }`, counting up by one. A bound is a form,
    or an element read once before the first iteration (a data bound: `Read`)."""

    lower: Form | Node
    upper: Form | Node
    body: tuple[Stmt | LoopNode, ...]
    name: str = ""  # the counter's name in the template, for messages


@dataclass(frozen=True)
class FlatStmt:
    """A statement with its loops (outer first) and its place in the program."""

    stmt: Stmt
    loops: tuple[LoopNode, ...]
    position: tuple[int, ...]  # len(loops) + 1 sibling indices

    @property
    def depth(self) -> int:
        """The number of loops around the statement."""
        return len(self.loops)

    def shares(self, other: FlatStmt) -> int:
        """How many loops the two statements share (the same loop nodes of one program)."""
        depth = 0
        while depth < min(self.depth, other.depth) and \
                self.position[depth] == other.position[depth]:
            depth += 1
        return depth


def flatten(items: tuple[Stmt | LoopNode, ...], loops: tuple[LoopNode, ...] = (),
            position: tuple[int, ...] = ()) -> list[FlatStmt]:
    """The statements of `items` in source order, with their loops and places."""
    found: list[FlatStmt] = []
    for k, item in enumerate(items):
        if isinstance(item, LoopNode):
            found += flatten(item.body, (*loops, item), (*position, k))
        else:
            found.append(FlatStmt(item, loops, (*position, k)))
    return found


def renumbered(flat: list[FlatStmt]) -> list[FlatStmt]:
    """The statements with dense places (statements dropped leave no gaps), so that two
    programs with the same loop structure have equal places."""
    out: list[FlatStmt] = []
    for stmt in flat:
        position = []
        for level, place in enumerate(stmt.position):
            siblings = {s.position[level] for s in flat
                        if s.position[:level] == stmt.position[:level]
                        and len(s.position) > level}
            position.append(sorted(siblings).index(place))
        out.append(replace(stmt, position=tuple(position)))
    return out


def reads(node: Node) -> list[Node]:
    """The `Read` and `Var` leaves of a value tree, in order (an integer comparison's
    atoms aside)."""
    if isinstance(node, Read | Var):
        return [node]
    return [leaf for child in children(node) for leaf in reads(child)]


def substitute_leaf(node: Node, old: Node, new: Node) -> Node:
    """`node` with every leaf equal to `old` replaced by `new` (an integer comparison's
    atoms aside)."""
    if node == old:
        return new
    return with_children(node, [substitute_leaf(c, old, new) for c in children(node)])


def canonical(node: Node) -> Node:
    """The value tree with subtraction as the addition of a negation and negations
    taken out of products and quotients: IEEE arithmetic defines `a - b` as `a + (-b)`,
    and rounding to nearest is symmetric, so `(-a) * b`, `a * (-b)` and `-(a * b)` are
    the same number (signed zeros and infinities included; a NaN's sign bit may differ,
    as it may under the commutativity every template allows). `-=` and `+= -` then read
    alike."""
    match node:
        case Apply("-", (lhs, rhs)):
            return apply("+", canonical(lhs), _negated(canonical(rhs)))
        case Apply("neg", (operand,)):
            return _negated(canonical(operand))
        case Apply("*" | "/" as op, (lhs, rhs)):
            lhs, rhs = canonical(lhs), canonical(rhs)
            flips = _negative(lhs) + _negative(rhs)
            bare = apply(op, _bare(lhs), _bare(rhs))
            return apply("neg", bare) if flips % 2 else bare
    return with_children(node, [canonical(c) for c in children(node)])


def _negative(node: Node) -> bool:
    """A negation, or a negative constant (`-2.0` is `-(2.0)`); never a zero, whose
    sign a comparison of numbers would not see."""
    match node:
        case Apply("neg"):
            return True
        case Const(value=value):
            return value < 0
    return False


def _negated(node: Node) -> Node:
    match node:
        case Apply("neg", (operand,)):
            return operand
        case Const(value=value) if value != 0:
            return Const(-value)
    return apply("neg", node)


def _bare(node: Node) -> Node:
    match node:
        case Const(value=value) if value < 0:
            return Const(-value)
        case Apply("neg", (operand,)):
            return operand
    return node
