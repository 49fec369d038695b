"""Liveness of a scalar at the exit of a loop, on the C syntax tree.

A scalar that a loop assigns needs to be carried through the loop (`iter_args`) only when
its value can reach a read: a later iteration reading it before assigning it, or code
after the loop reading it before assigning it. Everything here answers conservatively:
where the structure is not understood the answer is "may be read" (carry it).
"""

from __future__ import annotations

from enum import Enum
from typing import cast

from pycparser import c_ast

from polylift.frontend.c.scan import assigned_names, read_counts


class Access(Enum):
    """What running a piece of code does first to a variable, on every path."""

    READ = "read"  # some path may read it before assigning it
    WRITE = "write"  # every path assigns it before any read
    NONE = "none"  # no path reads it first; some path leaves it untouched


def _children(node: c_ast.Node) -> list[c_ast.Node]:
    pairs = cast(list, node.children())
    return [child for _, child in pairs]


def _declares(node: c_ast.Node, name: str) -> bool:
    if isinstance(node, c_ast.Decl):
        return node.name == name
    if isinstance(node, c_ast.DeclList):
        return any(d.name == name for d in node.decls)
    return False


def _expression(name: str, node: c_ast.Node) -> Access:
    """An expression statement (or a `for` header part): any read of `name` counts as a
    read first, and only a plain top-level `name = ...` counts as an assignment."""
    if read_counts(node)[name]:
        return Access.READ
    parts = node.exprs if isinstance(node, c_ast.ExprList) else [node]
    for part in parts:
        if isinstance(part, c_ast.Assignment) and part.op == "=" \
                and isinstance(part.lvalue, c_ast.ID) and part.lvalue.name == name:
            return Access.WRITE
    return Access.NONE


def _sequence(name: str, items: list[c_ast.Node]) -> Access:
    for item in items:
        found = first_access(name, item)
        if _declares(item, name):
            # A declaration of the same name hides the variable for the rest of the block.
            return found
        if found is not Access.NONE:
            return found
    return Access.NONE


def _decls(node: c_ast.Node) -> list[c_ast.Decl]:
    if isinstance(node, c_ast.DeclList):
        return list(node.decls)
    return [node] if isinstance(node, c_ast.Decl) else []


def _for(name: str, node: c_ast.For) -> Access:
    if node.init is not None:
        if _declares(node.init, name):
            return Access.NONE  # the loop's own counter hides the variable
        head = first_access(name, node.init)
        if head is not Access.NONE:
            return head
    if node.cond is not None and read_counts(node.cond)[name]:
        return Access.READ
    # The body may run zero times: an assignment there proves nothing after the loop.
    body = first_access(name, node.stmt)
    if body is Access.READ or (node.next is not None and read_counts(node.next)[name]):
        return Access.READ
    return Access.NONE


def _if(name: str, node: c_ast.If) -> Access:
    if read_counts(node.cond)[name]:
        return Access.READ
    then = first_access(name, node.iftrue)
    other = first_access(name, node.iffalse) if node.iffalse is not None else Access.NONE
    if Access.READ in (then, other):
        return Access.READ
    return Access.WRITE if then is other is Access.WRITE else Access.NONE


def first_access(name: str, node: c_ast.Node) -> Access:
    """What running the statement `node` does first to the variable `name`."""
    if isinstance(node, c_ast.Compound):
        return _sequence(name, list(node.block_items or []))
    if isinstance(node, c_ast.For):
        return _for(name, node)
    if isinstance(node, c_ast.If):
        return _if(name, node)
    if isinstance(node, c_ast.Decl | c_ast.DeclList):
        inits = [d.init for d in _decls(node) if d.init is not None]
        return Access.READ if any(read_counts(i)[name] for i in inits) else Access.NONE
    if isinstance(node, c_ast.Pragma | c_ast.EmptyStatement):
        return Access.NONE
    if isinstance(node, c_ast.Assignment | c_ast.UnaryOp | c_ast.FuncCall | c_ast.ExprList):
        return _expression(name, node)
    # Anything else (loops other than `for`, jumps, ...): a read if it mentions the name.
    mentions = read_counts(node)[name] or name in assigned_names(node)
    return Access.READ if mentions else Access.NONE


def _path(root: c_ast.Node, target: c_ast.Node) -> list[c_ast.Node] | None:
    """The nodes from `root` down to `target` (both included), by identity."""
    stack: list[tuple[c_ast.Node, list[c_ast.Node]]] = [(root, [root])]
    while stack:
        node, path = stack.pop()
        if node is target:
            return path
        stack.extend((child, path + [child]) for child in _children(node))
    return None


def _after_in_block(name: str, block: c_ast.Compound, child: c_ast.Node) -> Access | None:
    """The access of the statements after `child` in `block`, or None when the block ends
    first having hidden nothing; a block that declares the variable before `child` owns
    it, so nothing after the block can read it (WRITE stands for "dead")."""
    items = list(block.block_items or [])
    index = next(i for i, item in enumerate(items) if item is child)
    found = _sequence(name, items[index + 1:])
    if found is not Access.NONE:
        return found
    if any(_declares(item, name) for item in items[:index + 1]):
        return Access.WRITE
    return None


def live_after(name: str, loop: c_ast.Node, root: c_ast.Node) -> bool:
    """True when the value `name` holds when `loop` ends may be read later: by the rest of
    its block, by later iterations of enclosing loops, or after them. `root` is the
    function body, whose end is the end of every variable."""
    path = _path(root, loop)
    if path is None:
        return True
    for parent, child in zip(reversed(path[:-1]), reversed(path[1:]), strict=True):
        if isinstance(parent, c_ast.Compound):
            found = _after_in_block(name, parent, child)
            if found is not None:
                return found is Access.READ
        elif isinstance(parent, c_ast.For) and child is parent.stmt:
            # The next iteration: the step, the condition, then the whole body again.
            again = [n for n in (parent.next, parent.cond) if n is not None]
            if any(read_counts(n)[name] for n in again) \
                    or first_access(name, parent.stmt) is Access.READ:
                return True
            if parent.init is not None and _declares(parent.init, name):
                return False
        elif not isinstance(parent, c_ast.If):
            return True
    return False
