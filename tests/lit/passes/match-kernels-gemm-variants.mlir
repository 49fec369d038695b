// RUN: polylift-opt %s --split-input-file --match-kernels | FileCheck %s
// RUN: polylift-opt %s --split-input-file --match-kernels --remarks=all 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK

// C += alpha * A.B with alpha a run-time value: beta = 1 is a constant operand.
// CHECK-LABEL: func.func @gemm_alpha(
// CHECK-SAME: %[[ALPHA:[a-z0-9_-]+]]: f32, %[[A:[a-z0-9_-]+]]: memref<4x3xf32>, %[[B:[a-z0-9_-]+]]: memref<3x5xf32>, %[[C:[a-z0-9_-]+]]: memref<4x5xf32>)
// CHECK-NEXT: %[[ONE:[a-z0-9_-]+]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: "kernel.launch"(%[[C]], %[[A]], %[[B]], %[[ALPHA]], %[[ONE]]) {beta = 1.000000e+00 : f32, callee = @gemm_f32, source_order_matches = true, template = "blas.gemm_alpha"} : (memref<4x5xf32>, memref<4x3xf32>, memref<3x5xf32>, f32, f32) -> ()
// CHECK-NEXT: return
// REMARK: remark: matched blas.gemm_alpha (1 op) -> @gemm_f32
func.func @gemm_alpha(%alpha: f32, %A: memref<4x3xf32>, %B: memref<3x5xf32>, %C: memref<4x5xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%A, %B : memref<4x3xf32>, memref<3x5xf32>) outs(%C : memref<4x5xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %0 = arith.mulf %a, %b : f32
    %1 = arith.mulf %alpha, %0 : f32
    %2 = arith.addf %c, %1 : f32
    linalg.yield %2 : f32
  }
  return
}

// -----

// C += alpha * A.B^T (B stored n x k).
// CHECK-LABEL: func.func @gemm_nt_alpha(
// CHECK-SAME: %[[ALPHA:[a-z0-9_-]+]]: f32, %[[A:[a-z0-9_-]+]]: memref<4x3xf32>, %[[B:[a-z0-9_-]+]]: memref<5x3xf32>, %[[C:[a-z0-9_-]+]]: memref<4x5xf32>)
// CHECK-NEXT: %[[ONE:[a-z0-9_-]+]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: "kernel.launch"(%[[C]], %[[A]], %[[B]], %[[ALPHA]], %[[ONE]]) {beta = 1.000000e+00 : f32, callee = @gemm_nt_f32, source_order_matches = true, template = "blas.gemm_nt_alpha", trans_b = true} : (memref<4x5xf32>, memref<4x3xf32>, memref<5x3xf32>, f32, f32) -> ()
// CHECK-NEXT: return
// REMARK: remark: matched blas.gemm_nt_alpha (1 op) -> @gemm_nt_f32
func.func @gemm_nt_alpha(%alpha: f32, %A: memref<4x3xf32>, %B: memref<5x3xf32>, %C: memref<4x5xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (j, k)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%A, %B : memref<4x3xf32>, memref<5x3xf32>) outs(%C : memref<4x5xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %0 = arith.mulf %a, %b : f32
    %1 = arith.mulf %alpha, %0 : f32
    %2 = arith.addf %c, %1 : f32
    linalg.yield %2 : f32
  }
  return
}

// -----

// C = 0 then C += alpha * A.B^T: the fill becomes beta = 0.
// CHECK-LABEL: func.func @gemm_nt_zero(
// CHECK-SAME: %[[ALPHA:[a-z0-9_-]+]]: f32, %[[A:[a-z0-9_-]+]]: memref<4x3xf32>, %[[B:[a-z0-9_-]+]]: memref<5x3xf32>, %[[C:[a-z0-9_-]+]]: memref<4x5xf32>)
// CHECK-NEXT: %cst = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[ZERO:[a-z0-9_-]+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: "kernel.launch"(%[[C]], %[[A]], %[[B]], %[[ALPHA]], %[[ZERO]]) {beta = 0.000000e+00 : f32, callee = @gemm_nt_f32, source_order_matches = true, template = "blas.gemm_nt_zero", trans_b = true} : (memref<4x5xf32>, memref<4x3xf32>, memref<5x3xf32>, f32, f32) -> ()
// CHECK-NEXT: return
// REMARK: remark: matched blas.gemm_nt_zero (2 ops) -> @gemm_nt_f32
func.func @gemm_nt_zero(%alpha: f32, %A: memref<4x3xf32>, %B: memref<5x3xf32>, %C: memref<4x5xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      outs(%C : memref<4x5xf32>) {
  ^bb0(%c: f32):
    linalg.yield %zero : f32
  }
  linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (j, k)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%A, %B : memref<4x3xf32>, memref<5x3xf32>) outs(%C : memref<4x5xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %0 = arith.mulf %a, %b : f32
    %1 = arith.mulf %alpha, %0 : f32
    %2 = arith.addf %c, %1 : f32
    linalg.yield %2 : f32
  }
  return
}

// -----

// C = 0 then C += A.B^T: alpha = 1, beta = 0, both constant.
// CHECK-LABEL: func.func @gemm_nt_zero1(
// CHECK-SAME: %[[A:[a-z0-9_-]+]]: memref<4x3xf32>, %[[B:[a-z0-9_-]+]]: memref<5x3xf32>, %[[C:[a-z0-9_-]+]]: memref<4x5xf32>)
// CHECK-NEXT: %cst = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[ONE:[a-z0-9_-]+]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %[[ZERO:[a-z0-9_-]+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: "kernel.launch"(%[[C]], %[[A]], %[[B]], %[[ONE]], %[[ZERO]]) {alpha = 1.000000e+00 : f32, beta = 0.000000e+00 : f32, callee = @gemm_nt_f32, source_order_matches = true, template = "blas.gemm_nt_zero1", trans_b = true} : (memref<4x5xf32>, memref<4x3xf32>, memref<5x3xf32>, f32, f32) -> ()
// CHECK-NEXT: return
// REMARK: remark: matched blas.gemm_nt_zero1 (2 ops) -> @gemm_nt_f32
func.func @gemm_nt_zero1(%A: memref<4x3xf32>, %B: memref<5x3xf32>, %C: memref<4x5xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      outs(%C : memref<4x5xf32>) {
  ^bb0(%c: f32):
    linalg.yield %zero : f32
  }
  linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (j, k)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%A, %B : memref<4x3xf32>, memref<5x3xf32>) outs(%C : memref<4x5xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %0 = arith.mulf %a, %b : f32
    %2 = arith.addf %c, %0 : f32
    linalg.yield %2 : f32
  }
  return
}

// -----

// C = beta * C then C += alpha * A^T.B (A stored k x m): both scalars are operands.
// CHECK-LABEL: func.func @gemm_tn(
// CHECK-SAME: %[[ALPHA:[a-z0-9_-]+]]: f32, %[[BETA:[a-z0-9_-]+]]: f32, %[[A:[a-z0-9_-]+]]: memref<3x4xf32>, %[[B:[a-z0-9_-]+]]: memref<3x5xf32>, %[[C:[a-z0-9_-]+]]: memref<4x5xf32>)
// CHECK-NEXT: "kernel.launch"(%[[C]], %[[A]], %[[B]], %[[ALPHA]], %[[BETA]]) {callee = @gemm_tn_f32, source_order_matches = true, template = "blas.gemm_tn", trans_a = true} : (memref<4x5xf32>, memref<3x4xf32>, memref<3x5xf32>, f32, f32) -> ()
// CHECK-NEXT: return
// REMARK: remark: matched blas.gemm_tn (2 ops) -> @gemm_tn_f32
func.func @gemm_tn(%alpha: f32, %beta: f32, %A: memref<3x4xf32>, %B: memref<3x5xf32>, %C: memref<4x5xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      outs(%C : memref<4x5xf32>) {
  ^bb0(%c: f32):
    %0 = arith.mulf %beta, %c : f32
    linalg.yield %0 : f32
  }
  linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (k, i)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%A, %B : memref<3x4xf32>, memref<3x5xf32>) outs(%C : memref<4x5xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %0 = arith.mulf %a, %b : f32
    %1 = arith.mulf %alpha, %0 : f32
    %2 = arith.addf %c, %1 : f32
    linalg.yield %2 : f32
  }
  return
}

// -----

// C += alpha * A^T.B.
// CHECK-LABEL: func.func @gemm_tn_alpha(
// CHECK-SAME: %[[ALPHA:[a-z0-9_-]+]]: f32, %[[A:[a-z0-9_-]+]]: memref<3x4xf32>, %[[B:[a-z0-9_-]+]]: memref<3x5xf32>, %[[C:[a-z0-9_-]+]]: memref<4x5xf32>)
// CHECK-NEXT: %[[ONE:[a-z0-9_-]+]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: "kernel.launch"(%[[C]], %[[A]], %[[B]], %[[ALPHA]], %[[ONE]]) {beta = 1.000000e+00 : f32, callee = @gemm_tn_f32, source_order_matches = true, template = "blas.gemm_tn_alpha", trans_a = true} : (memref<4x5xf32>, memref<3x4xf32>, memref<3x5xf32>, f32, f32) -> ()
// CHECK-NEXT: return
// REMARK: remark: matched blas.gemm_tn_alpha (1 op) -> @gemm_tn_f32
func.func @gemm_tn_alpha(%alpha: f32, %A: memref<3x4xf32>, %B: memref<3x5xf32>, %C: memref<4x5xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (k, i)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%A, %B : memref<3x4xf32>, memref<3x5xf32>) outs(%C : memref<4x5xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %0 = arith.mulf %a, %b : f32
    %1 = arith.mulf %alpha, %0 : f32
    %2 = arith.addf %c, %1 : f32
    linalg.yield %2 : f32
  }
  return
}

// -----

// C = 0 then C += alpha * A^T.B.
// CHECK-LABEL: func.func @gemm_tn_zero(
// CHECK-SAME: %[[ALPHA:[a-z0-9_-]+]]: f32, %[[A:[a-z0-9_-]+]]: memref<3x4xf32>, %[[B:[a-z0-9_-]+]]: memref<3x5xf32>, %[[C:[a-z0-9_-]+]]: memref<4x5xf32>)
// CHECK-NEXT: %cst = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[ZERO:[a-z0-9_-]+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: "kernel.launch"(%[[C]], %[[A]], %[[B]], %[[ALPHA]], %[[ZERO]]) {beta = 0.000000e+00 : f32, callee = @gemm_tn_f32, source_order_matches = true, template = "blas.gemm_tn_zero", trans_a = true} : (memref<4x5xf32>, memref<3x4xf32>, memref<3x5xf32>, f32, f32) -> ()
// CHECK-NEXT: return
// REMARK: remark: matched blas.gemm_tn_zero (2 ops) -> @gemm_tn_f32
func.func @gemm_tn_zero(%alpha: f32, %A: memref<3x4xf32>, %B: memref<3x5xf32>, %C: memref<4x5xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      outs(%C : memref<4x5xf32>) {
  ^bb0(%c: f32):
    linalg.yield %zero : f32
  }
  linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (k, i)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%A, %B : memref<3x4xf32>, memref<3x5xf32>) outs(%C : memref<4x5xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %0 = arith.mulf %a, %b : f32
    %1 = arith.mulf %alpha, %0 : f32
    %2 = arith.addf %c, %1 : f32
    linalg.yield %2 : f32
  }
  return
}

// -----

// C = 0 then C += A^T.B.
// CHECK-LABEL: func.func @gemm_tn_zero1(
// CHECK-SAME: %[[A:[a-z0-9_-]+]]: memref<3x4xf32>, %[[B:[a-z0-9_-]+]]: memref<3x5xf32>, %[[C:[a-z0-9_-]+]]: memref<4x5xf32>)
// CHECK-NEXT: %cst = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[ONE:[a-z0-9_-]+]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %[[ZERO:[a-z0-9_-]+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: "kernel.launch"(%[[C]], %[[A]], %[[B]], %[[ONE]], %[[ZERO]]) {alpha = 1.000000e+00 : f32, beta = 0.000000e+00 : f32, callee = @gemm_tn_f32, source_order_matches = true, template = "blas.gemm_tn_zero1", trans_a = true} : (memref<4x5xf32>, memref<3x4xf32>, memref<3x5xf32>, f32, f32) -> ()
// CHECK-NEXT: return
// REMARK: remark: matched blas.gemm_tn_zero1 (2 ops) -> @gemm_tn_f32
func.func @gemm_tn_zero1(%A: memref<3x4xf32>, %B: memref<3x5xf32>, %C: memref<4x5xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      outs(%C : memref<4x5xf32>) {
  ^bb0(%c: f32):
    linalg.yield %zero : f32
  }
  linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (k, i)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%A, %B : memref<3x4xf32>, memref<3x5xf32>) outs(%C : memref<4x5xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %0 = arith.mulf %a, %b : f32
    %2 = arith.addf %c, %0 : f32
    linalg.yield %2 : f32
  }
  return
}

// -----

// C = beta * C then C += alpha * A^T.B^T.
// CHECK-LABEL: func.func @gemm_tt(
// CHECK-SAME: %[[ALPHA:[a-z0-9_-]+]]: f32, %[[BETA:[a-z0-9_-]+]]: f32, %[[A:[a-z0-9_-]+]]: memref<3x4xf32>, %[[B:[a-z0-9_-]+]]: memref<5x3xf32>, %[[C:[a-z0-9_-]+]]: memref<4x5xf32>)
// CHECK-NEXT: "kernel.launch"(%[[C]], %[[A]], %[[B]], %[[ALPHA]], %[[BETA]]) {callee = @gemm_tt_f32, source_order_matches = true, template = "blas.gemm_tt", trans_a = true, trans_b = true} : (memref<4x5xf32>, memref<3x4xf32>, memref<5x3xf32>, f32, f32) -> ()
// CHECK-NEXT: return
// REMARK: remark: matched blas.gemm_tt (2 ops) -> @gemm_tt_f32
func.func @gemm_tt(%alpha: f32, %beta: f32, %A: memref<3x4xf32>, %B: memref<5x3xf32>, %C: memref<4x5xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      outs(%C : memref<4x5xf32>) {
  ^bb0(%c: f32):
    %0 = arith.mulf %beta, %c : f32
    linalg.yield %0 : f32
  }
  linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (k, i)>, affine_map<(i, j, k) -> (j, k)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%A, %B : memref<3x4xf32>, memref<5x3xf32>) outs(%C : memref<4x5xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %0 = arith.mulf %a, %b : f32
    %1 = arith.mulf %alpha, %0 : f32
    %2 = arith.addf %c, %1 : f32
    linalg.yield %2 : f32
  }
  return
}

// -----

// C += A^T.B^T: alpha = beta = 1.
// CHECK-LABEL: func.func @gemm_tt_acc(
// CHECK-SAME: %[[A:[a-z0-9_-]+]]: memref<3x4xf32>, %[[B:[a-z0-9_-]+]]: memref<5x3xf32>, %[[C:[a-z0-9_-]+]]: memref<4x5xf32>)
// CHECK-NEXT: %[[ONE:[a-z0-9_-]+]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %[[ONE_2:[a-z0-9_-]+]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: "kernel.launch"(%[[C]], %[[A]], %[[B]], %[[ONE]], %[[ONE_2]]) {alpha = 1.000000e+00 : f32, beta = 1.000000e+00 : f32, callee = @gemm_tt_f32, source_order_matches = true, template = "blas.gemm_tt_acc", trans_a = true, trans_b = true} : (memref<4x5xf32>, memref<3x4xf32>, memref<5x3xf32>, f32, f32) -> ()
// CHECK-NEXT: return
// REMARK: remark: matched blas.gemm_tt_acc (1 op) -> @gemm_tt_f32
func.func @gemm_tt_acc(%A: memref<3x4xf32>, %B: memref<5x3xf32>, %C: memref<4x5xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (k, i)>, affine_map<(i, j, k) -> (j, k)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%A, %B : memref<3x4xf32>, memref<5x3xf32>) outs(%C : memref<4x5xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %0 = arith.mulf %a, %b : f32
    %2 = arith.addf %c, %0 : f32
    linalg.yield %2 : f32
  }
  return
}

// -----

// C += alpha * A^T.B^T.
// CHECK-LABEL: func.func @gemm_tt_alpha(
// CHECK-SAME: %[[ALPHA:[a-z0-9_-]+]]: f32, %[[A:[a-z0-9_-]+]]: memref<3x4xf32>, %[[B:[a-z0-9_-]+]]: memref<5x3xf32>, %[[C:[a-z0-9_-]+]]: memref<4x5xf32>)
// CHECK-NEXT: %[[ONE:[a-z0-9_-]+]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: "kernel.launch"(%[[C]], %[[A]], %[[B]], %[[ALPHA]], %[[ONE]]) {beta = 1.000000e+00 : f32, callee = @gemm_tt_f32, source_order_matches = true, template = "blas.gemm_tt_alpha", trans_a = true, trans_b = true} : (memref<4x5xf32>, memref<3x4xf32>, memref<5x3xf32>, f32, f32) -> ()
// CHECK-NEXT: return
// REMARK: remark: matched blas.gemm_tt_alpha (1 op) -> @gemm_tt_f32
func.func @gemm_tt_alpha(%alpha: f32, %A: memref<3x4xf32>, %B: memref<5x3xf32>, %C: memref<4x5xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (k, i)>, affine_map<(i, j, k) -> (j, k)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%A, %B : memref<3x4xf32>, memref<5x3xf32>) outs(%C : memref<4x5xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %0 = arith.mulf %a, %b : f32
    %1 = arith.mulf %alpha, %0 : f32
    %2 = arith.addf %c, %1 : f32
    linalg.yield %2 : f32
  }
  return
}

// -----

// C = 0 then C += alpha * A^T.B^T.
// CHECK-LABEL: func.func @gemm_tt_zero(
// CHECK-SAME: %[[ALPHA:[a-z0-9_-]+]]: f32, %[[A:[a-z0-9_-]+]]: memref<3x4xf32>, %[[B:[a-z0-9_-]+]]: memref<5x3xf32>, %[[C:[a-z0-9_-]+]]: memref<4x5xf32>)
// CHECK-NEXT: %cst = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[ZERO:[a-z0-9_-]+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: "kernel.launch"(%[[C]], %[[A]], %[[B]], %[[ALPHA]], %[[ZERO]]) {beta = 0.000000e+00 : f32, callee = @gemm_tt_f32, source_order_matches = true, template = "blas.gemm_tt_zero", trans_a = true, trans_b = true} : (memref<4x5xf32>, memref<3x4xf32>, memref<5x3xf32>, f32, f32) -> ()
// CHECK-NEXT: return
// REMARK: remark: matched blas.gemm_tt_zero (2 ops) -> @gemm_tt_f32
func.func @gemm_tt_zero(%alpha: f32, %A: memref<3x4xf32>, %B: memref<5x3xf32>, %C: memref<4x5xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      outs(%C : memref<4x5xf32>) {
  ^bb0(%c: f32):
    linalg.yield %zero : f32
  }
  linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (k, i)>, affine_map<(i, j, k) -> (j, k)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%A, %B : memref<3x4xf32>, memref<5x3xf32>) outs(%C : memref<4x5xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %0 = arith.mulf %a, %b : f32
    %1 = arith.mulf %alpha, %0 : f32
    %2 = arith.addf %c, %1 : f32
    linalg.yield %2 : f32
  }
  return
}

// -----

// C = 0 then C += A^T.B^T.
// CHECK-LABEL: func.func @gemm_tt_zero1(
// CHECK-SAME: %[[A:[a-z0-9_-]+]]: memref<3x4xf32>, %[[B:[a-z0-9_-]+]]: memref<5x3xf32>, %[[C:[a-z0-9_-]+]]: memref<4x5xf32>)
// CHECK-NEXT: %cst = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[ONE:[a-z0-9_-]+]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %[[ZERO:[a-z0-9_-]+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: "kernel.launch"(%[[C]], %[[A]], %[[B]], %[[ONE]], %[[ZERO]]) {alpha = 1.000000e+00 : f32, beta = 0.000000e+00 : f32, callee = @gemm_tt_f32, source_order_matches = true, template = "blas.gemm_tt_zero1", trans_a = true, trans_b = true} : (memref<4x5xf32>, memref<3x4xf32>, memref<5x3xf32>, f32, f32) -> ()
// CHECK-NEXT: return
// REMARK: remark: matched blas.gemm_tt_zero1 (2 ops) -> @gemm_tt_f32
func.func @gemm_tt_zero1(%A: memref<3x4xf32>, %B: memref<5x3xf32>, %C: memref<4x5xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      outs(%C : memref<4x5xf32>) {
  ^bb0(%c: f32):
    linalg.yield %zero : f32
  }
  linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (k, i)>, affine_map<(i, j, k) -> (j, k)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%A, %B : memref<3x4xf32>, memref<5x3xf32>) outs(%C : memref<4x5xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %0 = arith.mulf %a, %b : f32
    %2 = arith.addf %c, %0 : f32
    linalg.yield %2 : f32
  }
  return
}

// -----

// C[b] = beta * C[b] then C[b] += alpha * A[b].B[b].
// CHECK-LABEL: func.func @gemm_batched(
// CHECK-SAME: %[[ALPHA:[a-z0-9_-]+]]: f32, %[[BETA:[a-z0-9_-]+]]: f32, %[[A:[a-z0-9_-]+]]: memref<2x4x3xf32>, %[[B:[a-z0-9_-]+]]: memref<2x3x5xf32>, %[[C:[a-z0-9_-]+]]: memref<2x4x5xf32>)
// CHECK-NEXT: "kernel.launch"(%[[C]], %[[A]], %[[B]], %[[ALPHA]], %[[BETA]]) {callee = @gemm_batched_f32, source_order_matches = true, template = "blas.gemm_batched"} : (memref<2x4x5xf32>, memref<2x4x3xf32>, memref<2x3x5xf32>, f32, f32) -> ()
// CHECK-NEXT: return
// REMARK: remark: matched blas.gemm_batched (2 ops) -> @gemm_batched_f32
func.func @gemm_batched(%alpha: f32, %beta: f32, %A: memref<2x4x3xf32>, %B: memref<2x3x5xf32>, %C: memref<2x4x5xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]}
      outs(%C : memref<2x4x5xf32>) {
  ^bb0(%c: f32):
    %0 = arith.mulf %beta, %c : f32
    linalg.yield %0 : f32
  }
  linalg.generic {indexing_maps = [affine_map<(b, i, j, k) -> (b, i, k)>, affine_map<(b, i, j, k) -> (b, k, j)>, affine_map<(b, i, j, k) -> (b, i, j)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%A, %B : memref<2x4x3xf32>, memref<2x3x5xf32>) outs(%C : memref<2x4x5xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %0 = arith.mulf %a, %b : f32
    %1 = arith.mulf %alpha, %0 : f32
    %2 = arith.addf %c, %1 : f32
    linalg.yield %2 : f32
  }
  return
}

// -----

// C[b] = 0 then C[b] += A[b].B[b].
// CHECK-LABEL: func.func @gemm_batched_zero1(
// CHECK-SAME: %[[A:[a-z0-9_-]+]]: memref<2x4x3xf32>, %[[B:[a-z0-9_-]+]]: memref<2x3x5xf32>, %[[C:[a-z0-9_-]+]]: memref<2x4x5xf32>)
// CHECK-NEXT: %cst = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[ONE:[a-z0-9_-]+]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %[[ZERO:[a-z0-9_-]+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: "kernel.launch"(%[[C]], %[[A]], %[[B]], %[[ONE]], %[[ZERO]]) {alpha = 1.000000e+00 : f32, beta = 0.000000e+00 : f32, callee = @gemm_batched_f32, source_order_matches = true, template = "blas.gemm_batched_zero1"} : (memref<2x4x5xf32>, memref<2x4x3xf32>, memref<2x3x5xf32>, f32, f32) -> ()
// CHECK-NEXT: return
// REMARK: remark: matched blas.gemm_batched_zero1 (2 ops) -> @gemm_batched_f32
func.func @gemm_batched_zero1(%A: memref<2x4x3xf32>, %B: memref<2x3x5xf32>, %C: memref<2x4x5xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]}
      outs(%C : memref<2x4x5xf32>) {
  ^bb0(%c: f32):
    linalg.yield %zero : f32
  }
  linalg.generic {indexing_maps = [affine_map<(b, i, j, k) -> (b, i, k)>, affine_map<(b, i, j, k) -> (b, k, j)>, affine_map<(b, i, j, k) -> (b, i, j)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%A, %B : memref<2x4x3xf32>, memref<2x3x5xf32>) outs(%C : memref<2x4x5xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %0 = arith.mulf %a, %b : f32
    %2 = arith.addf %c, %0 : f32
    linalg.yield %2 : f32
  }
  return
}

// -----

// C[b] = 0 then C[b] += A.B[b]: one A shared by the batch.
// CHECK-LABEL: func.func @gemm_batched_a_zero1(
// CHECK-SAME: %[[A:[a-z0-9_-]+]]: memref<4x3xf32>, %[[B:[a-z0-9_-]+]]: memref<2x3x5xf32>, %[[C:[a-z0-9_-]+]]: memref<2x4x5xf32>)
// CHECK-NEXT: %cst = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[ONE:[a-z0-9_-]+]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %[[ZERO:[a-z0-9_-]+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: "kernel.launch"(%[[C]], %[[A]], %[[B]], %[[ONE]], %[[ZERO]]) {alpha = 1.000000e+00 : f32, beta = 0.000000e+00 : f32, callee = @gemm_batched_a_f32, source_order_matches = true, template = "blas.gemm_batched_a_zero1"} : (memref<2x4x5xf32>, memref<4x3xf32>, memref<2x3x5xf32>, f32, f32) -> ()
// CHECK-NEXT: return
// REMARK: remark: matched blas.gemm_batched_a_zero1 (2 ops) -> @gemm_batched_a_f32
func.func @gemm_batched_a_zero1(%A: memref<4x3xf32>, %B: memref<2x3x5xf32>, %C: memref<2x4x5xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]}
      outs(%C : memref<2x4x5xf32>) {
  ^bb0(%c: f32):
    linalg.yield %zero : f32
  }
  linalg.generic {indexing_maps = [affine_map<(b, i, j, k) -> (i, k)>, affine_map<(b, i, j, k) -> (b, k, j)>, affine_map<(b, i, j, k) -> (b, i, j)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%A, %B : memref<4x3xf32>, memref<2x3x5xf32>) outs(%C : memref<2x4x5xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %0 = arith.mulf %a, %b : f32
    %2 = arith.addf %c, %0 : f32
    linalg.yield %2 : f32
  }
  return
}

// -----

// C[b] += A.B[b].
// CHECK-LABEL: func.func @gemm_batched_a_acc(
// CHECK-SAME: %[[A:[a-z0-9_-]+]]: memref<4x3xf32>, %[[B:[a-z0-9_-]+]]: memref<2x3x5xf32>, %[[C:[a-z0-9_-]+]]: memref<2x4x5xf32>)
// CHECK-NEXT: %[[ONE:[a-z0-9_-]+]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %[[ONE_2:[a-z0-9_-]+]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: "kernel.launch"(%[[C]], %[[A]], %[[B]], %[[ONE]], %[[ONE_2]]) {alpha = 1.000000e+00 : f32, beta = 1.000000e+00 : f32, callee = @gemm_batched_a_f32, source_order_matches = true, template = "blas.gemm_batched_a_acc"} : (memref<2x4x5xf32>, memref<4x3xf32>, memref<2x3x5xf32>, f32, f32) -> ()
// CHECK-NEXT: return
// REMARK: remark: matched blas.gemm_batched_a_acc (1 op) -> @gemm_batched_a_f32
func.func @gemm_batched_a_acc(%A: memref<4x3xf32>, %B: memref<2x3x5xf32>, %C: memref<2x4x5xf32>) {
  linalg.generic {indexing_maps = [affine_map<(b, i, j, k) -> (i, k)>, affine_map<(b, i, j, k) -> (b, k, j)>, affine_map<(b, i, j, k) -> (b, i, j)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%A, %B : memref<4x3xf32>, memref<2x3x5xf32>) outs(%C : memref<2x4x5xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %0 = arith.mulf %a, %b : f32
    %2 = arith.addf %c, %0 : f32
    linalg.yield %2 : f32
  }
  return
}

// -----

// Near miss: B read at (k, i), not (k, j): no gemm form reads that element.
// CHECK-LABEL: func.func @gemm_wrong_index(
// CHECK-NEXT: linalg.generic {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg0, %arg1 : memref<4x4xf32>, memref<4x4xf32>) outs(%arg2 : memref<4x4xf32>) {
// CHECK-NEXT: ^bb0(%in: f32, %in_0: f32, %out: f32):
// CHECK-NEXT: %0 = arith.mulf %in, %in_0 : f32
// CHECK-NEXT: %1 = arith.addf %out, %0 : f32
// CHECK-NEXT: linalg.yield %1 : f32
// CHECK-NEXT: }
// CHECK-NEXT: return
// REMARK: remark: no template matches linalg.generic; closest blas.syrk_acc: subscript 'j' does not match the loop dims read
func.func @gemm_wrong_index(%A: memref<4x4xf32>, %B: memref<4x4xf32>, %C: memref<4x4xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, i)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%A, %B : memref<4x4xf32>, memref<4x4xf32>) outs(%C : memref<4x4xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %0 = arith.mulf %a, %b : f32
    %2 = arith.addf %c, %0 : f32
    linalg.yield %2 : f32
  }
  return
}

// -----

// Near miss: C += C^T.B^T reads C while it writes it: no launch.
// CHECK-LABEL: func.func @gemm_tt_out_aliases_a(
// CHECK-NEXT: linalg.generic {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg1, %arg0 : memref<4x4xf32>, memref<4x4xf32>) outs(%arg1 : memref<4x4xf32>) {
// CHECK-NEXT: ^bb0(%in: f32, %in_0: f32, %out: f32):
// CHECK-NEXT: %0 = arith.mulf %in, %in_0 : f32
// CHECK-NEXT: %1 = arith.addf %out, %0 : f32
// CHECK-NEXT: linalg.yield %1 : f32
// CHECK-NEXT: }
// CHECK-NEXT: return
// REMARK: remark: no template matches linalg.generic; closest blas.gemm_tt_acc: output C aliases A
func.func @gemm_tt_out_aliases_a(%B: memref<4x4xf32>, %C: memref<4x4xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (k, i)>, affine_map<(i, j, k) -> (j, k)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%C, %B : memref<4x4xf32>, memref<4x4xf32>) outs(%C : memref<4x4xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %0 = arith.mulf %a, %b : f32
    %2 = arith.addf %c, %0 : f32
    linalg.yield %2 : f32
  }
  return
}
