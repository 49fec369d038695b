"""The sizes of a view the matcher reads: `view_sizes` (every dim) and `subview_size`
(a dynamic dim's size operand), also of a view that drops a unit dim before the ones it
keeps."""

from __future__ import annotations

from polylift.matcher.ir.ir_model import ConstSize, ValueSize, subview_size, view_sizes
from polylift.mlir import ir, new_context

MODULE = """
func.func @f(%m: memref<?x?x?xf32>, %a: index, %b: index) {
  %c0 = arith.constant 0 : index
  %v = memref.subview %m[%c0, %c0, %c0] [1, %a, %b] [1, 1, 1]
      : memref<?x?x?xf32> to memref<?x?xf32, strided<[?, 1], offset: ?>>
  %w = memref.subview %m[%c0, %c0, %c0] [%a, 4, %b] [1, 1, 1]
      : memref<?x?x?xf32> to memref<?x4x?xf32, strided<[?, ?, 1], offset: ?>>
  return
}
"""


def _parsed():
    ctx = new_context()
    with ctx:
        module = ir.Module.parse(MODULE)
        func = module.body.operations[0]
        args = func.regions[0].blocks[0].arguments
        ops = list(func.regions[0].blocks[0].operations)
        return ctx, module, args, ops


def test_a_rank_reducing_view_reads_the_size_of_the_dim_it_keeps():
    ctx, module, args, ops = _parsed()
    with ctx:
        reduced, full = ops[1], ops[2]
        a, b = args[1], args[2]
        assert subview_size(reduced, 0) == a and subview_size(reduced, 1) == b
        assert view_sizes(reduced.result) == [ValueSize(a), ValueSize(b)]
        assert subview_size(full, 2) == b
        assert view_sizes(full.result) == [ValueSize(a), ConstSize(4), ValueSize(b)]
    del module
