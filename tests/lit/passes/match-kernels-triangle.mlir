// RUN: polylift-opt %s --split-input-file --match-kernels | FileCheck %s
// RUN: polylift-opt %s --split-input-file --match-kernels --remarks=all 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// Generics that update one triangle of C (a select on the loop counters keeps the
// other elements), as raising makes them from `for j <= i` loops, match the templates
// whose steps say `where j <= i`; other triangles and unmasked steps do not.

// syrk on the lower triangle: scale, then the masked rank-k update.
// CHECK-LABEL: func.func @syrk_lower(
// CHECK-SAME: %[[ALPHA:[a-z0-9_-]+]]: f64, %[[BETA:[a-z0-9_-]+]]: f64, %[[A:[a-z0-9_-]+]]: memref<4x3xf64>, %[[C:[a-z0-9_-]+]]: memref<4x4xf64>)
// CHECK-NEXT: "kernel.launch"(%[[C]], %[[A]], %[[ALPHA]], %[[BETA]]) {callee = @syrk_lower_f64, source_order_matches = true, template = "blas.syrk_lower"} : (memref<4x4xf64>, memref<4x3xf64>, f64, f64) -> ()
// CHECK-NEXT: return
// REMARK: remark: matched blas.syrk_lower (2 ops) -> @syrk_lower_f64
func.func @syrk_lower(%alpha: f64, %beta: f64, %A: memref<4x3xf64>, %C: memref<4x4xf64>) {
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      outs(%C : memref<4x4xf64>) {
  ^bb0(%c: f64):
    %0 = arith.mulf %c, %beta : f64
    %j = linalg.index 1 : index
    %i = linalg.index 0 : index
    %i1 = affine.apply affine_map<(d0) -> (d0 + 1)>(%i)
    %in = arith.cmpi slt, %j, %i1 : index
    %r = arith.select %in, %0, %c : f64
    linalg.yield %r : f64
  }
  linalg.generic {indexing_maps = [affine_map<(i, k, j) -> (i, k)>, affine_map<(i, k, j) -> (j, k)>, affine_map<(i, k, j) -> (i, j)>], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%A, %A : memref<4x3xf64>, memref<4x3xf64>) outs(%C : memref<4x4xf64>) {
  ^bb0(%a: f64, %b: f64, %c: f64):
    %0 = arith.mulf %alpha, %a : f64
    %1 = arith.mulf %0, %b : f64
    %2 = arith.addf %c, %1 : f64
    %j = linalg.index 2 : index
    %i = linalg.index 0 : index
    %in = arith.cmpi sle, %j, %i : index
    %r = arith.select %in, %2, %c : f64
    linalg.yield %r : f64
  }
  return
}

// -----

// syr2k on the lower triangle, f32, the mask written as i >= j.
// CHECK-LABEL: func.func @syr2k_lower(
// CHECK-SAME: %[[ALPHA:[a-z0-9_-]+]]: f32, %[[BETA:[a-z0-9_-]+]]: f32, %[[A:[a-z0-9_-]+]]: memref<4x3xf32>, %[[B:[a-z0-9_-]+]]: memref<4x3xf32>, %[[C:[a-z0-9_-]+]]: memref<4x4xf32>)
// CHECK-NEXT: "kernel.launch"(%[[C]], %[[A]], %[[B]], %[[ALPHA]], %[[BETA]]) {callee = @syr2k_lower_f32, source_order_matches = true, template = "blas.syr2k_lower"}
// REMARK: remark: matched blas.syr2k_lower (2 ops) -> @syr2k_lower_f32
func.func @syr2k_lower(%alpha: f32, %beta: f32, %A: memref<4x3xf32>, %B: memref<4x3xf32>, %C: memref<4x4xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      outs(%C : memref<4x4xf32>) {
  ^bb0(%c: f32):
    %0 = arith.mulf %c, %beta : f32
    %j = linalg.index 1 : index
    %i = linalg.index 0 : index
    %in = arith.cmpi sge, %i, %j : index
    %r = arith.select %in, %0, %c : f32
    linalg.yield %r : f32
  }
  linalg.generic {indexing_maps = [affine_map<(i, k, j) -> (j, k)>, affine_map<(i, k, j) -> (i, k)>, affine_map<(i, k, j) -> (j, k)>, affine_map<(i, k, j) -> (i, k)>, affine_map<(i, k, j) -> (i, j)>], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%A, %B, %B, %A : memref<4x3xf32>, memref<4x3xf32>, memref<4x3xf32>, memref<4x3xf32>) outs(%C : memref<4x4xf32>) {
  ^bb0(%aj: f32, %bi: f32, %bj: f32, %ai: f32, %c: f32):
    %0 = arith.mulf %aj, %alpha : f32
    %1 = arith.mulf %0, %bi : f32
    %2 = arith.mulf %bj, %alpha : f32
    %3 = arith.mulf %2, %ai : f32
    %4 = arith.addf %1, %3 : f32
    %5 = arith.addf %c, %4 : f32
    %j = linalg.index 2 : index
    %i = linalg.index 0 : index
    %in = arith.cmpi sge, %i, %j : index
    %r = arith.select %in, %5, %c : f32
    linalg.yield %r : f32
  }
  return
}

// -----

// Near miss: the strict triangle j < i is not the template's j <= i.
// CHECK-LABEL: func.func @strict_triangle(
// CHECK-NOT: kernel.launch
// CHECK: return
// REMARK: remark: no template matches linalg.generic; closest {{.*}}: the op is masked to d0 - d1 - 1 >= 0
func.func @strict_triangle(%alpha: f64, %beta: f64, %A: memref<4x3xf64>, %C: memref<4x4xf64>) {
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      outs(%C : memref<4x4xf64>) {
  ^bb0(%c: f64):
    %0 = arith.mulf %c, %beta : f64
    %j = linalg.index 1 : index
    %i = linalg.index 0 : index
    %in = arith.cmpi slt, %j, %i : index
    %r = arith.select %in, %0, %c : f64
    linalg.yield %r : f64
  }
  linalg.generic {indexing_maps = [affine_map<(i, k, j) -> (i, k)>, affine_map<(i, k, j) -> (j, k)>, affine_map<(i, k, j) -> (i, j)>], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%A, %A : memref<4x3xf64>, memref<4x3xf64>) outs(%C : memref<4x4xf64>) {
  ^bb0(%a: f64, %b: f64, %c: f64):
    %0 = arith.mulf %alpha, %a : f64
    %1 = arith.mulf %0, %b : f64
    %2 = arith.addf %c, %1 : f64
    %j = linalg.index 2 : index
    %i = linalg.index 0 : index
    %in = arith.cmpi slt, %j, %i : index
    %r = arith.select %in, %2, %c : f64
    linalg.yield %r : f64
  }
  return
}

// -----

// Near miss: the scaling covers the lower triangle but the update the whole of C, so
// the upper triangle gets the product too: no triangular template, and no full one
// (the scaling is masked).
// CHECK-LABEL: func.func @unmasked_update(
// CHECK-NOT: syrk_lower
// CHECK: return
func.func @unmasked_update(%alpha: f64, %beta: f64, %A: memref<4x3xf64>, %C: memref<4x4xf64>) {
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      outs(%C : memref<4x4xf64>) {
  ^bb0(%c: f64):
    %0 = arith.mulf %c, %beta : f64
    %j = linalg.index 1 : index
    %i = linalg.index 0 : index
    %in = arith.cmpi sle, %j, %i : index
    %r = arith.select %in, %0, %c : f64
    linalg.yield %r : f64
  }
  linalg.generic {indexing_maps = [affine_map<(i, k, j) -> (i, k)>, affine_map<(i, k, j) -> (j, k)>, affine_map<(i, k, j) -> (i, j)>], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%A, %A : memref<4x3xf64>, memref<4x3xf64>) outs(%C : memref<4x4xf64>) {
  ^bb0(%a: f64, %b: f64, %c: f64):
    %0 = arith.mulf %alpha, %a : f64
    %1 = arith.mulf %0, %b : f64
    %2 = arith.addf %c, %1 : f64
    linalg.yield %2 : f64
  }
  return
}

// -----

// Near miss: a mask on the data (a select whose condition compares values, not loop
// counters) is no triangle; the plain syrk update without alpha must not take it.
// CHECK-LABEL: func.func @data_select(
// CHECK-NOT: kernel.launch
// CHECK: return
func.func @data_select(%A: memref<4x3xf64>, %C: memref<4x4xf64>) {
  linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (j, k)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%A, %A : memref<4x3xf64>, memref<4x3xf64>) outs(%C : memref<4x4xf64>) {
  ^bb0(%a: f64, %b: f64, %c: f64):
    %0 = arith.mulf %a, %b : f64
    %1 = arith.addf %c, %0 : f64
    %in = arith.cmpf olt, %a, %b : f64
    %r = arith.select %in, %1, %c : f64
    linalg.yield %r : f64
  }
  return
}

// -----

// trmm: C = 0, then C += alpha * A.B over k <= i (A lower triangular), as raising makes
// it from `for (k = 0; k <= i; k++)`: the mask is on the reduction dim.
// CHECK-LABEL: func.func @trmm_lower(
// CHECK-SAME: %[[A:[a-z0-9_-]+]]: memref<6x6xf32>, %[[B:[a-z0-9_-]+]]: memref<6x5xf32>, %[[C:[a-z0-9_-]+]]: memref<6x5xf32>, %[[ALPHA:[a-z0-9_-]+]]: f32)
// CHECK-NOT: linalg.generic
// CHECK: "kernel.launch"(%[[C]], %[[A]], %[[B]], %[[ALPHA]]) {callee = @trmm_lower_f32, source_order_matches = true, template = "blas.trmm_lower"} : (memref<6x5xf32>, memref<6x6xf32>, memref<6x5xf32>, f32) -> ()
// CHECK-NEXT: return
// REMARK: remark: matched blas.trmm_lower (2 ops) -> @trmm_lower_f32
func.func @trmm_lower(%A: memref<6x6xf32>, %B: memref<6x5xf32>, %C: memref<6x5xf32>, %alpha: f32) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%C : memref<6x5xf32>) {
  ^bb0(%out: f32):
    %cst = arith.constant 0.000000e+00 : f32
    linalg.yield %cst : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%A, %B : memref<6x6xf32>, memref<6x5xf32>) outs(%C : memref<6x5xf32>) {
  ^bb0(%in: f32, %in_2: f32, %out: f32):
    %2 = arith.mulf %alpha, %in : f32
    %3 = arith.mulf %2, %in_2 : f32
    %4 = arith.addf %out, %3 : f32
    %5 = linalg.index 2 : index
    %6 = linalg.index 0 : index
    %7 = affine.apply affine_map<(d0) -> (d0 + 1)>(%6)
    %8 = arith.cmpi slt, %5, %7 : index
    %9 = arith.select %8, %4, %out : f32
    linalg.yield %9 : f32
  }
  return
}

// -----

// The upper triangle (k >= i) without alpha: trmm_upper1, alpha = 1 as a constant.
// CHECK-LABEL: func.func @trmm_upper1(
// CHECK-SAME: %[[A:[a-z0-9_-]+]]: memref<6x6xf64>, %[[B:[a-z0-9_-]+]]: memref<6x5xf64>, %[[C:[a-z0-9_-]+]]: memref<6x5xf64>)
// CHECK-NOT: linalg.generic
// CHECK: %[[ONE:.*]] = arith.constant 1.000000e+00 : f64
// CHECK-NEXT: "kernel.launch"(%[[C]], %[[A]], %[[B]], %[[ONE]]) {alpha = 1.000000e+00 : f64, callee = @trmm_upper_f64, source_order_matches = true, template = "blas.trmm_upper1"}
// CHECK-NEXT: return
// REMARK: remark: matched blas.trmm_upper1 (2 ops) -> @trmm_upper_f64
func.func @trmm_upper1(%A: memref<6x6xf64>, %B: memref<6x5xf64>, %C: memref<6x5xf64>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%C : memref<6x5xf64>) {
  ^bb0(%out: f64):
    %cst = arith.constant 0.000000e+00 : f64
    linalg.yield %cst : f64
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%A, %B : memref<6x6xf64>, memref<6x5xf64>) outs(%C : memref<6x5xf64>) {
  ^bb0(%in: f64, %in_2: f64, %out: f64):
    %3 = arith.mulf %in, %in_2 : f64
    %4 = arith.addf %out, %3 : f64
    %5 = linalg.index 2 : index
    %6 = linalg.index 0 : index
    %8 = arith.cmpi sge, %5, %6 : index
    %9 = arith.select %8, %4, %out : f64
    linalg.yield %9 : f64
  }
  return
}

// -----

// The upper triangle with alpha: trmm_upper.
// CHECK-LABEL: func.func @trmm_upper(
// CHECK-SAME: %[[A:[a-z0-9_-]+]]: memref<6x6xf64>, %[[B:[a-z0-9_-]+]]: memref<6x5xf64>, %[[C:[a-z0-9_-]+]]: memref<6x5xf64>, %[[ALPHA:[a-z0-9_-]+]]: f64)
// CHECK-NOT: linalg.generic
// CHECK: "kernel.launch"(%[[C]], %[[A]], %[[B]], %[[ALPHA]]) {callee = @trmm_upper_f64, source_order_matches = true, template = "blas.trmm_upper"}
// CHECK-NEXT: return
// REMARK: remark: matched blas.trmm_upper (2 ops) -> @trmm_upper_f64
func.func @trmm_upper(%A: memref<6x6xf64>, %B: memref<6x5xf64>, %C: memref<6x5xf64>, %alpha: f64) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%C : memref<6x5xf64>) {
  ^bb0(%out: f64):
    %cst = arith.constant 0.000000e+00 : f64
    linalg.yield %cst : f64
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%A, %B : memref<6x6xf64>, memref<6x5xf64>) outs(%C : memref<6x5xf64>) {
  ^bb0(%in: f64, %in_2: f64, %out: f64):
    %2 = arith.mulf %alpha, %in : f64
    %3 = arith.mulf %2, %in_2 : f64
    %4 = arith.addf %out, %3 : f64
    %5 = linalg.index 2 : index
    %6 = linalg.index 0 : index
    %8 = arith.cmpi sge, %5, %6 : index
    %9 = arith.select %8, %4, %out : f64
    linalg.yield %9 : f64
  }
  return
}

// -----

// The lower triangle without alpha: trmm_lower1.
// CHECK-LABEL: func.func @trmm_lower1(
// CHECK-SAME: %[[A:[a-z0-9_-]+]]: memref<6x6xf32>, %[[B:[a-z0-9_-]+]]: memref<6x5xf32>, %[[C:[a-z0-9_-]+]]: memref<6x5xf32>)
// CHECK-NOT: linalg.generic
// CHECK: %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: "kernel.launch"(%[[C]], %[[A]], %[[B]], %[[ONE]]) {alpha = 1.000000e+00 : f32, callee = @trmm_lower_f32, source_order_matches = true, template = "blas.trmm_lower1"}
// CHECK-NEXT: return
// REMARK: remark: matched blas.trmm_lower1 (2 ops) -> @trmm_lower_f32
func.func @trmm_lower1(%A: memref<6x6xf32>, %B: memref<6x5xf32>, %C: memref<6x5xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%C : memref<6x5xf32>) {
  ^bb0(%out: f32):
    %cst = arith.constant 0.000000e+00 : f32
    linalg.yield %cst : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%A, %B : memref<6x6xf32>, memref<6x5xf32>) outs(%C : memref<6x5xf32>) {
  ^bb0(%in: f32, %in_2: f32, %out: f32):
    %3 = arith.mulf %in, %in_2 : f32
    %4 = arith.addf %out, %3 : f32
    %5 = linalg.index 2 : index
    %6 = linalg.index 0 : index
    %7 = affine.apply affine_map<(d0) -> (d0 + 1)>(%6)
    %8 = arith.cmpi slt, %5, %7 : index
    %9 = arith.select %8, %4, %out : f32
    linalg.yield %9 : f32
  }
  return
}

// -----

// Near miss: the strict triangle k > i is not trmm_upper's (the diagonal is left out).
// CHECK-LABEL: func.func @trmm_strict(
// CHECK-NOT: kernel.launch
// CHECK: linalg.generic
// REMARK: remark: no template matches linalg.generic; closest
func.func @trmm_strict(%A: memref<6x6xf64>, %B: memref<6x5xf64>, %C: memref<6x5xf64>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%A, %B : memref<6x6xf64>, memref<6x5xf64>) outs(%C : memref<6x5xf64>) {
  ^bb0(%in: f64, %in_2: f64, %out: f64):
    %3 = arith.mulf %in, %in_2 : f64
    %4 = arith.addf %out, %3 : f64
    %5 = linalg.index 2 : index
    %6 = linalg.index 0 : index
    %8 = arith.cmpi sgt, %5, %6 : index
    %9 = arith.select %8, %4, %out : f64
    linalg.yield %9 : f64
  }
  return
}
