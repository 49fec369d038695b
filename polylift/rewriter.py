"""IR edits in one place: every change polylift makes to IR that exists goes through here.

Erasing an op, cloning one with its operands replaced, moving an op, setting an
attribute, and the insertion points new ops are built at. The bindings
offer a `PatternRewriter` only inside the greedy pattern driver, while polylift's
Python passes walk the IR themselves (they run at module level, see DESIGN.md), so
these are the bindings' own methods; keeping them here makes the rule "every change
through the rewriter" one a test can check (`tests/unit/test_ir_edits.py`), and gives
one place to trace changes (`--mlir-print-ir-after-change` would hook in here).

Ops arrive as `ir.Operation` or as an `ir.OpView` of one; `.operation` is the
`Operation` of either. May import: `polylift.mlir` only.
"""

from __future__ import annotations

from typing import TypeAlias

from polylift.mlir import ir

Op: TypeAlias = ir.Operation | ir.OpView


def erase(op: Op) -> None:
    """Erase `op` (its results must have no uses left)."""
    op.operation.erase()


def erase_if_unused(op: Op) -> bool:
    """Erase `op` when none of its results is used; whether it was erased."""
    if any(list(result.uses) for result in op.results):
        return False
    erase(op)
    return True


def clone_mapped(op: Op, mapping: dict) -> ir.Operation:
    """A copy of `op` at the current insertion point, reading `mapping[v]` for each
    operand `v` that `mapping` has."""
    clone = op.operation.clone()
    for i, value in enumerate(clone.operands):
        if value in mapping:
            clone.operands[i] = mapping[value]
    return clone


def replace_uses(old: ir.Value, new: ir.Value) -> None:
    """Make every user of `old` read `new` instead."""
    old.replace_all_uses_with(new)


def replace_use(use: ir.OpOperand, new: ir.Value) -> None:
    """Make the one operand `use` read `new` instead."""
    use.owner.operands[use.operand_number] = new


def set_operand(op: Op, index: int, value: ir.Value) -> None:
    """Make operand `index` of `op` read `value`."""
    op.operation.operands[index] = value


def move_before(op: Op, anchor: Op) -> None:
    """Move `op` to just before `anchor`."""
    op.operation.move_before(anchor.operation)


def set_attribute(op: Op, name: str, value: ir.Attribute) -> None:
    """Set (or replace) attribute `name` of `op`."""
    op.operation.attributes[name] = value


def rename_symbol(op: Op, new: str, within: Op) -> None:
    """Give the symbol `op` defines the name `new`, and every use of it in `within`."""
    old = ir.StringAttr(op.attributes["sym_name"]).value
    ir.SymbolTable.replace_all_symbol_uses(old, new, within.operation)
    set_attribute(op, "sym_name", ir.StringAttr.get(new))


def before(op: Op) -> ir.InsertionPoint:
    """Where new ops go just before `op`."""
    return ir.InsertionPoint(op.operation)


def at_end(block: ir.Block) -> ir.InsertionPoint:
    """Where new ops go at the end of `block` (a block without a terminator yet, or a
    module's body)."""
    return ir.InsertionPoint(block)


def before_terminator(block: ir.Block) -> ir.InsertionPoint:
    """Where new ops go just before the terminator of `block`."""
    return ir.InsertionPoint.at_block_terminator(block)
