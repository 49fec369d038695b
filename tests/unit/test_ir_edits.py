"""Every change to IR goes through `polylift/rewriter.py` (DESIGN: "every change through
the rewriter"): no other module of the package or script erases, clones, moves or
re-points an op, sets an attribute, or makes an insertion point itself."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from polylift import rewriter
from polylift.mlir import ir, new_context, parse_module

ROOT = Path(__file__).parents[2]
EDITING_METHODS = {"erase", "clone", "move_before", "move_after", "detach_from_parent",
                   "replace_all_uses_with", "replace_all_uses_except",
                   "replace_uses_of_with", "set_type"}


def edits(tree: ast.AST) -> list[tuple[int, str]]:
    """(line, what) for each direct IR edit in a module's syntax tree."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            name = node.func.attr
            base = node.func.value
            if isinstance(base, ast.Name) and base.id == "rewriter":
                continue
            if name in EDITING_METHODS:
                found.append((node.lineno, f".{name}()"))
            elif name == "InsertionPoint" or (isinstance(base, ast.Attribute)
                                              and base.attr == "InsertionPoint"):
                found.append((node.lineno, "an InsertionPoint"))
        targets = node.targets if isinstance(node, ast.Assign | ast.Delete) else []
        for target in targets:
            if isinstance(target, ast.Subscript) and isinstance(target.value, ast.Attribute) \
                    and target.value.attr in ("operands", "attributes"):
                found.append((target.lineno, f".{target.value.attr}[...] assignment"))
    return sorted(found)


def test_edits_finds_each_kind_of_direct_edit():
    source = ("op.erase()\nop.operation.move_before(x)\nip = ir.InsertionPoint(op)\n"
              "ip = ir.InsertionPoint.at_block_terminator(b)\nop.attributes['a'] = x\n"
              "clone.operands[0] = v\nkeep = op.attributes['a']\n")
    assert [line for line, _ in edits(ast.parse(source))] == [1, 2, 3, 4, 5, 6]


def test_no_module_edits_ir_but_the_rewriter():
    offenders = []
    paths = sorted([*(ROOT / "polylift").rglob("*.py"), *(ROOT / "scripts").glob("*.py")])
    for path in paths:
        if path == ROOT / "polylift" / "rewriter.py":
            continue
        for line, what in edits(ast.parse(path.read_text())):
            offenders.append(f"{path.relative_to(ROOT)}:{line}: {what}")
    assert offenders == []


@pytest.fixture
def module():
    ctx = new_context()
    text = """
    func.func @f(%a: index) -> index {
      %c1 = arith.constant 1 : index
      %unused = arith.addi %a, %c1 : index
      %used = arith.muli %a, %c1 : index
      return %used : index
    }"""
    with ctx, ir.Location.unknown():
        yield parse_module(text, ctx)


def _ops(module: ir.Module) -> list[ir.OpView]:
    return list(module.body.operations[0].regions[0].blocks[0].operations)


def test_rewriter_edits(module: ir.Module):
    const, unused, used, ret = _ops(module)
    assert rewriter.erase_if_unused(unused)
    assert not rewriter.erase_if_unused(used)
    with rewriter.before(ret):
        copy = rewriter.clone_mapped(used, {used.operands[1]: used.operands[0]})
    assert [op.name for op in _ops(module)] == ["arith.constant", "arith.muli", "arith.muli",
                                                "func.return"]
    assert copy.operands[0] == copy.operands[1] == used.operands[0]
    rewriter.move_before(copy, used)
    rewriter.set_attribute(const, "tag", ir.UnitAttr.get())
    assert "tag" in const.attributes
    assert _ops(module)[1].operation == copy
    rewriter.erase(copy)
    assert len(_ops(module)) == 3
    module.operation.verify()
