"""Local pointers given their value after their declaration (`float *p; ... p = &x[0];`).

The lowering reads a local pointer as a view of the array its initializer points into,
so it needs that initializer. Where the pointer is declared without one and assigned
once, by a statement of the same block, with nothing between the two reading it and
nothing else in the function assigning it or taking its address, the declaration moves
to that statement and takes its value: exact in C's terms, since the pointer's
indeterminate value before was never read. Steps after it (`p++`) stay as they are,
for the walked-pointer rewrite to read. Any other pointer keeps its
declaration, and the lowering says why it refuses it.
"""

from __future__ import annotations

import copy
from typing import TypeGuard, cast

from pycparser import c_ast

from polylift.frontend.c.scan import children, mentions
from polylift.frontend.rewrite.blocks import rewrite_blocks


def initialize_late_pointers(body: c_ast.Compound) -> c_ast.Compound:
    """`body` with every such pointer declared where it is assigned (a new tree where
    anything changes; the nodes keep their positions)."""
    return cast(c_ast.Compound, rewrite_blocks(body, lambda items: _moved(items, body)))


def _moved(items: list[c_ast.Node], function: c_ast.Compound) -> list[c_ast.Node]:
    """A block's statements with each late-initialized pointer's declaration moved."""
    result = list(items)
    for decl in [d for d in items if _uninitialized_pointer(d)]:
        start = result.index(decl)
        for position in range(start + 1, len(result)):
            statement = result[position]
            if _assigns(statement, decl.name):
                if _only_assignment(function, decl.name, statement):
                    moved = copy.copy(decl)
                    moved.init = statement.rvalue
                    result[position] = moved
                    del result[start]
                break
            if mentions(statement, decl.name):
                break
    return result


def _uninitialized_pointer(node: c_ast.Node) -> TypeGuard[c_ast.Decl]:
    return isinstance(node, c_ast.Decl) and isinstance(node.type, c_ast.PtrDecl) \
        and node.init is None and bool(node.name) and not node.storage


def _assigns(node: c_ast.Node, name: str) -> TypeGuard[c_ast.Assignment]:
    return isinstance(node, c_ast.Assignment) and node.op == "=" \
        and isinstance(node.lvalue, c_ast.ID) and node.lvalue.name == name


def _only_assignment(function: c_ast.Compound, name: str,
                     statement: c_ast.Assignment) -> bool:
    """Whether `statement` is the one place of the function that gives `name` a value
    (no other assignment or address taken; steps only move it), and its value does not
    read `name`."""
    if mentions(statement.rvalue, name):
        return False
    stack: list[c_ast.Node] = [function]
    while stack:
        current = stack.pop()
        if current is statement:
            continue
        if isinstance(current, c_ast.Assignment) and _names(current.lvalue, name):
            return False
        if isinstance(current, c_ast.UnaryOp) and current.op == "&" \
                and _names(current.expr, name):
            return False
        if isinstance(current, c_ast.Decl) and current.name == name and current.init is not None:
            return False
        stack.extend(children(current))
    return True


def _names(node: c_ast.Node, name: str) -> bool:
    return isinstance(node, c_ast.ID) and node.name == name


__all__ = ["initialize_late_pointers"]
