"""The payload reader inside a select's arm knows the select's test: if-conversion
writes a division the program makes only where `b != 0` as `b != 0 ? a / (b != 0 ? b :
1) : 0`, and the tree the templates are matched against is `b != 0 ? a / b : 0`."""

from __future__ import annotations

from polylift.matcher.ir.payload import assume, payload
from polylift.matcher.ir.tree import Apply, Arg, Const, Node
from polylift.mlir import ir, new_context, parse_module, walk
from polylift.passes.pipeline import Step, run_pipeline
from polylift.passes.registry import PassRun

GUARDED = """
func.func @guarded(%n: index, %a: memref<?xi32>, %b: memref<?xi32>, %o: memref<?xi32>) {
  affine.for %i = 0 to %n {
    %bv = affine.load %b[%i] : memref<?xi32>
    %av = affine.load %a[%i] : memref<?xi32>
    %z = arith.constant 0 : i32
    %nz = arith.cmpi ne, %bv, %z : i32
    scf.if %nz {
      %q = arith.divsi %av, %bv : i32
      affine.store %q, %o[%i] : memref<?xi32>
    } else {
      affine.store %z, %o[%i] : memref<?xi32>
    }
  }
  return
}
"""


def _generic_payload(text: str) -> Node:
    module = parse_module(text, new_context())
    run_pipeline([Step("raise-affine-to-linalg")], module, PassRun())
    generics = []

    def visit(op: ir.Operation) -> ir.WalkResult:
        if op.name == "linalg.generic":
            generics.append(op)
        return ir.WalkResult.ADVANCE

    walk(module.operation, visit)
    assert len(generics) == 1, str(module)
    return payload(generics[0].opview)


def _selects(node: Node) -> int:
    match node:
        case Apply(op, children):
            return (op == "select") + sum(_selects(c) for c in children)
    return 0


def test_the_guarded_divisor_reads_as_the_divisor():
    tree = _generic_payload(GUARDED)
    match tree:
        case Apply("select", (_, Apply("/", (Arg(), Arg())), Const())):
            pass
        case _:
            raise AssertionError(tree)
    assert _selects(tree) == 1, tree


def test_a_select_on_another_test_stays():
    inner = Apply("select", (Arg(5), Arg(0), Const(1.0)))
    assert assume(inner, Arg(6), True) == inner
    assert assume(Apply("+", (inner, Arg(1))), Arg(5), False) == Apply("+", (Const(1.0),
                                                                             Arg(1)))
