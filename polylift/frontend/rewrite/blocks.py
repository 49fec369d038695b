"""A rewrite of every block of a syntax tree, copying only the path to what changes."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import cast

from pycparser import c_ast

from polylift.frontend.c.scan import named_children, set_child

BlockRewrite = Callable[[list[c_ast.Node]], list[c_ast.Node]]


def rewrite_blocks(node: c_ast.Node, rewrite: BlockRewrite) -> c_ast.Node:
    """`node` with `rewrite` applied to the statements of each block, innermost blocks
    first; the nodes that do not change are shared, and every node keeps its position."""
    changed = {name: rewrite_blocks(child, rewrite) for name, child in named_children(node)}
    if isinstance(node, c_ast.Compound) and node.block_items:
        items = [changed.get(f"block_items[{i}]", item)
                 for i, item in enumerate(cast(list[c_ast.Node], node.block_items))]
        rewritten = rewrite(items)
        if rewritten == node.block_items:
            return node
        return c_ast.Compound(rewritten, coord=node.coord)
    return with_children(node, changed)


def with_children(node: c_ast.Node, changed: dict[str, c_ast.Node]) -> c_ast.Node:
    """`node`, or a shallow copy of it with the children `changed` names in their slots."""
    if all(changed.get(name, child) is child for name, child in named_children(node)):
        return node
    new = copy.copy(node)
    for field in new.__slots__:
        if isinstance(getattr(new, field, None), list):
            setattr(new, field, list(getattr(new, field)))
    for name, child in changed.items():
        set_child(new, name, child)
    return new


__all__ = ["BlockRewrite", "rewrite_blocks", "with_children"]
