// RUN: polylift-opt %s --split-input-file --match-kernels --expressions=false | FileCheck %s
// RUN: polylift-opt %s --split-input-file --match-kernels --expressions=false --remarks=all 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK

// C = beta * C then C += alpha * A^T.A, both factors one buffer stored k x n.
// CHECK-LABEL: func.func @syrk_t(
// CHECK-SAME: %[[ALPHA:[a-z0-9_-]+]]: f32, %[[BETA:[a-z0-9_-]+]]: f32, %[[A:[a-z0-9_-]+]]: memref<3x4xf32>, %[[C:[a-z0-9_-]+]]: memref<4x4xf32>)
// CHECK-NEXT: "kernel.launch"(%[[C]], %[[A]], %[[ALPHA]], %[[BETA]]) {callee = @syrk_t_f32, source_order_matches = true, template = "blas.syrk_t", trans_a = true} : (memref<4x4xf32>, memref<3x4xf32>, f32, f32) -> ()
// CHECK-NEXT: return
// REMARK: remark: matched blas.syrk_t (2 ops) -> @syrk_t_f32
func.func @syrk_t(%alpha: f32, %beta: f32, %A: memref<3x4xf32>, %C: memref<4x4xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      outs(%C : memref<4x4xf32>) {
  ^bb0(%c: f32):
    %0 = arith.mulf %beta, %c : f32
    linalg.yield %0 : f32
  }
  linalg.generic {indexing_maps = [affine_map<(i, j, p) -> (p, i)>, affine_map<(i, j, p) -> (p, j)>, affine_map<(i, j, p) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%A, %A : memref<3x4xf32>, memref<3x4xf32>) outs(%C : memref<4x4xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %0 = arith.mulf %a, %b : f32
    %1 = arith.mulf %alpha, %0 : f32
    %2 = arith.addf %c, %1 : f32
    linalg.yield %2 : f32
  }
  return
}

// -----

// C += A^T.A: alpha = beta = 1.
// CHECK-LABEL: func.func @syrk_t_acc(
// CHECK-SAME: %[[A:[a-z0-9_-]+]]: memref<3x4xf64>, %[[C:[a-z0-9_-]+]]: memref<4x4xf64>)
// CHECK-NEXT: %[[ONE:[a-z0-9_-]+]] = arith.constant 1.000000e+00 : f64
// CHECK-NEXT: %[[ONE_2:[a-z0-9_-]+]] = arith.constant 1.000000e+00 : f64
// CHECK-NEXT: "kernel.launch"(%[[C]], %[[A]], %[[ONE]], %[[ONE_2]]) {alpha = 1.000000e+00 : f64, beta = 1.000000e+00 : f64, callee = @syrk_t_f64, source_order_matches = true, template = "blas.syrk_t_acc", trans_a = true} : (memref<4x4xf64>, memref<3x4xf64>, f64, f64) -> ()
// CHECK-NEXT: return
// REMARK: remark: matched blas.syrk_t_acc (1 op) -> @syrk_t_f64
func.func @syrk_t_acc(%A: memref<3x4xf64>, %C: memref<4x4xf64>) {
  linalg.generic {indexing_maps = [affine_map<(i, j, p) -> (p, i)>, affine_map<(i, j, p) -> (p, j)>, affine_map<(i, j, p) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%A, %A : memref<3x4xf64>, memref<3x4xf64>) outs(%C : memref<4x4xf64>) {
  ^bb0(%a: f64, %b: f64, %c: f64):
    %0 = arith.mulf %a, %b : f64
    %2 = arith.addf %c, %0 : f64
    linalg.yield %2 : f64
  }
  return
}

// -----

// C = 0 then C += A.A^T with both operands one buffer: syrk, not gemm_nt_zero1.
// CHECK-LABEL: func.func @syrk_zero1(
// CHECK-SAME: %[[A:[a-z0-9_-]+]]: memref<4x3xf32>, %[[C:[a-z0-9_-]+]]: memref<4x4xf32>)
// CHECK-NEXT: %cst = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[ONE:[a-z0-9_-]+]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %[[ZERO:[a-z0-9_-]+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: "kernel.launch"(%[[C]], %[[A]], %[[ONE]], %[[ZERO]]) {alpha = 1.000000e+00 : f32, beta = 0.000000e+00 : f32, callee = @syrk_f32, source_order_matches = true, template = "blas.syrk_zero1"} : (memref<4x4xf32>, memref<4x3xf32>, f32, f32) -> ()
// CHECK-NEXT: return
// REMARK: remark: matched blas.syrk_zero1 (2 ops) -> @syrk_f32
func.func @syrk_zero1(%A: memref<4x3xf32>, %C: memref<4x4xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      outs(%C : memref<4x4xf32>) {
  ^bb0(%c: f32):
    linalg.yield %zero : f32
  }
  linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (j, k)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%A, %A : memref<4x3xf32>, memref<4x3xf32>) outs(%C : memref<4x4xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %0 = arith.mulf %a, %b : f32
    %2 = arith.addf %c, %0 : f32
    linalg.yield %2 : f32
  }
  return
}

// -----

// Near miss: the second factor reads A[i,p], not A[p,j].
// CHECK-LABEL: func.func @syrk_t_wrong_index(
// CHECK-NEXT: linalg.generic {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg0, %arg0 : memref<4x4xf32>, memref<4x4xf32>) outs(%arg1 : memref<4x4xf32>) {
// CHECK-NEXT: ^bb0(%in: f32, %in_0: f32, %out: f32):
// CHECK-NEXT: %0 = arith.mulf %in, %in_0 : f32
// CHECK-NEXT: %1 = arith.addf %out, %0 : f32
// CHECK-NEXT: linalg.yield %1 : f32
// CHECK-NEXT: }
// CHECK-NEXT: return
// REMARK: remark: no template matches linalg.generic; closest blas.syrk_acc: subscript 'j' does not match the loop dims read
func.func @syrk_t_wrong_index(%A: memref<4x4xf32>, %C: memref<4x4xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i, j, p) -> (p, i)>, affine_map<(i, j, p) -> (i, p)>, affine_map<(i, j, p) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%A, %A : memref<4x4xf32>, memref<4x4xf32>) outs(%C : memref<4x4xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %0 = arith.mulf %a, %b : f32
    %2 = arith.addf %c, %0 : f32
    linalg.yield %2 : f32
  }
  return
}

// -----

// Near miss: A += x.y^T + x has a term no rank-1 update has.
// CHECK-LABEL: func.func @ger_extra_term(
// CHECK-NEXT: linalg.generic {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel"]} ins(%arg0, %arg1 : memref<4xf32>, memref<5xf32>) outs(%arg2 : memref<4x5xf32>) {
// CHECK-NEXT: ^bb0(%in: f32, %in_0: f32, %out: f32):
// CHECK-NEXT: %0 = arith.mulf %in, %in_0 : f32
// CHECK-NEXT: %1 = arith.addf %out, %0 : f32
// CHECK-NEXT: %2 = arith.addf %1, %in : f32
// CHECK-NEXT: linalg.yield %2 : f32
// CHECK-NEXT: }
// CHECK-NEXT: return
// REMARK: remark: no template matches linalg.generic; closest blas.ger2: payload has no factor v1[j]
func.func @ger_extra_term(%x: memref<4xf32>, %y: memref<5xf32>, %A: memref<4x5xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%x, %y : memref<4xf32>, memref<5xf32>) outs(%A : memref<4x5xf32>) {
  ^bb0(%xi: f32, %yj: f32, %a: f32):
    %0 = arith.mulf %xi, %yj : f32
    %1 = arith.addf %a, %0 : f32
    %2 = arith.addf %1, %xi : f32
    linalg.yield %2 : f32
  }
  return
}

// -----

// A += alpha * x.y^T with alpha a run-time value.
// CHECK-LABEL: func.func @ger(
// CHECK-SAME: %[[ALPHA:[a-z0-9_-]+]]: f32, %[[X:[a-z0-9_-]+]]: memref<4xf32>, %[[Y:[a-z0-9_-]+]]: memref<5xf32>, %[[A:[a-z0-9_-]+]]: memref<4x5xf32>)
// CHECK-NEXT: "kernel.launch"(%[[A]], %[[X]], %[[Y]], %[[ALPHA]]) {callee = @ger_f32, source_order_matches = true, template = "blas.ger"} : (memref<4x5xf32>, memref<4xf32>, memref<5xf32>, f32) -> ()
// CHECK-NEXT: return
// REMARK: remark: matched blas.ger (1 op) -> @ger_f32
func.func @ger(%alpha: f32, %x: memref<4xf32>, %y: memref<5xf32>, %A: memref<4x5xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%x, %y : memref<4xf32>, memref<5xf32>) outs(%A : memref<4x5xf32>) {
  ^bb0(%xi: f32, %yj: f32, %a: f32):
    %0 = arith.mulf %alpha, %xi : f32
    %1 = arith.mulf %0, %yj : f32
    %2 = arith.addf %a, %1 : f32
    linalg.yield %2 : f32
  }
  return
}

// -----

// A += x.y^T: alpha = 1.
// CHECK-LABEL: func.func @ger1(
// CHECK-SAME: %[[X:[a-z0-9_-]+]]: memref<4xf64>, %[[Y:[a-z0-9_-]+]]: memref<5xf64>, %[[A:[a-z0-9_-]+]]: memref<4x5xf64>)
// CHECK-NEXT: %[[ONE:[a-z0-9_-]+]] = arith.constant 1.000000e+00 : f64
// CHECK-NEXT: "kernel.launch"(%[[A]], %[[X]], %[[Y]], %[[ONE]]) {alpha = 1.000000e+00 : f64, callee = @ger_f64, source_order_matches = true, template = "blas.ger1"} : (memref<4x5xf64>, memref<4xf64>, memref<5xf64>, f64) -> ()
// CHECK-NEXT: return
// REMARK: remark: matched blas.ger1 (1 op) -> @ger_f64
func.func @ger1(%x: memref<4xf64>, %y: memref<5xf64>, %A: memref<4x5xf64>) {
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%x, %y : memref<4xf64>, memref<5xf64>) outs(%A : memref<4x5xf64>) {
  ^bb0(%xi: f64, %yj: f64, %a: f64):
    %1 = arith.mulf %xi, %yj : f64
    %2 = arith.addf %a, %1 : f64
    linalg.yield %2 : f64
  }
  return
}

// -----

// Near miss: y is row 0 of A itself, which the update overwrites as it goes.
// The matcher sees y through its root A: a row of the output's own buffer.
// CHECK-LABEL: func.func @ger_y_aliases_a(
// CHECK-NEXT: %subview = memref.subview %arg2[0, 0] [1, 4] [1, 1] : memref<4x4xf32> to memref<4xf32, strided<[1]>>
// CHECK-NEXT: linalg.generic {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel"]} ins(%arg1, %subview : memref<4xf32>, memref<4xf32, strided<[1]>>) outs(%arg2 : memref<4x4xf32>) {
// CHECK-NEXT: ^bb0(%in: f32, %in_0: f32, %out: f32):
// CHECK-NEXT: %0 = arith.mulf %arg0, %in : f32
// CHECK-NEXT: %1 = arith.mulf %0, %in_0 : f32
// CHECK-NEXT: %2 = arith.addf %out, %1 : f32
// CHECK-NEXT: linalg.yield %2 : f32
// CHECK-NEXT: }
// CHECK-NEXT: return
// REMARK: remark: no template matches linalg.generic; closest blas.ger: output A aliases y
func.func @ger_y_aliases_a(%alpha: f32, %x: memref<4xf32>, %A: memref<4x4xf32>) {
  %row = memref.subview %A[0, 0] [1, 4] [1, 1] : memref<4x4xf32> to memref<4xf32, strided<[1]>>
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%x, %row : memref<4xf32>, memref<4xf32, strided<[1]>>) outs(%A : memref<4x4xf32>) {
  ^bb0(%xi: f32, %yj: f32, %a: f32):
    %0 = arith.mulf %alpha, %xi : f32
    %1 = arith.mulf %0, %yj : f32
    %2 = arith.addf %a, %1 : f32
    linalg.yield %2 : f32
  }
  return
}
