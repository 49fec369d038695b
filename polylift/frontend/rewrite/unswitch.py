"""Loop unswitching: a test that no iteration can change, taken out of the loop.

    for (i = 0; i < n; i++)              if (a == RELU)
      x[i] = a == RELU ? ... : ...;  ->    for (i = 0; i < n; i++) x[i] = ...;
                                         else
                                           for (i = 0; i < n; i++) x[i] = ...;

An activation chosen by an enum (`switch (a)` in a function called per element, made
an `if` chain and inlined) then leaves one plain loop per arm, which the raising and the
matcher see as they see any loop. The rewrite is exact when the test reads only
parameters the function never assigns (and their fields), enumerators and literals,
with operators that cannot trap (no division): its value is the same at every
evaluation, and evaluating it once more before the loop has no effect. The loop is
copied once per arm, so at most `LIMIT` tests are taken out of one loop.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import cast

from pycparser import c_ast

from polylift.frontend.c.scan import child_at, declared_names, named_children, set_child

LIMIT = 8
_CAN_TRAP = ("/", "%")


def invariant_test(fixed: set[str]) -> Callable[[c_ast.Node, set[str]], bool]:
    """A predicate: whether a condition reads only the names in `fixed` (and their
    fields), literals and enumerators (any other name is a variable), none of them
    declared again in the loop (the set given with the condition), and cannot trap."""
    def test(node: c_ast.Node, hidden: set[str]) -> bool:
        stack = [node]
        while stack:
            current = stack.pop()
            if isinstance(current, c_ast.ID):
                if current.name not in fixed or current.name in hidden:
                    return False
                continue
            if isinstance(current, c_ast.StructRef):
                stack.append(current.name)
                continue
            if isinstance(current, c_ast.ArrayRef | c_ast.FuncCall | c_ast.Assignment):
                return False
            if isinstance(current, c_ast.UnaryOp) and current.op not in ("-", "+", "!", "~"):
                return False
            if isinstance(current, c_ast.BinaryOp) and current.op in _CAN_TRAP:
                return False
            if isinstance(current, c_ast.Cast):
                stack.append(current.expr)
                continue
            stack.extend(child for _, child in named_children(current))
        return True

    return test


def unswitch(body: c_ast.Compound, is_invariant: Callable[[c_ast.Node, set[str]], bool],
             enumerators: set[str]) -> c_ast.Compound:
    """`body` with invariant tests taken out of the loops that hold them."""
    def test(node: c_ast.Node, hidden: set[str]) -> bool:
        return is_invariant(_without_enumerators(node, enumerators), hidden)

    return cast(c_ast.Compound, _walk(body, test, LIMIT))


def _without_enumerators(node: c_ast.Node, enumerators: set[str]) -> c_ast.Node:
    """The condition with enumerators replaced by a literal (they are constants)."""
    node = copy.deepcopy(node)
    holder = c_ast.Compound([node])
    stack: list[tuple[c_ast.Node, str, c_ast.Node]] = [(holder, "block_items[0]", node)]
    while stack:
        parent, slot, current = stack.pop()
        if isinstance(current, c_ast.ID) and current.name in enumerators:
            set_child(parent, slot, c_ast.Constant("int", "0"))
            continue
        stack.extend((current, n, c) for n, c in named_children(current))
    return holder.block_items[0]


def _walk(node: c_ast.Node, test: Callable[[c_ast.Node, set[str]], bool],
          budget: int) -> c_ast.Node:
    if isinstance(node, c_ast.For) and budget > 0:
        path = _find_test(node, test, declared_names(node))
        if path is not None:
            found = cast(c_ast.If, _at(node, path))
            arms = []
            for arm in (found.iftrue, found.iffalse):
                loop = copy.deepcopy(node)
                _replace_at(loop, path, copy.deepcopy(arm) if arm is not None
                            else c_ast.EmptyStatement(coord=found.coord))
                arms.append(_walk(loop, test, budget - 1))
            return c_ast.If(copy.deepcopy(found.cond), arms[0], arms[1], coord=found.coord)
    for name, child in named_children(node):
        set_child(node, name, _walk(child, test, budget))
    return node


def _find_test(loop: c_ast.For, test: Callable[[c_ast.Node, set[str]], bool],
               hidden: set[str]) -> list[str] | None:
    """The path (child slots from the loop) of the first `if` in its body whose
    condition is invariant."""
    stack: list[tuple[c_ast.Node, list[str]]] = [(loop.stmt, ["stmt"])]
    while stack:
        node, path = stack.pop(0)
        if isinstance(node, c_ast.If) and test(node.cond, hidden):
            return path
        stack.extend((child, [*path, name]) for name, child in named_children(node)
                     if not isinstance(child, c_ast.Node) or not _is_expression(child))
    return None


def _is_expression(node: c_ast.Node) -> bool:
    return not isinstance(node, c_ast.Compound | c_ast.If | c_ast.For | c_ast.While
                          | c_ast.DoWhile | c_ast.Switch | c_ast.Case | c_ast.Default)


def _at(node: c_ast.Node, path: list[str]) -> c_ast.Node:
    for name in path:
        node = child_at(node, name)
    return node


def _replace_at(node: c_ast.Node, path: list[str], new: c_ast.Node) -> None:
    set_child(_at(node, path[:-1]), path[-1], new)
