"""Conditions: integer comparisons as linear forms, and C's lazy `&&`.

C writes one comparison many ways (`a < b`, `b > a`, `a + 1 <= b`), and the IR has more
(`arith.cmpi`, an `affine.if` set on index values). Both sides become one canonical
form, `sum(coeff * atom) + const REL 0` with REL one of `>=`, `==`, `!=`, whose atoms are
the compared values (a template expression, or a payload node). The comparison is of
mathematical integers, so the form is exact; the atoms themselves are not expanded (an
`a + b` that wraps in 32 bits is one atom), and unsigned predicates are not modelled.

A form is the node `Cmp(rel, ((atom, coeff), ...), const)`, terms sorted; `&&` is
`Apply("and", (c1, c2))`, kept in order (its second operand is evaluated only where the first
holds).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from polylift.matcher.ir.ir_model import affine_form
from polylift.matcher.ir.tree import Cmp, Const, FCmp, Node, apply
from polylift.mlir import ir
from polylift.mlir.integer_sets import UnreadableSet, set_constraints
from polylift.tdl.ast import Compare, Expr, Num


@dataclass(frozen=True)
class Relation:
    """A canonical integer comparison: `sum(coeff * atom) + const rel 0`, `rel` one of
    `>=`, `==`, `!=` (strict ones folded into the constant)."""

    rel: str
    terms: dict
    const: int


@dataclass(frozen=True)
class FloatRelation:
    """A float comparison `big rel small`, `rel` one of `==`, `>`, `>=`, `!=` (`<` and
    `<=` swap their sides; nothing else is rewritten)."""

    rel: str
    big: Any
    small: Any

# arith.cmpi predicates: eq ne slt sle sgt sge (the unsigned ones are not modelled).
_CMPI = {0: "==", 1: "!=", 2: "<", 3: "<=", 4: ">", 5: ">="}


class NotACondition(Exception):
    """A condition the matcher does not model (the message says which)."""


def relation(op: str, lhs: tuple[dict, int], rhs: tuple[dict, int]) -> Relation:
    """`lhs op rhs` over linear parts `({atom: coeff}, const)` as a canonical form."""
    big, small, strict = {"<": (rhs, lhs, 1), "<=": (rhs, lhs, 0), ">": (lhs, rhs, 1),
                          ">=": (lhs, rhs, 0), "==": (lhs, rhs, 0), "!=": (lhs, rhs, 0)}[op]
    terms = dict(big[0])
    for atom, coeff in small[0].items():
        terms[atom] = terms.get(atom, 0) - coeff
    rel = op if op in ("==", "!=") else ">="
    return Relation(rel, {a: c for a, c in terms.items() if c}, big[1] - small[1] - strict)


def as_node(form: Relation) -> Node:
    """A form as a hashable payload node."""
    return Cmp(form.rel, tuple(sorted(form.terms.items(), key=lambda t: repr(t[0]))),
               form.const)


def _part(atom: Node) -> tuple[dict, int]:
    match atom:
        case Const(value=value):
            return {}, int(value)
        case _:
            return {atom: 1}, 0


def compare_node(pred: int, lhs: Node, rhs: Node) -> Node:
    """The node of `arith.cmpi pred, lhs, rhs` (lhs, rhs: payload nodes)."""
    if pred not in _CMPI:
        raise NotACondition("an unsigned comparison")
    return as_node(relation(_CMPI[pred], _part(lhs), _part(rhs)))


def affine_condition(iset: ir.Attribute, operands: list[Node]) -> Node:
    """The node of an `affine.if` set over operand nodes (dims, then symbols): each
    constraint a form, joined by `and`."""
    try:
        read = set_constraints(iset)
    except UnreadableSet as exc:
        raise NotACondition(f"an integer set '{exc}' that does not read back") from exc
    n_dims = read.n_dims
    forms = [{**terms, 1: const} if const else terms for terms, const in map(_part, operands)]
    nodes = []
    for constraint in read.constraints:
        expr, is_eq = constraint.expr, constraint.is_eq
        terms = affine_form(expr, forms, n_dims)
        if terms is None:
            raise NotACondition(f"a condition '{expr}' that is not linear")
        const = terms.pop(1, 0)
        nodes.append(as_node(Relation("==" if is_eq else ">=", terms, const)))
    if not nodes:
        raise NotACondition("an empty integer set")
    found = nodes[0]
    for node in nodes[1:]:
        found = apply("and", found, node)
    return found


def template_form(cmp: Compare) -> Relation:
    """A template comparison as a form whose atoms are its two sides (numbers fold)."""
    def part(e: Expr) -> tuple[dict, int]:
        if isinstance(e, Num):
            return {}, int(e.value)
        return {e: 1}, 0

    return relation(cmp.op, part(cmp.lhs), part(cmp.rhs))


def forms_of(node: Cmp) -> list[Relation]:
    """The ways a payload comparison node reads as a form (`==` and `!=` either sign)."""
    terms = dict(node.terms)
    forms = [Relation(node.rel, terms, node.const)]
    if node.rel in ("==", "!="):
        forms.append(Relation(node.rel, {a: -c for a, c in terms.items()}, -node.const))
    return forms


# arith.cmpf predicates that are C's float comparisons (ordered, and `!=` unordered, as
# C's `!=` is true on NaN): oeq ogt oge olt ole une.
_CMPF = {1: "==", 2: ">", 3: ">=", 4: "<", 5: "<=", 13: "!="}


def float_form(op: str, lhs: Any, rhs: Any) -> FloatRelation:
    """A float comparison with `<` and `<=` sides swapped (exact: `a < b` is `b > a` on
    every input, NaN included); nothing else is rewritten (`a < b` is not `a - b < 0`
    in floats)."""
    if op in ("<", "<="):
        return FloatRelation(">" if op == "<" else ">=", rhs, lhs)
    return FloatRelation(op, lhs, rhs)


def float_compare_node(pred: int, lhs: Node, rhs: Node) -> Node:
    """The node of `arith.cmpf pred, lhs, rhs`: `FCmp(rel, big, small)`."""
    if pred not in _CMPF:
        raise NotACondition("a float comparison that is none of C's (unordered or ordered "
                            "where C is not)")
    form = float_form(_CMPF[pred], lhs, rhs)
    return FCmp(form.rel, form.big, form.small)


def condition_node(value: ir.Value, node: Callable[[ir.Value], Node]) -> Node:
    """An `i1` payload value as a condition node: a comparison of integers or of floats
    (C's), `arith.andi`, or the lazy `&&` the front end makes (`scf.if c -> i1 { yield c2 }
    else { yield false }`)."""
    owner = value.owner
    if not isinstance(owner, ir.Operation | ir.OpView):
        raise NotACondition("a condition that is not computed in the payload")
    if owner.name == "arith.cmpf":
        pred = ir.IntegerAttr(owner.attributes["predicate"]).value
        return float_compare_node(pred, node(owner.operands[0]), node(owner.operands[1]))
    if owner.name == "arith.cmpi":
        if not isinstance(owner.operands[0].type, ir.IntegerType | ir.IndexType):
            raise NotACondition("a comparison of values that are not integers")
        pred = ir.IntegerAttr(owner.attributes["predicate"]).value
        return compare_node(pred, node(owner.operands[0]), node(owner.operands[1]))
    if owner.name == "arith.andi" and str(value.type) == "i1":
        return apply("and", condition_node(owner.operands[0], node),
                     condition_node(owner.operands[1], node))
    if owner.name == "scf.if" and len(owner.results) == 1:
        then_value, else_value = (_yielded(owner.regions[k]) for k in (0, 1))
        known = else_value.owner
        if isinstance(known, ir.Operation | ir.OpView) and known.name == "arith.constant" \
                and ir.IntegerAttr(known.attributes["value"]).value == 0:
            return apply("and", condition_node(owner.operands[0], node),
                         condition_node(then_value, node))
    raise NotACondition(f"a condition computed by '{owner.name}'")


def _yielded(region: ir.Region) -> ir.Value:
    block = region.blocks[0]
    last = block.operations[len(block.operations) - 1]
    if len(last.operands) != 1:
        raise NotACondition("a branch that yields no single value")
    return last.operands[0]
