// RUN: polylift-opt %s --split-input-file --match-kernels --expressions=false | FileCheck %s
// RUN: polylift-opt %s --split-input-file --match-kernels --expressions=false --remarks=all 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK

// y = beta * y then y += alpha * A.x: both scalars are run-time operands.
// CHECK-LABEL: func.func @gemv(
// CHECK-SAME: %[[ALPHA:[a-z0-9_-]+]]: f64, %[[BETA:[a-z0-9_-]+]]: f64, %[[A:[a-z0-9_-]+]]: memref<4x5xf64>, %[[X:[a-z0-9_-]+]]: memref<5xf64>, %[[Y:[a-z0-9_-]+]]: memref<4xf64>)
// CHECK-NEXT: "kernel.launch"(%[[Y]], %[[A]], %[[X]], %[[ALPHA]], %[[BETA]]) {callee = @gemv_f64, source_order_matches = true, template = "blas.gemv"} : (memref<4xf64>, memref<4x5xf64>, memref<5xf64>, f64, f64) -> ()
// CHECK-NEXT: return
// REMARK: remark: matched blas.gemv (2 ops) -> @gemv_f64
func.func @gemv(%alpha: f64, %beta: f64, %A: memref<4x5xf64>, %x: memref<5xf64>, %y: memref<4xf64>) {
  linalg.generic {indexing_maps = [affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      outs(%y : memref<4xf64>) {
  ^bb0(%c: f64):
    %0 = arith.mulf %beta, %c : f64
    linalg.yield %0 : f64
  }
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%A, %x : memref<4x5xf64>, memref<5xf64>) outs(%y : memref<4xf64>) {
  ^bb0(%a: f64, %b: f64, %c: f64):
    %0 = arith.mulf %a, %b : f64
    %1 = arith.mulf %alpha, %0 : f64
    %2 = arith.addf %c, %1 : f64
    linalg.yield %2 : f64
  }
  return
}

// -----

// y = 0 then y += alpha * A.x: the fill becomes beta = 0.
// CHECK-LABEL: func.func @gemv_zero(
// CHECK-SAME: %[[ALPHA:[a-z0-9_-]+]]: f64, %[[A:[a-z0-9_-]+]]: memref<4x5xf64>, %[[X:[a-z0-9_-]+]]: memref<5xf64>, %[[Y:[a-z0-9_-]+]]: memref<4xf64>)
// CHECK-NEXT: %cst = arith.constant 0.000000e+00 : f64
// CHECK-NEXT: %[[ZERO:[a-z0-9_-]+]] = arith.constant 0.000000e+00 : f64
// CHECK-NEXT: "kernel.launch"(%[[Y]], %[[A]], %[[X]], %[[ALPHA]], %[[ZERO]]) {beta = 0.000000e+00 : f64, callee = @gemv_f64, source_order_matches = true, template = "blas.gemv_zero"} : (memref<4xf64>, memref<4x5xf64>, memref<5xf64>, f64, f64) -> ()
// CHECK-NEXT: return
// REMARK: remark: matched blas.gemv_zero (2 ops) -> @gemv_f64
func.func @gemv_zero(%alpha: f64, %A: memref<4x5xf64>, %x: memref<5xf64>, %y: memref<4xf64>) {
  %zero = arith.constant 0.0 : f64
  linalg.generic {indexing_maps = [affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      outs(%y : memref<4xf64>) {
  ^bb0(%c: f64):
    linalg.yield %zero : f64
  }
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%A, %x : memref<4x5xf64>, memref<5xf64>) outs(%y : memref<4xf64>) {
  ^bb0(%a: f64, %b: f64, %c: f64):
    %0 = arith.mulf %a, %b : f64
    %1 = arith.mulf %alpha, %0 : f64
    %2 = arith.addf %c, %1 : f64
    linalg.yield %2 : f64
  }
  return
}

// -----

// y = beta * y then y += alpha * A^T.x (y indexed by A's column).
// CHECK-LABEL: func.func @gemv_t(
// CHECK-SAME: %[[ALPHA:[a-z0-9_-]+]]: f64, %[[BETA:[a-z0-9_-]+]]: f64, %[[A:[a-z0-9_-]+]]: memref<4x5xf64>, %[[X:[a-z0-9_-]+]]: memref<4xf64>, %[[Y:[a-z0-9_-]+]]: memref<5xf64>)
// CHECK-NEXT: "kernel.launch"(%[[Y]], %[[A]], %[[X]], %[[ALPHA]], %[[BETA]]) {callee = @gemv_t_f64, source_order_matches = true, template = "blas.gemv_t", trans_a = true} : (memref<5xf64>, memref<4x5xf64>, memref<4xf64>, f64, f64) -> ()
// CHECK-NEXT: return
// REMARK: remark: matched blas.gemv_t (2 ops) -> @gemv_t_f64
func.func @gemv_t(%alpha: f64, %beta: f64, %A: memref<4x5xf64>, %x: memref<4xf64>, %y: memref<5xf64>) {
  linalg.generic {indexing_maps = [affine_map<(j) -> (j)>], iterator_types = ["parallel"]}
      outs(%y : memref<5xf64>) {
  ^bb0(%c: f64):
    %0 = arith.mulf %beta, %c : f64
    linalg.yield %0 : f64
  }
  linalg.generic {indexing_maps = [affine_map<(j, i) -> (i, j)>, affine_map<(j, i) -> (i)>, affine_map<(j, i) -> (j)>], iterator_types = ["parallel", "reduction"]}
      ins(%A, %x : memref<4x5xf64>, memref<4xf64>) outs(%y : memref<5xf64>) {
  ^bb0(%a: f64, %b: f64, %c: f64):
    %0 = arith.mulf %a, %b : f64
    %1 = arith.mulf %alpha, %0 : f64
    %2 = arith.addf %c, %1 : f64
    linalg.yield %2 : f64
  }
  return
}

// -----

// y = 0 then y += alpha * A^T.x.
// CHECK-LABEL: func.func @gemv_t_zero(
// CHECK-SAME: %[[ALPHA:[a-z0-9_-]+]]: f64, %[[A:[a-z0-9_-]+]]: memref<4x5xf64>, %[[X:[a-z0-9_-]+]]: memref<4xf64>, %[[Y:[a-z0-9_-]+]]: memref<5xf64>)
// CHECK-NEXT: %cst = arith.constant 0.000000e+00 : f64
// CHECK-NEXT: %[[ZERO:[a-z0-9_-]+]] = arith.constant 0.000000e+00 : f64
// CHECK-NEXT: "kernel.launch"(%[[Y]], %[[A]], %[[X]], %[[ALPHA]], %[[ZERO]]) {beta = 0.000000e+00 : f64, callee = @gemv_t_f64, source_order_matches = true, template = "blas.gemv_t_zero", trans_a = true} : (memref<5xf64>, memref<4x5xf64>, memref<4xf64>, f64, f64) -> ()
// CHECK-NEXT: return
// REMARK: remark: matched blas.gemv_t_zero (2 ops) -> @gemv_t_f64
func.func @gemv_t_zero(%alpha: f64, %A: memref<4x5xf64>, %x: memref<4xf64>, %y: memref<5xf64>) {
  %zero = arith.constant 0.0 : f64
  linalg.generic {indexing_maps = [affine_map<(j) -> (j)>], iterator_types = ["parallel"]}
      outs(%y : memref<5xf64>) {
  ^bb0(%c: f64):
    linalg.yield %zero : f64
  }
  linalg.generic {indexing_maps = [affine_map<(j, i) -> (i, j)>, affine_map<(j, i) -> (i)>, affine_map<(j, i) -> (j)>], iterator_types = ["parallel", "reduction"]}
      ins(%A, %x : memref<4x5xf64>, memref<4xf64>) outs(%y : memref<5xf64>) {
  ^bb0(%a: f64, %b: f64, %c: f64):
    %0 = arith.mulf %a, %b : f64
    %1 = arith.mulf %alpha, %0 : f64
    %2 = arith.addf %c, %1 : f64
    linalg.yield %2 : f64
  }
  return
}

// -----

// y = 0 then y += A^T.x: alpha = 1, beta = 0.
// CHECK-LABEL: func.func @gemv_t_zero1(
// CHECK-SAME: %[[A:[a-z0-9_-]+]]: memref<4x5xf32>, %[[X:[a-z0-9_-]+]]: memref<4xf32>, %[[Y:[a-z0-9_-]+]]: memref<5xf32>)
// CHECK-NEXT: %cst = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[ONE:[a-z0-9_-]+]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %[[ZERO:[a-z0-9_-]+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: "kernel.launch"(%[[Y]], %[[A]], %[[X]], %[[ONE]], %[[ZERO]]) {alpha = 1.000000e+00 : f32, beta = 0.000000e+00 : f32, callee = @gemv_t_f32, source_order_matches = true, template = "blas.gemv_t_zero1", trans_a = true} : (memref<5xf32>, memref<4x5xf32>, memref<4xf32>, f32, f32) -> ()
// CHECK-NEXT: return
// REMARK: remark: matched blas.gemv_t_zero1 (2 ops) -> @gemv_t_f32
func.func @gemv_t_zero1(%A: memref<4x5xf32>, %x: memref<4xf32>, %y: memref<5xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.generic {indexing_maps = [affine_map<(j) -> (j)>], iterator_types = ["parallel"]}
      outs(%y : memref<5xf32>) {
  ^bb0(%c: f32):
    linalg.yield %zero : f32
  }
  linalg.generic {indexing_maps = [affine_map<(j, i) -> (i, j)>, affine_map<(j, i) -> (i)>, affine_map<(j, i) -> (j)>], iterator_types = ["parallel", "reduction"]}
      ins(%A, %x : memref<4x5xf32>, memref<4xf32>) outs(%y : memref<5xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %0 = arith.mulf %a, %b : f32
    %2 = arith.addf %c, %0 : f32
    linalg.yield %2 : f32
  }
  return
}

// -----

// Near miss: y[i] += A[i,j] * x[j] + x[j] has a term no gemv has.
// CHECK-LABEL: func.func @gemv_extra_term(
// CHECK-NEXT: linalg.generic {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "reduction"]} ins(%arg0, %arg1 : memref<4x5xf64>, memref<5xf64>) outs(%arg2 : memref<4xf64>) {
// CHECK-NEXT: ^bb0(%in: f64, %in_0: f64, %out: f64):
// CHECK-NEXT: %0 = arith.mulf %in, %in_0 : f64
// CHECK-NEXT: %1 = arith.addf %0, %in_0 : f64
// CHECK-NEXT: %2 = arith.addf %out, %1 : f64
// CHECK-NEXT: linalg.yield %2 : f64
// CHECK-NEXT: }
// CHECK-NEXT: return
// REMARK: remark: no template matches linalg.generic; closest blas.gemv_acc1: payload sums 3 terms, the template 2: 1 extra
func.func @gemv_extra_term(%A: memref<4x5xf64>, %x: memref<5xf64>, %y: memref<4xf64>) {
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%A, %x : memref<4x5xf64>, memref<5xf64>) outs(%y : memref<4xf64>) {
  ^bb0(%a: f64, %b: f64, %c: f64):
    %0 = arith.mulf %a, %b : f64
    %1 = arith.addf %0, %b : f64
    %2 = arith.addf %c, %1 : f64
    linalg.yield %2 : f64
  }
  return
}
