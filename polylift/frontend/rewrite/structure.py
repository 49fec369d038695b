"""C's jumps made structured before lowering: `switch` as `if` chains, one exit per body.

The lowering emits structured ops only (`affine.if`, `scf.if`, loops), so two kinds of
jump are rewritten on the syntax tree first, keeping every node's position:

- a `switch` becomes an `if`/`else if` chain on `expr == case`: C compares the promoted
  controlling expression with each case constant converted to its type, which is what
  `==` does after the usual arithmetic conversions. A label's body runs from the label
  to the first `break` at the top level of the cases, falling through into the labels
  after it (their statements copied); labels with nothing between them share one test.
- a `return` before the end becomes an assignment to the body's result variable
  (`RESULT`, when the function returns a value), and the statements after the `if`
  that holds it move into the arms that do not return on every path. A `return` in a
  loop is a data-dependent exit and stays outside the subset.
- a `continue` in a `for` loop's body is the same jump to the end of the body: it is
  dropped, and the statements after the `if` that holds it move into the arms that do
  not continue on every path (`if (x[i] < 0) continue; y[i] = f(x[i]);` is `if (x[i]
  < 0) {} else { y[i] = f(x[i]); }`), inner loops first; the loop's step still runs.

What cannot be rewritten exactly (a `break` nested inside a case's `if`, a controlling
expression that assigns, a moved statement that would see a different declaration) is
refused with the construct's position.
"""

from __future__ import annotations

import copy
from typing import cast

from pycparser import c_ast

from polylift.frontend.c.scan import assigned_names, children, read_counts, set_child
from polylift.frontend.c.source import unsupported

# The variable a body with a value assigns where it returns (no C name starts so).
RESULT = "__polylift_result"

_LOOPS = (c_ast.For, c_ast.While, c_ast.DoWhile)


def _contains(node: c_ast.Node | None, kinds: tuple[type, ...], into_loops: bool = True) -> bool:
    stack = [node] if node is not None else []
    while stack:
        current = stack.pop()
        if isinstance(current, kinds):
            return True
        if not into_loops and isinstance(current, _LOOPS):
            continue
        stack.extend(children(current))
    return False


def _items(node: c_ast.Node | None) -> list[c_ast.Node]:
    if node is None:
        return []
    if isinstance(node, c_ast.Compound):
        return list(node.block_items or [])
    return [node]


def structured_body(body: c_ast.Compound, returns_value: bool) -> c_ast.Compound:
    """`body` with its switches made `if` chains, its loops' continues guards of what
    follows them, and its returns one exit at the end."""
    body = cast(c_ast.Compound, _continues(_switches(copy.deepcopy(body))))
    items, _ = _block(list(body.block_items or []), returns_value)
    return c_ast.Compound(items, coord=body.coord)


# --- switch -------------------------------------------------------------------------

def _switches(node: c_ast.Node) -> c_ast.Node:
    """`node` with every `switch` below it rewritten (children first)."""
    for name, child in cast(list, node.children()):
        new = _switches(child)
        if new is not child:
            set_child(node, name, new)
    return _switch_chain(node) if isinstance(node, c_ast.Switch) else node


def _labels(node: c_ast.Switch) -> list[c_ast.Case | c_ast.Default]:
    labels = _items(node.stmt)
    for label in labels:
        if not isinstance(label, c_ast.Case | c_ast.Default):
            raise unsupported("statement before the first label of a switch", label)
    return cast(list, labels)


def _label_body(labels: list[c_ast.Case | c_ast.Default], start: int) -> list[c_ast.Node]:
    """The statements a label runs: its own, then those of the labels after it, up to
    the first top-level `break`."""
    body: list[c_ast.Node] = []
    for label in labels[start:]:
        for stmt in label.stmts or []:
            if isinstance(stmt, c_ast.Break):
                return body
            if _contains(stmt, (c_ast.Break,), into_loops=False):
                raise unsupported("break inside a conditional of a switch case", stmt)
            body.append(copy.deepcopy(stmt))
    return body


def _switch_chain(node: c_ast.Switch) -> c_ast.Node:
    if assigned_names(node.cond) or _contains(node.cond, (c_ast.FuncCall,)):
        raise unsupported("switch on an expression with side effects", node.cond)
    labels = _labels(node)
    groups: list[tuple[list[c_ast.Node], list[c_ast.Node]]] = []  # (case exprs, body)
    default: list[c_ast.Node] = []
    group: list[c_ast.Case | c_ast.Default] = []
    for index, label in enumerate(labels):
        group.append(label)
        if not label.stmts and index + 1 < len(labels):
            continue  # labels with nothing between them share one body
        body = _label_body(labels, index)
        if any(isinstance(g, c_ast.Default) for g in group):
            default = body  # its cases would run the same body: the default covers them
        else:
            groups.append(([g.expr for g in group if isinstance(g, c_ast.Case)], body))
        group = []
    chain: c_ast.Node = c_ast.Compound(default, coord=node.coord)
    for cases, body in reversed(groups):
        test: c_ast.Node | None = None
        for case in cases:
            equal = c_ast.BinaryOp("==", copy.deepcopy(node.cond), case, coord=case.coord)
            test = equal if test is None else c_ast.BinaryOp("||", test, equal,
                                                             coord=case.coord)
        chain = c_ast.If(test, c_ast.Compound(body, coord=node.coord), chain, coord=node.coord)
    return chain


# --- continue -----------------------------------------------------------------------

def _continues(node: c_ast.Node) -> c_ast.Node:
    """`node` with the continues of every `for` body below it made guards (inner loops
    first, so a body's own continues are the only ones left in it)."""
    for name, child in cast(list, node.children()):
        new = _continues(child)
        if new is not child:
            set_child(node, name, new)
    if isinstance(node, c_ast.For) and _contains(node.stmt, (c_ast.Continue,),
                                                  into_loops=False):
        items, _ = _block(_items(node.stmt), False, c_ast.Continue)
        node.stmt = c_ast.Compound(items, coord=node.stmt.coord)
    return node


# --- return -------------------------------------------------------------------------

def _declared(items: list[c_ast.Node]) -> set[str]:
    names = set()
    for item in items:
        decls = item.decls if isinstance(item, c_ast.DeclList) else [item]
        names.update(d.name for d in decls if isinstance(d, c_ast.Decl) and d.name)
    return names


def _check_scope(arm: list[c_ast.Node], rest: list[c_ast.Node], where: c_ast.Node,
                 jump: str) -> None:
    """Statements moved into an arm must see the declarations they saw before."""
    shadowing = _declared(arm)
    if rest and any(read_counts(r)[n] or n in assigned_names(r) for r in rest
                    for n in shadowing):
        raise unsupported(f"{jump} in a block that declares a name the statements after "
                          "it use", where)


def _exit(node: c_ast.Return, returns_value: bool) -> list[c_ast.Node]:
    if node.expr is None:
        return []
    if not returns_value:
        raise unsupported("return with a value in a function returning void", node)
    return [c_ast.Assignment("=", c_ast.ID(RESULT, coord=node.coord), node.expr,
                             coord=node.coord)]


def _block(items: list[c_ast.Node], returns_value: bool,
           jump: type[c_ast.Return | c_ast.Continue] = c_ast.Return
           ) -> tuple[list[c_ast.Node], bool]:
    """The statements with their jumps (returns made assignments; a loop body's
    continues, which the loops inside it do not see, dropped) taken out; and whether
    every path through them jumps."""
    word = "return" if jump is c_ast.Return else "continue"
    out: list[c_ast.Node] = []
    for index, item in enumerate(items):
        if isinstance(item, c_ast.Return) and jump is c_ast.Return:
            return out + _exit(item, returns_value), True
        if isinstance(item, jump):
            return out, True
        if not _contains(item, (jump,), into_loops=word == "return"):
            out.append(item)
            continue
        if not _contains(item, (jump,), into_loops=False):
            raise unsupported("return inside a loop", item)
        rest = items[index + 1:]
        if isinstance(item, c_ast.Compound):
            inner = _items(item)
            _check_scope(inner, rest, item, word)
            more, done = _block(inner + rest, returns_value, jump)
            return out + [c_ast.Compound(more, coord=item.coord)], done
        if not isinstance(item, c_ast.If):
            raise unsupported(f"{word} inside this statement", item)
        arms = []
        for arm in (item.iftrue, item.iffalse):
            inner = _items(arm)
            alone = _block(inner, returns_value, jump)
            if alone[1]:  # it jumps on every path: the statements after it never run
                arms.append(alone)
                continue
            _check_scope(inner, rest, item, word)
            arms.append(_block(inner + copy.deepcopy(rest), returns_value, jump))
        (then, then_done), (other, other_done) = arms
        out.append(c_ast.If(item.cond, c_ast.Compound(then, coord=item.coord),
                            c_ast.Compound(other, coord=item.coord), coord=item.coord))
        return out, then_done and other_done
    return out, False
