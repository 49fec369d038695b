"""Dereferences written as the subscripts they are (`*out = s` is `out[0] = s`).

C defines `*(a + b)` as `a[b]`, and `*p` as `*(p + 0)`, so writing a dereference as a
subscript changes nothing the program does. Real code stores a result through a pointer
argument this way (`*result = sum`, `*(y + i) = v`); the lowering reads subscripts. The
rewrite covers `*p` and `*(p + e)` (or `*(e + p)`) where `p` is a name declared as a
pointer or an array, so that name is the subscripted one. A dereference of anything
else (a pointer stepped as it is read, a difference, a call's result) is left as
written, and the lowering says why it refuses it. `p - e` is not read as `p[-e]`: for
an unsigned `e`, `-e` is another number than the distance `p - e` steps back.
"""

from __future__ import annotations

from typing import cast

from pycparser import c_ast

from polylift.frontend.c.scan import named_children, subtree
from polylift.frontend.rewrite.blocks import with_children


def subscript_dereferences(body: c_ast.Compound, params: list[c_ast.Decl]) -> c_ast.Compound:
    """`body` with every dereference of a pointer or array name written as a subscript
    (a new tree where anything changes; the nodes keep their positions)."""
    names = {str(p.name) for p in params if isinstance(p.type, _ADDRESSES)}
    names |= {str(d.name) for d in subtree(body)
              if isinstance(d, c_ast.Decl) and isinstance(d.type, _ADDRESSES) and d.name}
    return cast(c_ast.Compound, _rewrite(body, names))


_ADDRESSES = (c_ast.PtrDecl, c_ast.ArrayDecl)


def _rewrite(node: c_ast.Node, names: set[str]) -> c_ast.Node:
    changed = {name: _rewrite(child, names) for name, child in named_children(node)
               if not _kept(node, name)}
    node = with_children(node, changed)
    if isinstance(node, c_ast.UnaryOp) and node.op == "*":
        return _subscript(node, names) or node
    return node


def _kept(node: c_ast.Node, child: str) -> bool:
    """Whether a child stays as written: a called function's name, and the struct of a
    member access (`(*p).x` is how the lowering reads a struct behind a pointer)."""
    return (isinstance(node, c_ast.FuncCall) and child == "name") or \
        (isinstance(node, c_ast.StructRef) and child == "name")


def _subscript(node: c_ast.UnaryOp, names: set[str]) -> c_ast.ArrayRef | None:
    """`*p` as `p[0]`, `*(p + e)` and `*(e + p)` as `p[e]`; None for any other."""
    match node.expr:
        case c_ast.ID(name=name) if name in names:
            return c_ast.ArrayRef(node.expr, c_ast.Constant("int", "0", coord=node.coord),
                                  coord=node.coord)
        case c_ast.BinaryOp(op="+", left=c_ast.ID(name=name) as base, right=offset) \
                if name in names:
            return c_ast.ArrayRef(base, offset, coord=node.coord)
        case c_ast.BinaryOp(op="+", left=offset, right=c_ast.ID(name=name) as base) \
                if name in names:
            return c_ast.ArrayRef(base, offset, coord=node.coord)
    return None


__all__ = ["subscript_dereferences"]
