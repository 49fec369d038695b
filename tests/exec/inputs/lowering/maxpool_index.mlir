// cnn.maxpool_index as the raising emits it (see match-kernels-maxpool-index.mlir): the
// fills and the two-output reduction over a window view of a flat NCHW image, cast with
// the stride of the windows (they overlap when wider than it) from element `first`; y
// and k are offset views. The index is base + the flat offset of the element in the
// window view, in i32.
#id4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#id6 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4, d5)>
#out6 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3)>
func.func @pool(%img: memref<?xf32>, %y: memref<?x?x?x?xf32>, %k: memref<?x?x?x?xi32>, %n: index, %c: index, %p: index, %q: index, %h: index, %w: index, %stride: index, %size: index, %first: index, %basei: index) {
  %hw = arith.muli %h, %w : index
  %chw = arith.muli %c, %hw : index
  %sw = arith.muli %stride, %w : index
  %xw = memref.reinterpret_cast %img to offset: [%first], sizes: [%n, %c, %p, %q, %size, %size], strides: [%chw, %hw, %sw, %stride, %w, 1] : memref<?xf32> to memref<?x?x?x?x?x?xf32, strided<[?, ?, ?, ?, ?, 1], offset: ?>>
  %y4 = memref.subview %y[0, 0, 1, 2] [%n, %c, %p, %q] [1, 1, 1, 1] : memref<?x?x?x?xf32> to memref<?x?x?x?xf32, strided<[?, ?, ?, 1], offset: ?>>
  %k4 = memref.subview %k[0, 0, 1, 2] [%n, %c, %p, %q] [1, 1, 1, 1] : memref<?x?x?x?xi32> to memref<?x?x?x?xi32, strided<[?, ?, ?, 1], offset: ?>>
  %s0 = arith.constant -3.40282347E+38 : f32
  %t0 = arith.constant -1 : i32
  %base = arith.index_cast %basei : index to i32
  %sn = arith.index_cast %chw : index to i32
  %sc = arith.index_cast %hw : index to i32
  %sp = arith.index_cast %sw : index to i32
  %sq = arith.index_cast %stride : index to i32
  %sr = arith.index_cast %w : index to i32
  %ss = arith.constant 1 : i32
  linalg.generic {indexing_maps = [#id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} outs(%y4 : memref<?x?x?x?xf32, strided<[?, ?, ?, 1], offset: ?>>) {
  ^bb0(%o: f32):
    linalg.yield %s0 : f32
  }
  linalg.generic {indexing_maps = [#id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} outs(%k4 : memref<?x?x?x?xi32, strided<[?, ?, ?, 1], offset: ?>>) {
  ^bb0(%o: i32):
    linalg.yield %t0 : i32
  }
  linalg.generic {indexing_maps = [#id6, #out6, #out6], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]}
      ins(%xw : memref<?x?x?x?x?x?xf32, strided<[?, ?, ?, ?, ?, 1], offset: ?>>) outs(%y4, %k4 : memref<?x?x?x?xf32, strided<[?, ?, ?, 1], offset: ?>>, memref<?x?x?x?xi32, strided<[?, ?, ?, 1], offset: ?>>) {
  ^bb0(%xv: f32, %yv: f32, %kv: i32):
    %cmp = arith.cmpf ogt, %xv, %yv : f32
    %i0 = linalg.index 0 : index
    %e0 = arith.index_cast %i0 : index to i32
    %m0 = arith.muli %e0, %sn : i32
    %a0 = arith.addi %base, %m0 : i32
    %i1 = linalg.index 1 : index
    %e1 = arith.index_cast %i1 : index to i32
    %m1 = arith.muli %e1, %sc : i32
    %a1 = arith.addi %a0, %m1 : i32
    %i2 = linalg.index 2 : index
    %e2 = arith.index_cast %i2 : index to i32
    %m2 = arith.muli %e2, %sp : i32
    %a2 = arith.addi %a1, %m2 : i32
    %i3 = linalg.index 3 : index
    %e3 = arith.index_cast %i3 : index to i32
    %m3 = arith.muli %e3, %sq : i32
    %a3 = arith.addi %a2, %m3 : i32
    %i4 = linalg.index 4 : index
    %e4 = arith.index_cast %i4 : index to i32
    %m4 = arith.muli %e4, %sr : i32
    %a4 = arith.addi %a3, %m4 : i32
    %i5 = linalg.index 5 : index
    %e5 = arith.index_cast %i5 : index to i32
    %m5 = arith.muli %e5, %ss : i32
    %a5 = arith.addi %a4, %m5 : i32
    %ny = arith.select %cmp, %xv, %yv : f32
    %nk = arith.select %cmp, %a5, %kv : i32
    linalg.yield %ny, %nk : f32, i32
  }
  return
}
