"""Questions about C subtrees asked before lowering: what is assigned, what is read."""

from __future__ import annotations

from collections import Counter
from typing import TypeGuard, cast

from pycparser import c_ast, c_generator

from polylift.frontend.c.source import int_literal

_INC_DEC = ("++", "--", "p++", "p--")


def same_expr(a: c_ast.Node, b: c_ast.Node) -> bool:
    """True when two expressions are spelled the same."""
    gen = c_generator.CGenerator()
    return gen.visit(a) == gen.visit(b)


def named_children(node: c_ast.Node) -> list[tuple[str, c_ast.Node]]:
    """The children of a node with their slot names (`cond`, `block_items[2]`)."""
    return list(cast(list, node.children()))


def children(node: c_ast.Node) -> list[c_ast.Node]:
    """The children of a node."""
    return [child for _, child in named_children(node)]


def subtree(node: c_ast.Node) -> list[c_ast.Node]:
    """Every node of the subtree, `node` included."""
    found, stack = [], [node]
    while stack:
        current = stack.pop()
        found.append(current)
        stack.extend(children(current))
    return found


def mentions(node: c_ast.Node, name: str) -> bool:
    """Whether the subtree names `name` at all (read, written, its address taken)."""
    return any(isinstance(n, c_ast.ID) and n.name == name for n in subtree(node))


def child_at(node: c_ast.Node, name: str) -> c_ast.Node:
    """The child in slot `name` (as `named_children` names it)."""
    if "[" not in name:
        return getattr(node, name)
    field, index = name[:-1].split("[")
    return getattr(node, field)[int(index)]


def set_child(node: c_ast.Node, name: str, new: c_ast.Node) -> None:
    """Put `new` in slot `name` of `node`."""
    if "[" not in name:
        setattr(node, name, new)
        return
    field, index = name[:-1].split("[")
    getattr(node, field)[int(index)] = new


def assigned_names(*nodes: c_ast.Node | None) -> set[str]:
    """Names assigned (`=`, `op=`, `++`, `--`) in the subtrees, except loop counter steps."""
    found: set[str] = set()
    stack = [n for n in nodes if n is not None]
    while stack:
        node = stack.pop()
        if isinstance(node, c_ast.For):
            # The init and step of a nested loop set its counter, which is no scalar.
            stack.extend(n for n in (node.cond, node.stmt) if n is not None)
            continue
        target = None
        if isinstance(node, c_ast.Assignment):
            target = node.lvalue
        elif isinstance(node, c_ast.UnaryOp) and node.op in _INC_DEC:
            target = node.expr
        if isinstance(target, c_ast.ID):
            found.add(target.name)
        stack.extend(children(node))
    return found


def read_counts(node: c_ast.Node | None) -> Counter[str]:
    """How often each name is read in the subtree (a plain `x = ...` target is no read)."""
    counts: Counter[str] = Counter()
    stack = [node] if node is not None else []
    while stack:
        current = stack.pop()
        if isinstance(current, c_ast.ID):
            counts[current.name] += 1
            continue
        if isinstance(current, c_ast.Assignment) and current.op == "=" \
                and isinstance(current.lvalue, c_ast.ID):
            stack.append(current.rvalue)
            continue
        if isinstance(current, c_ast.FuncCall):
            stack.extend(n for n in (current.args,) if n is not None)
            continue
        stack.extend(children(current))
    return counts


def has_side_effects(node: c_ast.Node | None) -> bool:
    """True when evaluating the expression assigns something."""
    return bool(node is not None and assigned_names(node))


def is_speculatable(node: c_ast.Node | None, evaluated: c_ast.Node | None = None) -> bool:
    """True when evaluating the expression unconditionally cannot trap or write; array
    elements that `evaluated` (e.g. the condition of a `?:`) reads anyway are safe."""
    if node is None:
        return True
    stack = [node]
    while stack:
        current = stack.pop()
        if isinstance(current, c_ast.ArrayRef) and evaluated is not None \
                and _reads_element(evaluated, current):
            continue
        if isinstance(current, c_ast.ArrayRef | c_ast.Assignment):
            return False
        if isinstance(current, c_ast.BinaryOp) and current.op in ("/", "%") \
                and not _positive_literal(current.right):
            return False
        if isinstance(current, c_ast.UnaryOp) and current.op in _INC_DEC:
            return False
        stack.extend(children(current))
    return True


def rounding_division_arms(yes: c_ast.Node, no: c_ast.Node) -> bool:
    """True when the arms of a `?:` are `(x + d/2) / d` (or `(d/2 + x) / d`) and
    `-((d/2 - x) / d)` with the same x and d (the caller has checked that the arms write
    nothing): the rounding division, whichever the condition. Evaluating both arms then
    traps exactly when the chosen one does, so they may run unconditionally:
      - x, d and d/2 are evaluated by either arm, so by the source on every path;
      - both divide by d, so both trap when d == 0;
      - the only other trap is a quotient that overflows, `INT_MIN / -1`. With d == -1,
        d/2 is 0 and the numerators are x and -x, which are INT_MIN for the same x (in
        the wrapping arithmetic they are lowered to; C calls `-INT_MIN` undefined anyway).
    """
    if not (_is_div(yes) and isinstance(no, c_ast.UnaryOp) and no.op == "-"
            and _is_div(no.expr)):
        return False
    down = no.expr
    d = yes.right
    if not same_expr(d, down.right):
        return False
    up = yes.left
    if not isinstance(up, c_ast.BinaryOp) or up.op != "+":
        return False
    if _half_of(up.right, d):
        x = up.left
    elif _half_of(up.left, d):
        x = up.right
    else:
        return False
    below = down.left
    return isinstance(below, c_ast.BinaryOp) and below.op == "-" \
        and _half_of(below.left, d) and same_expr(below.right, x)


def _is_div(node: c_ast.Node) -> TypeGuard[c_ast.BinaryOp]:
    return isinstance(node, c_ast.BinaryOp) and node.op == "/"


def _half_of(node: c_ast.Node, d: c_ast.Node) -> bool:
    """`d / 2`."""
    return _is_div(node) and same_expr(node.left, d) and int_literal(node.right) == 2


def _positive_literal(node: c_ast.Node) -> bool:
    """True for an integer literal above zero: dividing by it cannot trap (not by zero,
    and not the one overflowing quotient, the most negative value by -1)."""
    value = int_literal(node)
    return value is not None and value > 0


def _reads_element(tree: c_ast.Node, ref: c_ast.ArrayRef) -> bool:
    stack = [tree]
    while stack:
        current = stack.pop()
        if isinstance(current, c_ast.ArrayRef) and same_expr(current, ref):
            return True
        # Only what always runs counts: not the right of && and ||, nor the arms of ?:.
        if isinstance(current, c_ast.BinaryOp) and current.op in ("&&", "||"):
            stack.append(current.left)
        elif isinstance(current, c_ast.TernaryOp):
            stack.append(current.cond)
        else:
            stack.extend(children(current))
    return False


def declared_names(node: c_ast.Node) -> set[str]:
    """Every name declared in the subtree."""
    names = set()
    stack = [node]
    while stack:
        current = stack.pop()
        if isinstance(current, c_ast.Decl) and current.name:
            names.add(current.name)
        stack.extend(child for _, child in named_children(current))
    return names
