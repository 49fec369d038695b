"""Integer constant expressions, and the `if`s they decide, folded before lowering.

An inlined call passes literal arguments (`gemm(0, 0, ...)`), so its body tests
`if (!(int)(0) && !(int)(0))`: the test is a constant, and only the arm it selects is
kept. The value follows C: integer promotions and the usual arithmetic conversions,
each result wrapped to its type; an operation the folder does not know (a division, a
floating-point value, a name) leaves the `if` as it is.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

from pycparser import c_ast

from polylift.frontend.c import ctype as ct
from polylift.frontend.c.decls import Unit
from polylift.frontend.c.scan import set_child
from polylift.frontend.c.source import int_literal
from polylift.frontend.emit.expr import int_literal_type

Folded = tuple[int, ct.CType]

_BINARY: dict[str, Callable[[int, int], int]] = {
    "+": lambda a, b: a + b, "-": lambda a, b: a - b, "*": lambda a, b: a * b,
    "&": lambda a, b: a & b, "|": lambda a, b: a | b, "^": lambda a, b: a ^ b,
}
_COMPARE: dict[str, Callable[[int, int], bool]] = {
    "<": lambda a, b: a < b, "<=": lambda a, b: a <= b, ">": lambda a, b: a > b,
    ">=": lambda a, b: a >= b, "==": lambda a, b: a == b, "!=": lambda a, b: a != b,
}


def fold(node: c_ast.Node, unit: Unit, hidden: frozenset[str] = frozenset()) -> Folded | None:
    """The value and type of an integer constant expression, or None; `hidden` names
    the variables that hide enumerators of the same name."""
    literal = int_literal(node)
    if literal is not None:
        assert isinstance(node, c_ast.Constant)
        return literal, int_literal_type(node, literal)
    if isinstance(node, c_ast.ID) and node.name in unit.enumerators \
            and node.name not in hidden:
        return unit.enumerators[node.name], ct.INT
    if isinstance(node, c_ast.Cast):
        inner = fold(node.expr, unit, hidden)
        to = unit.scalar_of(node.to_type.type)
        if inner is None or to is None or to.is_float:
            return None
        return ct.wrap(inner[0], to), to
    if isinstance(node, c_ast.UnaryOp):
        return _unary(node, unit, hidden)
    if isinstance(node, c_ast.BinaryOp):
        return _binary(node, unit, hidden)
    return None


def _unary(node: c_ast.UnaryOp, unit: Unit, hidden: frozenset[str]) -> Folded | None:
    inner = fold(node.expr, unit, hidden)
    if inner is None:
        return None
    value, ctype = inner[0], ct.promote(inner[1])
    if node.op == "!":
        return int(value == 0), ct.INT
    if node.op == "-":
        return ct.wrap(-value, ctype), ctype
    if node.op == "~":
        return ct.wrap(~value, ctype), ctype
    return (value, ctype) if node.op == "+" else None


def _binary(node: c_ast.BinaryOp, unit: Unit, hidden: frozenset[str]) -> Folded | None:
    left = fold(node.left, unit, hidden)
    if left is None:
        return None
    if node.op in ("&&", "||"):
        if (left[0] != 0) == (node.op == "||"):
            return int(node.op == "||"), ct.INT  # the right operand is not evaluated
        right = fold(node.right, unit, hidden)
        return (int(right[0] != 0), ct.INT) if right is not None else None
    right = fold(node.right, unit, hidden)
    if right is None:
        return None
    common = ct.usual_conversion(left[1], right[1])
    a, b = ct.wrap(left[0], common), ct.wrap(right[0], common)
    if node.op in _COMPARE:
        return int(_COMPARE[node.op](a, b)), ct.INT
    if node.op in _BINARY:
        return ct.wrap(_BINARY[node.op](a, b), common), common
    return None


def fold_ifs(node: c_ast.Node, unit: Unit, hidden: frozenset[str]) -> c_ast.Node:
    """`node` with every `if` whose test is a constant replaced by the arm it runs."""
    for name, child in cast(list, node.children()):
        new = fold_ifs(child, unit, hidden)
        if new is not child:
            set_child(node, name, new)
    if isinstance(node, c_ast.If):
        test = fold(node.cond, unit, hidden)
        if test is not None:
            arm = node.iftrue if test[0] != 0 else node.iffalse
            return arm if arm is not None else c_ast.EmptyStatement(coord=node.coord)
    return node
