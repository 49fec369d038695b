// RUN: polylift-opt %s --split-input-file --match-kernels --expressions=false | FileCheck %s
// RUN: polylift-opt %s --split-input-file --match-kernels --expressions=false --remarks=missed 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK

// Near misses of the new templates: each must stay (or match something weaker).

// gemv with x read at the row index: no template reads that element.
// CHECK-LABEL: func.func @gemv_wrong_index
// CHECK-NOT: kernel.launch
// REMARK: remark: no template matches linalg.generic; closest
func.func @gemv_wrong_index(%A: memref<8x8xf64>, %x: memref<8xf64>, %y: memref<8xf64>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
      ins(%A, %x : memref<8x8xf64>, memref<8xf64>) outs(%y : memref<8xf64>) {
  ^bb0(%a: f64, %b: f64, %c: f64):
    %0 = arith.mulf %a, %b : f64
    %1 = arith.addf %c, %0 : f64
    linalg.yield %1 : f64
  }
  return
}

// -----

// A float ReLU written `v >= 0 ? v : 0` is not C's `v > 0 ? v : 0` (it keeps -0):
// the bias epilogue stays, and the gemm matches alone.
// CHECK-LABEL: func.func @relu_oge
// CHECK: template = "blas.gemm_zero1"
// CHECK: linalg.generic
// REMARK: remark: no template matches linalg.generic; closest {{.*}}select is not a max or min
func.func @relu_oge(%A: memref<4x4xf32>, %B: memref<4x4xf32>, %bias: memref<4xf32>, %C: memref<4x4xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      outs(%C : memref<4x4xf32>) {
  ^bb0(%c: f32):
    linalg.yield %zero : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%A, %B : memref<4x4xf32>, memref<4x4xf32>) outs(%C : memref<4x4xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %0 = arith.mulf %a, %b : f32
    %1 = arith.addf %c, %0 : f32
    linalg.yield %1 : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%bias : memref<4xf32>) outs(%C : memref<4x4xf32>) {
  ^bb0(%b: f32, %c: f32):
    %0 = arith.addf %c, %b : f32
    %1 = arith.cmpf oge, %0, %zero : f32
    %2 = arith.select %1, %0, %zero : f32
    linalg.yield %2 : f32
  }
  return
}

// -----

// max(0, v) is not max(v, 0) for floats (NaN, signed zeros): the epilogue stays.
// CHECK-LABEL: func.func @relu_swapped
// CHECK: template = "blas.gemm_zero1"
// CHECK: linalg.generic
func.func @relu_swapped(%A: memref<4x4xf32>, %B: memref<4x4xf32>, %bias: memref<4xf32>, %C: memref<4x4xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      outs(%C : memref<4x4xf32>) {
  ^bb0(%c: f32):
    linalg.yield %zero : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%A, %B : memref<4x4xf32>, memref<4x4xf32>) outs(%C : memref<4x4xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %0 = arith.mulf %a, %b : f32
    %1 = arith.addf %c, %0 : f32
    linalg.yield %1 : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%bias : memref<4xf32>) outs(%C : memref<4x4xf32>) {
  ^bb0(%b: f32, %c: f32):
    %0 = arith.addf %c, %b : f32
    %1 = arith.cmpf ogt, %zero, %0 : f32
    %2 = arith.select %1, %zero, %0 : f32
    linalg.yield %2 : f32
  }
  return
}

// -----

// An i16 3x3 filter that sums in i16 (no widening to i32): the template's arithmetic
// is 32-bit, so it must not match.
// CHECK-LABEL: func.func @conv_i16_narrow
// CHECK-NOT: kernel.launch
// REMARK: remark: no template matches linalg.generic; closest {{.*}}: payload computes in i16, the template in i32
func.func @conv_i16_narrow(%A: memref<10x10xi16>, %B: memref<10x10xi16>) {
  %c2 = arith.constant 2 : i16
  %s = arith.constant 1 : i16
  %v00 = memref.subview %A[0, 0] [8, 8] [1, 1] : memref<10x10xi16> to memref<8x8xi16, strided<[10, 1]>>
  %v01 = memref.subview %A[0, 1] [8, 8] [1, 1] : memref<10x10xi16> to memref<8x8xi16, strided<[10, 1], offset: 1>>
  %v02 = memref.subview %A[0, 2] [8, 8] [1, 1] : memref<10x10xi16> to memref<8x8xi16, strided<[10, 1], offset: 2>>
  %v10 = memref.subview %A[1, 0] [8, 8] [1, 1] : memref<10x10xi16> to memref<8x8xi16, strided<[10, 1], offset: 10>>
  %v11 = memref.subview %A[1, 1] [8, 8] [1, 1] : memref<10x10xi16> to memref<8x8xi16, strided<[10, 1], offset: 11>>
  %v12 = memref.subview %A[1, 2] [8, 8] [1, 1] : memref<10x10xi16> to memref<8x8xi16, strided<[10, 1], offset: 12>>
  %v20 = memref.subview %A[2, 0] [8, 8] [1, 1] : memref<10x10xi16> to memref<8x8xi16, strided<[10, 1], offset: 20>>
  %v21 = memref.subview %A[2, 1] [8, 8] [1, 1] : memref<10x10xi16> to memref<8x8xi16, strided<[10, 1], offset: 21>>
  %v22 = memref.subview %A[2, 2] [8, 8] [1, 1] : memref<10x10xi16> to memref<8x8xi16, strided<[10, 1], offset: 22>>
  %o = memref.subview %B[1, 1] [8, 8] [1, 1] : memref<10x10xi16> to memref<8x8xi16, strided<[10, 1], offset: 11>>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%v00, %v01, %v02, %v10, %v11, %v12, %v20, %v21, %v22 : memref<8x8xi16, strided<[10, 1]>>, memref<8x8xi16, strided<[10, 1], offset: 1>>, memref<8x8xi16, strided<[10, 1], offset: 2>>, memref<8x8xi16, strided<[10, 1], offset: 10>>, memref<8x8xi16, strided<[10, 1], offset: 11>>, memref<8x8xi16, strided<[10, 1], offset: 12>>, memref<8x8xi16, strided<[10, 1], offset: 20>>, memref<8x8xi16, strided<[10, 1], offset: 21>>, memref<8x8xi16, strided<[10, 1], offset: 22>>)
      outs(%o : memref<8x8xi16, strided<[10, 1], offset: 11>>) {
  ^bb0(%a: i16, %b: i16, %c: i16, %d: i16, %e: i16, %f: i16, %g: i16, %h: i16, %k: i16, %out: i16):
    %0 = arith.muli %c2, %a : i16
    %1 = arith.muli %c2, %b : i16
    %2 = arith.addi %0, %1 : i16
    %3 = arith.muli %c2, %c : i16
    %4 = arith.addi %2, %3 : i16
    %5 = arith.muli %c2, %d : i16
    %6 = arith.addi %4, %5 : i16
    %7 = arith.muli %c2, %e : i16
    %8 = arith.addi %6, %7 : i16
    %9 = arith.muli %c2, %f : i16
    %10 = arith.addi %8, %9 : i16
    %11 = arith.muli %c2, %g : i16
    %12 = arith.addi %10, %11 : i16
    %13 = arith.muli %c2, %h : i16
    %14 = arith.addi %12, %13 : i16
    %15 = arith.muli %c2, %k : i16
    %16 = arith.addi %14, %15 : i16
    %17 = arith.shrsi %16, %s : i16
    linalg.yield %17 : i16
  }
  return
}

// -----

// A 1x1 convolution whose reduction is not the innermost-in-template order does not
// apply here (one reduction); a 3x3-window convolution whose loops run kx, ky, ci
// (outermost first) sums in another order: it still matches, but is not bit-exact
// with ref's c, r, s order, and says so.
// CHECK-LABEL: func.func @conv_loop_order(
// CHECK-SAME: %[[X:[a-z0-9_-]+]]: memref<1x2x6x6xf32>, %[[W:[a-z0-9_-]+]]: memref<3x2x3x3xf32>, %[[Y:[a-z0-9_-]+]]: memref<1x3x4x4xf32>)
// CHECK: "kernel.launch"(%[[Y]], %[[X]], %[[W]]) {{.*}}callee = @conv2d_f32, source_order_matches = false, template = "cnn.conv2d"
func.func @conv_loop_order(%x: memref<1x2x6x6xf32>, %w: memref<3x2x3x3xf32>, %y: memref<1x3x4x4xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      outs(%y : memref<1x3x4x4xf32>) {
  ^bb0(%o: f32):
    linalg.yield %zero : f32
  }
  linalg.generic {indexing_maps = [affine_map<(n, k, p, q, s, r, c) -> (n, c, p + r, q + s)>, affine_map<(n, k, p, q, s, r, c) -> (k, c, r, s)>, affine_map<(n, k, p, q, s, r, c) -> (n, k, p, q)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
      ins(%x, %w : memref<1x2x6x6xf32>, memref<3x2x3x3xf32>) outs(%y : memref<1x3x4x4xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %0 = arith.mulf %a, %b : f32
    %1 = arith.addf %o, %0 : f32
    linalg.yield %1 : f32
  }
  return
}

// -----

// C = A^T.B with different buffers is gemm_tn, not syrk_t.
// CHECK-LABEL: func.func @gemm_tn(
// CHECK-SAME: %[[A:[a-z0-9_-]+]]: memref<4x8xf64>, %[[B:[a-z0-9_-]+]]: memref<4x6xf64>, %[[C:[a-z0-9_-]+]]: memref<8x6xf64>)
// CHECK-NEXT: %[[ONE:[a-z0-9_-]+]] = arith.constant 1.000000e+00 : f64
// CHECK-NEXT: %[[ONE_2:[a-z0-9_-]+]] = arith.constant 1.000000e+00 : f64
// CHECK: "kernel.launch"(%[[C]], %[[A]], %[[B]], %[[ONE]], %[[ONE_2]]) {alpha = 1.000000e+00 : f64, beta = 1.000000e+00 : f64, callee = @gemm_tn_f64, source_order_matches = true, template = "blas.gemm_tn_acc", trans_a = true}
func.func @gemm_tn(%A: memref<4x8xf64>, %B: memref<4x6xf64>, %C: memref<8x6xf64>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d2, d0)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%A, %B : memref<4x8xf64>, memref<4x6xf64>) outs(%C : memref<8x6xf64>) {
  ^bb0(%a: f64, %b: f64, %c: f64):
    %0 = arith.mulf %a, %b : f64
    %1 = arith.addf %c, %0 : f64
    linalg.yield %1 : f64
  }
  return
}

// -----

// Batched gemm on 3-D arrays, and the scaled form of gemm_nt.
// CHECK-LABEL: func.func @batched
// CHECK: callee = @gemm_batched_f32, source_order_matches = true, template = "blas.gemm_batched_acc"
// CHECK-LABEL: func.func @gemm_nt(
// CHECK-SAME: %[[A:[a-z0-9_-]+]]: memref<8x4xf64>, %[[B:[a-z0-9_-]+]]: memref<6x4xf64>, %[[C:[a-z0-9_-]+]]: memref<8x6xf64>, %[[ALPHA:[a-z0-9_-]+]]: f64, %[[BETA:[a-z0-9_-]+]]: f64)
// CHECK: "kernel.launch"(%[[C]], %[[A]], %[[B]], %[[ALPHA]], %[[BETA]]) {callee = @gemm_nt_f64, source_order_matches = true, template = "blas.gemm_nt", trans_b = true}
func.func @batched(%A: memref<3x4x5xf32>, %B: memref<3x5x6xf32>, %C: memref<3x4x6xf32>) {
  linalg.generic {indexing_maps = [affine_map<(b, i, j, k) -> (b, i, k)>, affine_map<(b, i, j, k) -> (b, k, j)>, affine_map<(b, i, j, k) -> (b, i, j)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%A, %B : memref<3x4x5xf32>, memref<3x5x6xf32>) outs(%C : memref<3x4x6xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %0 = arith.mulf %a, %b : f32
    %1 = arith.addf %c, %0 : f32
    linalg.yield %1 : f32
  }
  return
}
func.func @gemm_nt(%A: memref<8x4xf64>, %B: memref<6x4xf64>, %C: memref<8x6xf64>, %alpha: f64, %beta: f64) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      outs(%C : memref<8x6xf64>) {
  ^bb0(%c: f64):
    %0 = arith.mulf %beta, %c : f64
    linalg.yield %0 : f64
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%A, %B : memref<8x4xf64>, memref<6x4xf64>) outs(%C : memref<8x6xf64>) {
  ^bb0(%a: f64, %b: f64, %c: f64):
    %0 = arith.mulf %a, %b : f64
    %1 = arith.mulf %alpha, %0 : f64
    %2 = arith.addf %c, %1 : f64
    linalg.yield %2 : f64
  }
  return
}

// -----

// jacobi1d summed as A[i-1] + (A[i] + A[i+1]): the same terms regrouped, which gives
// other bits in floating point. stencil.jacobi1d is declared exact (no bound), so the
// op stays; the same regrouping on integers would be the same bits, and on a
// `reassoc` template it would match with source_order_matches = false.
// CHECK-LABEL: func.func @jacobi1d_regrouped
// CHECK-NOT: kernel.launch
// CHECK: linalg.generic
// REMARK: remark: no template matches linalg.generic; closest stencil.jacobi1d: the op groups its arithmetic otherwise than the template, which is declared exact
func.func @jacobi1d_regrouped(%A: memref<64xf64>, %B: memref<64xf64>, %c: f64) {
  %l = memref.subview %A[0] [62] [1] : memref<64xf64> to memref<62xf64, strided<[1]>>
  %m = memref.subview %A[1] [62] [1] : memref<64xf64> to memref<62xf64, strided<[1], offset: 1>>
  %r = memref.subview %A[2] [62] [1] : memref<64xf64> to memref<62xf64, strided<[1], offset: 2>>
  %o = memref.subview %B[1] [62] [1] : memref<64xf64> to memref<62xf64, strided<[1], offset: 1>>
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%l, %m, %r : memref<62xf64, strided<[1]>>, memref<62xf64, strided<[1], offset: 1>>, memref<62xf64, strided<[1], offset: 2>>) outs(%o : memref<62xf64, strided<[1], offset: 1>>) {
  ^bb0(%a: f64, %b: f64, %d: f64, %y: f64):
    %0 = arith.addf %b, %d : f64
    %1 = arith.addf %a, %0 : f64
    %2 = arith.mulf %c, %1 : f64
    linalg.yield %2 : f64
  }
  return
}
