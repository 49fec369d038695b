// RUN: polylift-opt %s --split-input-file --match-kernels --expressions=false | FileCheck %s
// RUN: polylift-opt %s --split-input-file --match-kernels --expressions=false --remarks=all 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK

// PolyBench gemm after raising: scale step + accumulate step on one C view -> one gemm.
// The source computes (alpha*a)*b per term, the template alpha*(a*b): order differs.
// CHECK-LABEL: func.func @kernel_gemm(
// CHECK-SAME: %[[NI:[a-z0-9_-]+]]: index, %[[NJ:[a-z0-9_-]+]]: index, %[[NK:[a-z0-9_-]+]]: index, %[[ALPHA:[a-z0-9_-]+]]: f64, %[[BETA:[a-z0-9_-]+]]: f64, %[[C:[a-z0-9_-]+]]: memref<?x?xf64>, %[[A:[a-z0-9_-]+]]: memref<?x?xf64>, %[[B:[a-z0-9_-]+]]: memref<?x?xf64>)
// CHECK-NOT: linalg.generic
// CHECK: %[[SA:[a-z0-9_-]+]] = memref.subview %[[A]][0, 0] [%[[NI]], %[[NK]]] [1, 1]
// CHECK-NEXT: %[[SB:[a-z0-9_-]+]] = memref.subview %[[B]][0, 0] [%[[NK]], %[[NJ]]] [1, 1]
// CHECK-NEXT: %[[SC:[a-z0-9_-]+]] = memref.subview %[[C]][0, 0] [%[[NI]], %[[NJ]]] [1, 1]
// CHECK: "kernel.launch"(%[[SC]], %[[SA]], %[[SB]], %[[ALPHA]], %[[BETA]]) {callee = @gemm_f64, source_order_matches = false, template = "blas.gemm"}
// CHECK-NEXT: return
// REMARK: remark: matched blas.gemm (2 ops) -> @gemm_f64
// REMARK: coverage FULL, 1 launch(es)
func.func @kernel_gemm(%ni: index, %nj: index, %nk: index, %alpha: f64, %beta: f64,
                       %C: memref<?x?xf64>, %A: memref<?x?xf64>, %B: memref<?x?xf64>) {
  %sC = memref.subview %C[0, 0] [%ni, %nj] [1, 1] : memref<?x?xf64> to memref<?x?xf64, strided<[?, 1]>>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      outs(%sC : memref<?x?xf64, strided<[?, 1]>>) {
  ^bb0(%c: f64):
    %0 = arith.mulf %c, %beta : f64
    linalg.yield %0 : f64
  }
  %sA = memref.subview %A[0, 0] [%ni, %nk] [1, 1] : memref<?x?xf64> to memref<?x?xf64, strided<[?, 1]>>
  %sB = memref.subview %B[0, 0] [%nk, %nj] [1, 1] : memref<?x?xf64> to memref<?x?xf64, strided<[?, 1]>>
  %sC2 = memref.subview %C[0, 0] [%ni, %nj] [1, 1] : memref<?x?xf64> to memref<?x?xf64, strided<[?, 1]>>
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d2)>], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%sA, %sB : memref<?x?xf64, strided<[?, 1]>>, memref<?x?xf64, strided<[?, 1]>>) outs(%sC2 : memref<?x?xf64, strided<[?, 1]>>) {
  ^bb0(%a: f64, %b: f64, %c: f64):
    %0 = arith.mulf %alpha, %a : f64
    %1 = arith.mulf %0, %b : f64
    %2 = arith.addf %c, %1 : f64
    linalg.yield %2 : f64
  }
  return
}

// -----

// Zero fill then accumulate: one gemm with beta = 0 as a constant operand.
// CHECK-LABEL: func.func @zero_then_acc(
// CHECK-SAME: %[[C:[a-z0-9_-]+]]: memref<8x8xf32>, %[[A:[a-z0-9_-]+]]: memref<8x4xf32>, %[[B:[a-z0-9_-]+]]: memref<4x8xf32>, %[[ALPHA:[a-z0-9_-]+]]: f32)
// CHECK-NOT: linalg.generic
// CHECK: %{{[a-z0-9_-]+}} = arith.constant 0.000000e+00 : f32
// CHECK: %[[ZERO:[a-z0-9_-]+]] = arith.constant 0.000000e+00 : f32
// CHECK: "kernel.launch"(%[[C]], %[[A]], %[[B]], %[[ALPHA]], %[[ZERO]]) {beta = 0.000000e+00 : f32, callee = @gemm_f32, source_order_matches = true, template = "blas.gemm_zero"}
func.func @zero_then_acc(%C: memref<8x8xf32>, %A: memref<8x4xf32>, %B: memref<4x8xf32>, %alpha: f32) {
  %zero = arith.constant 0.0 : f32
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      outs(%C : memref<8x8xf32>) {
  ^bb0(%c: f32):
    linalg.yield %zero : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%A, %B : memref<8x4xf32>, memref<4x8xf32>) outs(%C : memref<8x8xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %0 = arith.mulf %a, %b : f32
    %1 = arith.mulf %alpha, %0 : f32
    %2 = arith.addf %1, %c : f32
    linalg.yield %2 : f32
  }
  return
}

// -----

// Plain accumulate (named op, generalized first) -> gemm with alpha = beta = 1.
// CHECK-LABEL: func.func @matmul_named(
// CHECK-SAME: %[[A:[a-z0-9_-]+]]: memref<?x?xf64>, %[[B:[a-z0-9_-]+]]: memref<?x?xf64>, %[[C:[a-z0-9_-]+]]: memref<?x?xf64>)
// CHECK-NEXT: %[[ONE:[a-z0-9_-]+]] = arith.constant 1.000000e+00 : f64
// CHECK-NEXT: %[[ONE_2:[a-z0-9_-]+]] = arith.constant 1.000000e+00 : f64
// CHECK: "kernel.launch"(%[[C]], %[[A]], %[[B]], %[[ONE]], %[[ONE_2]]) {alpha = 1.000000e+00 : f64, beta = 1.000000e+00 : f64, callee = @gemm_f64, source_order_matches = true, template = "blas.gemm_acc"}
func.func @matmul_named(%A: memref<?x?xf64>, %B: memref<?x?xf64>, %C: memref<?x?xf64>) {
  linalg.matmul ins(%A, %B : memref<?x?xf64>, memref<?x?xf64>) outs(%C : memref<?x?xf64>)
  return
}

// -----

// syrk: both operands are the same buffer; more specific than gemm_acc.
// CHECK-LABEL: func.func @syrk(
// CHECK-SAME: %[[C:[a-z0-9_-]+]]: memref<16x16xf64>, %[[A:[a-z0-9_-]+]]: memref<16x4xf64>)
// CHECK-NEXT: %[[ONE:[a-z0-9_-]+]] = arith.constant 1.000000e+00 : f64
// CHECK-NEXT: %[[ONE_2:[a-z0-9_-]+]] = arith.constant 1.000000e+00 : f64
// CHECK: "kernel.launch"(%[[C]], %[[A]], %[[ONE]], %[[ONE_2]]) {{{.*}}callee = @syrk_f64, source_order_matches = true, template = "blas.syrk_acc"}
func.func @syrk(%C: memref<16x16xf64>, %A: memref<16x4xf64>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%A, %A : memref<16x4xf64>, memref<16x4xf64>) outs(%C : memref<16x16xf64>) {
  ^bb0(%a: f64, %b: f64, %c: f64):
    %0 = arith.mulf %a, %b : f64
    %1 = arith.addf %c, %0 : f64
    linalg.yield %1 : f64
  }
  return
}

// -----

// Near miss, aliasing: C += A * C reads the output as the right operand; must stay.
// CHECK-LABEL: func.func @alias_output
// CHECK-NOT: kernel.launch
// CHECK: linalg.generic
// REMARK: remark: no template matches linalg.generic; closest blas.gemm_acc
func.func @alias_output(%C: memref<16x16xf64>, %A: memref<16x16xf64>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%A, %C : memref<16x16xf64>, memref<16x16xf64>) outs(%C : memref<16x16xf64>) {
  ^bb0(%a: f64, %b: f64, %c: f64):
    %0 = arith.mulf %a, %b : f64
    %1 = arith.addf %c, %0 : f64
    linalg.yield %1 : f64
  }
  return
}

// -----

// axpy, and near misses: an extra term, and a wrong index (x read reversed).
// CHECK-LABEL: func.func @axpy(
// CHECK-SAME: %[[X:[a-z0-9_-]+]]: memref<64xf64>, %[[Y:[a-z0-9_-]+]]: memref<64xf64>, %[[A:[a-z0-9_-]+]]: f64)
// CHECK: "kernel.launch"(%[[Y]], %[[X]], %[[A]]) {callee = @axpy_f64, source_order_matches = true, template = "blas.axpy"}
// CHECK-LABEL: func.func @axpy_extra_term
// CHECK-NOT: kernel.launch
// CHECK: linalg.generic
// REMARK: remark: no template matches linalg.generic; closest
func.func @axpy(%x: memref<64xf64>, %y: memref<64xf64>, %a: f64) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%x : memref<64xf64>) outs(%y : memref<64xf64>) {
  ^bb0(%xi: f64, %yi: f64):
    %0 = arith.mulf %a, %xi : f64
    %1 = arith.addf %yi, %0 : f64
    linalg.yield %1 : f64
  }
  return
}
func.func @axpy_extra_term(%x: memref<64xf64>, %y: memref<64xf64>, %a: f64) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%x : memref<64xf64>) outs(%y : memref<64xf64>) {
  ^bb0(%xi: f64, %yi: f64):
    %0 = arith.mulf %a, %xi : f64
    %1 = arith.addf %yi, %0 : f64
    %2 = arith.addf %1, %xi : f64
    linalg.yield %2 : f64
  }
  return
}

// -----

// jacobi-1d: three taps as three subviews of A; the launch view is the centre tap.
// CHECK-LABEL: func.func @jacobi1d(
// CHECK-SAME: %[[A:[a-z0-9_-]+]]: memref<100xf64>, %[[B:[a-z0-9_-]+]]: memref<100xf64>)
// CHECK: %[[MID:.*]] = memref.subview %[[A]][1]
// CHECK: %[[OUT:.*]] = memref.subview %[[B]][1]
// CHECK-NEXT: %[[F0_33333:[a-z0-9_-]+]] = arith.constant 3.333300e-01 : f64
// CHECK: "kernel.launch"(%[[OUT]], %[[MID]], %[[F0_33333]]) {c = 3.333300e-01 : f64, callee = @jacobi1d_f64, source_order_matches = true, template = "stencil.jacobi1d"}
func.func @jacobi1d(%A: memref<100xf64>, %B: memref<100xf64>) {
  %c = arith.constant 0.33333 : f64
  %l = memref.subview %A[0] [98] [1] : memref<100xf64> to memref<98xf64, strided<[1]>>
  %m = memref.subview %A[1] [98] [1] : memref<100xf64> to memref<98xf64, strided<[1], offset: 1>>
  %r = memref.subview %A[2] [98] [1] : memref<100xf64> to memref<98xf64, strided<[1], offset: 2>>
  %o = memref.subview %B[1] [98] [1] : memref<100xf64> to memref<98xf64, strided<[1], offset: 1>>
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%l, %m, %r : memref<98xf64, strided<[1]>>, memref<98xf64, strided<[1], offset: 1>>, memref<98xf64, strided<[1], offset: 2>>) outs(%o : memref<98xf64, strided<[1], offset: 1>>) {
  ^bb0(%a: f64, %b: f64, %d: f64, %out: f64):
    %0 = arith.addf %a, %b : f64
    %1 = arith.addf %0, %d : f64
    %2 = arith.mulf %c, %1 : f64
    linalg.yield %2 : f64
  }
  return
}
