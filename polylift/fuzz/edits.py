"""Edits of a program tree by position: the shared vocabulary of perturbing and shrinking.

A statement is addressed by its path (indices through nested loop bodies), an
expression inside a statement's value by the child indices leading to it. Every edit
returns a new tree; nothing is mutated.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from polylift.fuzz.program import (
    Abs,
    Affine,
    Binary,
    Expr,
    Guarded,
    If,
    Index,
    Loop,
    Read,
    Select,
    SetLocal,
    Stmt,
    Store,
    Term,
    inner,
)

Path = tuple[int, ...]


def stmt_paths(body: tuple[Stmt, ...], prefix: Path = ()) -> list[Path]:
    """The path of every statement of `body`, outer loops (and `if`s) first."""
    paths: list[Path] = []
    for i, stmt in enumerate(body):
        paths.append((*prefix, i))
        paths += stmt_paths(inner(stmt), (*prefix, i))
    return paths


def get_stmt(body: tuple[Stmt, ...], path: Path) -> Stmt:
    """The statement at `path`."""
    stmt = body[path[0]]
    for i in path[1:]:
        assert isinstance(stmt, Loop | If)
        stmt = stmt.body[i]
    return stmt


def splice(body: tuple[Stmt, ...], path: Path, new: tuple[Stmt, ...]) -> tuple[Stmt, ...]:
    """`body` with the statement at `path` replaced by `new` (none: deleted)."""
    head, rest = path[0], path[1:]
    if not rest:
        return body[:head] + new + body[head + 1:]
    outer = body[head]
    assert isinstance(outer, Loop | If)
    return body[:head] + (replace(outer, body=splice(outer.body, rest, new)),) + body[head + 1:]


def children(expr: Expr) -> tuple[Expr, ...]:
    """The direct subexpressions of `expr`."""
    match expr:
        case Binary(_, left, right):
            return (left, right)
        case Select(_, left, right, then, other):
            return (left, right, then, other)
        case Abs(arg):
            return (arg,)
        case Guarded(_, _, other):
            return (other,)
    return ()


def with_children(expr: Expr, parts: tuple[Expr, ...]) -> Expr:
    """`expr` with its direct subexpressions replaced by `parts`."""
    match expr:
        case Binary():
            return replace(expr, left=parts[0], right=parts[1])
        case Select():
            return replace(expr, left=parts[0], right=parts[1], then=parts[2], other=parts[3])
        case Abs():
            return replace(expr, arg=parts[0])
        case Guarded():
            return replace(expr, other=parts[0])
    return expr


def expr_paths(expr: Expr, prefix: Path = ()) -> list[Path]:
    """The path of every subexpression of `expr`, `expr` itself first."""
    paths = [prefix]
    for i, child in enumerate(children(expr)):
        paths += expr_paths(child, (*prefix, i))
    return paths


def get_expr(expr: Expr, path: Path) -> Expr:
    """The subexpression at `path`."""
    for i in path:
        expr = children(expr)[i]
    return expr


def set_expr(expr: Expr, path: Path, new: Expr) -> Expr:
    """`expr` with the subexpression at `path` replaced by `new`."""
    if not path:
        return new
    parts = list(children(expr))
    parts[path[0]] = set_expr(parts[path[0]], path[1:], new)
    return with_children(expr, tuple(parts))


def with_value(stmt: Stmt, value: Expr) -> Stmt:
    """A store or local assignment with a new right-hand side."""
    assert isinstance(stmt, Store | SetLocal)
    return replace(stmt, value=value)


def substitute(affine: Affine, name: str, by: Affine) -> Affine:
    """`affine` with the variable `name` replaced by the expression `by`."""
    terms: list[Term] = []
    const = affine.const
    for term in affine.terms:
        if term.var != name:
            terms.append(term)
            continue
        terms += [Term(t.var, t.coef * term.coef) for t in by.terms]
        const += term.coef * by.const
    return Affine(tuple(terms), const)


def substitute_expr(expr: Expr, name: str, by: Affine) -> Expr:
    """`expr` with loop counter `name` replaced by `by` in every subscript and value."""
    if isinstance(expr, Read):
        return replace(expr, index=tuple(substitute(a, name, by) for a in expr.index))
    if isinstance(expr, Index):
        return Index(substitute(expr.value, name, by))
    parts = tuple(substitute_expr(c, name, by) for c in children(expr))
    return with_children(expr, parts) if parts else expr


def substitute_stmt(stmt: Stmt, name: str, by: Affine) -> Stmt:
    """`stmt` with loop counter `name` replaced by `by` (in bounds, subscripts, values)."""
    match stmt:
        case Loop():
            return replace(stmt, lo=substitute(stmt.lo, name, by),
                           hi=substitute(stmt.hi, name, by),
                           body=tuple(substitute_stmt(s, name, by) for s in stmt.body))
        case Store():
            return replace(stmt, index=tuple(substitute(a, name, by) for a in stmt.index),
                           value=substitute_expr(stmt.value, name, by))
        case SetLocal():
            return replace(stmt, value=substitute_expr(stmt.value, name, by))
        case If():
            return replace(stmt, left=substitute_expr(stmt.left, name, by),
                           right=substitute_expr(stmt.right, name, by),
                           body=tuple(substitute_stmt(s, name, by) for s in stmt.body))
    raise TypeError(stmt)


def map_array_index(stmt: Stmt, array: str,
                    remap: Callable[[tuple[Affine, ...]], tuple[Affine, ...]]) -> Stmt:
    """`stmt` with every subscript list of `array` (read or stored) passed through `remap`."""
    def expr(node: Expr) -> Expr:
        if isinstance(node, Read):
            return replace(node, index=remap(node.index)) if node.array == array else node
        if isinstance(node, Guarded) and node.read.array == array:
            node = replace(node, read=replace(node.read, index=remap(node.read.index)))
        parts = tuple(expr(c) for c in children(node))
        return with_children(node, parts) if parts else node

    match stmt:
        case Loop():
            return replace(stmt, body=tuple(map_array_index(s, array, remap) for s in stmt.body))
        case Store():
            index = remap(stmt.index) if stmt.array == array else stmt.index
            return replace(stmt, index=index, value=expr(stmt.value))
        case SetLocal():
            return replace(stmt, value=expr(stmt.value))
        case If():
            return replace(stmt, left=expr(stmt.left), right=expr(stmt.right),
                           body=tuple(map_array_index(s, array, remap) for s in stmt.body))
    raise TypeError(stmt)
