// RUN: polylift-opt %s --split-input-file --match-kernels | FileCheck %s
// RUN: polylift-opt %s --split-input-file --match-kernels --remarks=all 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// symm with A symmetric and stored in its lower triangle: C = beta * C, then the sum
// over k <= i reading A[i][k], then the sum over k > i reading the mirrored A[k][i].
// The three generics are the masked boxes raising makes of the three nests (the third
// over the same box as the second, masked to k >= i + 1); match-kernels-symm.c has the
// C loops, whose strict triangle raising does not take yet.

// CHECK-LABEL: func.func @symm_lower(
// CHECK-SAME: %[[ALPHA:[a-z0-9_-]+]]: f64, %[[BETA:[a-z0-9_-]+]]: f64, %[[A:[a-z0-9_-]+]]: memref<6x6xf64>, %[[B:[a-z0-9_-]+]]: memref<6x5xf64>, %[[C:[a-z0-9_-]+]]: memref<6x5xf64>)
// CHECK-NOT: linalg.generic
// CHECK: "kernel.launch"(%[[C]], %[[A]], %[[B]], %[[ALPHA]], %[[BETA]]) {callee = @symm_lower_f64, source_order_matches = true, template = "blas.symm_lower"} : (memref<6x5xf64>, memref<6x6xf64>, memref<6x5xf64>, f64, f64) -> ()
// CHECK-NEXT: return
// REMARK: remark: matched blas.symm_lower (3 ops) -> @symm_lower_f64
func.func @symm_lower(%alpha: f64, %beta: f64, %A: memref<6x6xf64>, %B: memref<6x5xf64>, %C: memref<6x5xf64>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%C : memref<6x5xf64>) {
  ^bb0(%out: f64):
    %0 = arith.mulf %beta, %out : f64
    linalg.yield %0 : f64
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%A, %B : memref<6x6xf64>, memref<6x5xf64>) outs(%C : memref<6x5xf64>) {
  ^bb0(%in: f64, %in_2: f64, %out: f64):
    %2 = arith.mulf %alpha, %in : f64
    %3 = arith.mulf %2, %in_2 : f64
    %4 = arith.addf %out, %3 : f64
    %5 = linalg.index 2 : index
    %6 = linalg.index 0 : index
    %7 = affine.apply affine_map<(d0) -> (d0 + 1)>(%6)
    %8 = arith.cmpi slt, %5, %7 : index
    %9 = arith.select %8, %4, %out : f64
    linalg.yield %9 : f64
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d2, d0)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%A, %B : memref<6x6xf64>, memref<6x5xf64>) outs(%C : memref<6x5xf64>) {
  ^bb0(%in: f64, %in_2: f64, %out: f64):
    %2 = arith.mulf %alpha, %in : f64
    %3 = arith.mulf %2, %in_2 : f64
    %4 = arith.addf %out, %3 : f64
    %5 = linalg.index 2 : index
    %6 = linalg.index 0 : index
    %7 = affine.apply affine_map<(d0) -> (d0 + 1)>(%6)
    %8 = arith.cmpi sge, %5, %7 : index
    %9 = arith.select %8, %4, %out : f64
    linalg.yield %9 : f64
  }
  return
}

// -----

// f32 on views of dynamic memrefs, as raising makes them (each op its own subviews of
// the same roots); the strict mask written as k > i.
// CHECK-LABEL: func.func @symm_lower_views(
// CHECK-SAME: %[[M:[a-z0-9_-]+]]: index, %[[N:[a-z0-9_-]+]]: index, %[[ALPHA:[a-z0-9_-]+]]: f32, %[[BETA:[a-z0-9_-]+]]: f32, %[[A:[a-z0-9_-]+]]: memref<?x?xf32>, %[[B:[a-z0-9_-]+]]: memref<?x?xf32>, %[[C:[a-z0-9_-]+]]: memref<?x?xf32>)
// CHECK-NOT: linalg.generic
// CHECK: %[[SA:.*]] = memref.subview %[[A]][0, 0] [%[[M]], %[[M]]] [1, 1]
// CHECK-NEXT: %[[SB:.*]] = memref.subview %[[B]][0, 0] [%[[M]], %[[N]]] [1, 1]
// CHECK-NEXT: %[[SC:.*]] = memref.subview %[[C]][0, 0] [%[[M]], %[[N]]] [1, 1]
// CHECK-NEXT: "kernel.launch"(%[[SC]], %[[SA]], %[[SB]], %[[ALPHA]], %[[BETA]]) {callee = @symm_lower_f32, source_order_matches = true, template = "blas.symm_lower"} : (memref<?x?xf32, strided<[?, 1]>>, memref<?x?xf32, strided<[?, 1]>>, memref<?x?xf32, strided<[?, 1]>>, f32, f32) -> ()
// CHECK-NEXT: return
// REMARK: remark: matched blas.symm_lower (3 ops) -> @symm_lower_f32
func.func @symm_lower_views(%m: index, %n: index, %alpha: f32, %beta: f32, %A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>) {
  %c0 = memref.subview %C[0, 0] [%m, %n] [1, 1] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1]>>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%c0 : memref<?x?xf32, strided<[?, 1]>>) {
  ^bb0(%out: f32):
    %0 = arith.mulf %beta, %out : f32
    linalg.yield %0 : f32
  }
  %a1 = memref.subview %A[0, 0] [%m, %m] [1, 1] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1]>>
  %b1 = memref.subview %B[0, 0] [%m, %n] [1, 1] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1]>>
  %c1 = memref.subview %C[0, 0] [%m, %n] [1, 1] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1]>>
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a1, %b1 : memref<?x?xf32, strided<[?, 1]>>, memref<?x?xf32, strided<[?, 1]>>) outs(%c1 : memref<?x?xf32, strided<[?, 1]>>) {
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
  %a2 = memref.subview %A[0, 0] [%m, %m] [1, 1] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1]>>
  %b2 = memref.subview %B[0, 0] [%m, %n] [1, 1] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1]>>
  %c2 = memref.subview %C[0, 0] [%m, %n] [1, 1] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1]>>
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d2, d0)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a2, %b2 : memref<?x?xf32, strided<[?, 1]>>, memref<?x?xf32, strided<[?, 1]>>) outs(%c2 : memref<?x?xf32, strided<[?, 1]>>) {
  ^bb0(%in: f32, %in_2: f32, %out: f32):
    %2 = arith.mulf %alpha, %in : f32
    %3 = arith.mulf %2, %in_2 : f32
    %4 = arith.addf %out, %3 : f32
    %5 = linalg.index 2 : index
    %6 = linalg.index 0 : index
    %8 = arith.cmpi sgt, %5, %6 : index
    %9 = arith.select %8, %4, %out : f32
    linalg.yield %9 : f32
  }
  return
}

// -----

// Near miss: the third sum starts at the diagonal (k >= i), which the second has
// already added: A[i][i] counts twice. Not symm; the scaling alone is a scal2d.
// CHECK-LABEL: func.func @diagonal_twice(
// CHECK-SAME: %[[ALPHA:[a-z0-9_-]+]]: f64, %[[BETA:[a-z0-9_-]+]]: f64, %[[A:[a-z0-9_-]+]]: memref<6x6xf64>, %[[B:[a-z0-9_-]+]]: memref<6x5xf64>, %[[C:[a-z0-9_-]+]]: memref<6x5xf64>)
// CHECK-NOT: symm_lower
// CHECK: "kernel.launch"(%[[C]], %[[BETA]]) {callee = @scal2d_f64
// CHECK-NOT: symm_lower
// CHECK: return
// REMARK: remark: matched blas.scal2d (1 op) -> @scal2d_f64
// REMARK: remark: no template matches linalg.generic; closest blas.symm_lower: the op is step 2 of blas.symm_lower
// REMARK: remark: no template matches linalg.generic; closest {{.*}}: the op is masked to -d0 + d2 >= 0, the template has no 'where'
func.func @diagonal_twice(%alpha: f64, %beta: f64, %A: memref<6x6xf64>, %B: memref<6x5xf64>, %C: memref<6x5xf64>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%C : memref<6x5xf64>) {
  ^bb0(%out: f64):
    %0 = arith.mulf %beta, %out : f64
    linalg.yield %0 : f64
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%A, %B : memref<6x6xf64>, memref<6x5xf64>) outs(%C : memref<6x5xf64>) {
  ^bb0(%in: f64, %in_2: f64, %out: f64):
    %2 = arith.mulf %alpha, %in : f64
    %3 = arith.mulf %2, %in_2 : f64
    %4 = arith.addf %out, %3 : f64
    %5 = linalg.index 2 : index
    %6 = linalg.index 0 : index
    %7 = affine.apply affine_map<(d0) -> (d0 + 1)>(%6)
    %8 = arith.cmpi slt, %5, %7 : index
    %9 = arith.select %8, %4, %out : f64
    linalg.yield %9 : f64
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d2, d0)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%A, %B : memref<6x6xf64>, memref<6x5xf64>) outs(%C : memref<6x5xf64>) {
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

// Near miss: the third sum reads A[i][k] beyond the diagonal, the upper triangle:
// that is a general A, not the symmetric matrix of its lower triangle.
// CHECK-LABEL: func.func @upper_triangle_read(
// CHECK-NOT: symm_lower
// CHECK: return
// REMARK: remark: no template matches linalg.generic; closest blas.symm_lower: the op is step 2 of blas.symm_lower
// REMARK: remark: no template matches linalg.generic; closest blas.symm_lower: step 3 of the template: A is read transposed: the op reads A[i, k] where the template has A[k, i]
func.func @upper_triangle_read(%alpha: f64, %beta: f64, %A: memref<6x6xf64>, %B: memref<6x5xf64>, %C: memref<6x5xf64>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%C : memref<6x5xf64>) {
  ^bb0(%out: f64):
    %0 = arith.mulf %beta, %out : f64
    linalg.yield %0 : f64
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%A, %B : memref<6x6xf64>, memref<6x5xf64>) outs(%C : memref<6x5xf64>) {
  ^bb0(%in: f64, %in_2: f64, %out: f64):
    %2 = arith.mulf %alpha, %in : f64
    %3 = arith.mulf %2, %in_2 : f64
    %4 = arith.addf %out, %3 : f64
    %5 = linalg.index 2 : index
    %6 = linalg.index 0 : index
    %7 = affine.apply affine_map<(d0) -> (d0 + 1)>(%6)
    %8 = arith.cmpi slt, %5, %7 : index
    %9 = arith.select %8, %4, %out : f64
    linalg.yield %9 : f64
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%A, %B : memref<6x6xf64>, memref<6x5xf64>) outs(%C : memref<6x5xf64>) {
  ^bb0(%in: f64, %in_2: f64, %out: f64):
    %2 = arith.mulf %alpha, %in : f64
    %3 = arith.mulf %2, %in_2 : f64
    %4 = arith.addf %out, %3 : f64
    %5 = linalg.index 2 : index
    %6 = linalg.index 0 : index
    %7 = affine.apply affine_map<(d0) -> (d0 + 1)>(%6)
    %8 = arith.cmpi sge, %5, %7 : index
    %9 = arith.select %8, %4, %out : f64
    linalg.yield %9 : f64
  }
  return
}

// -----

// Near miss: the two sums in the other order (k > i first): each element gets the
// same terms, summed in another order; the template states its order, so no match.
// CHECK-LABEL: func.func @sums_swapped(
// CHECK-NOT: symm_lower
// CHECK: return
// REMARK: remark: no template matches linalg.generic; closest blas.symm_lower: the op is step 3 of blas.symm_lower; step 1 {{.*}}, step 2 {{.*}} are missing before it
// REMARK: remark: match-kernels: @sums_swapped: coverage PARTIAL, 1 launch(es), 2 residual op(s)
func.func @sums_swapped(%alpha: f64, %beta: f64, %A: memref<6x6xf64>, %B: memref<6x5xf64>, %C: memref<6x5xf64>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%C : memref<6x5xf64>) {
  ^bb0(%out: f64):
    %0 = arith.mulf %beta, %out : f64
    linalg.yield %0 : f64
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d2, d0)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%A, %B : memref<6x6xf64>, memref<6x5xf64>) outs(%C : memref<6x5xf64>) {
  ^bb0(%in: f64, %in_2: f64, %out: f64):
    %2 = arith.mulf %alpha, %in : f64
    %3 = arith.mulf %2, %in_2 : f64
    %4 = arith.addf %out, %3 : f64
    %5 = linalg.index 2 : index
    %6 = linalg.index 0 : index
    %7 = affine.apply affine_map<(d0) -> (d0 + 1)>(%6)
    %8 = arith.cmpi sge, %5, %7 : index
    %9 = arith.select %8, %4, %out : f64
    linalg.yield %9 : f64
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%A, %B : memref<6x6xf64>, memref<6x5xf64>) outs(%C : memref<6x5xf64>) {
  ^bb0(%in: f64, %in_2: f64, %out: f64):
    %2 = arith.mulf %alpha, %in : f64
    %3 = arith.mulf %2, %in_2 : f64
    %4 = arith.addf %out, %3 : f64
    %5 = linalg.index 2 : index
    %6 = linalg.index 0 : index
    %7 = affine.apply affine_map<(d0) -> (d0 + 1)>(%6)
    %8 = arith.cmpi slt, %5, %7 : index
    %9 = arith.select %8, %4, %out : f64
    linalg.yield %9 : f64
  }
  return
}

// -----

// Near miss: no beta step. The two sums alone are not symm (C is not scaled first);
// nothing else takes the masked sums either.
// CHECK-LABEL: func.func @no_scaling(
// CHECK-NOT: kernel.launch
// CHECK: return
// REMARK: remark: match-kernels: @no_scaling: coverage NONE, 0 launch(es), 2 residual op(s)
func.func @no_scaling(%alpha: f64, %beta: f64, %A: memref<6x6xf64>, %B: memref<6x5xf64>, %C: memref<6x5xf64>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%A, %B : memref<6x6xf64>, memref<6x5xf64>) outs(%C : memref<6x5xf64>) {
  ^bb0(%in: f64, %in_2: f64, %out: f64):
    %2 = arith.mulf %alpha, %in : f64
    %3 = arith.mulf %2, %in_2 : f64
    %4 = arith.addf %out, %3 : f64
    %5 = linalg.index 2 : index
    %6 = linalg.index 0 : index
    %7 = affine.apply affine_map<(d0) -> (d0 + 1)>(%6)
    %8 = arith.cmpi slt, %5, %7 : index
    %9 = arith.select %8, %4, %out : f64
    linalg.yield %9 : f64
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d2, d0)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%A, %B : memref<6x6xf64>, memref<6x5xf64>) outs(%C : memref<6x5xf64>) {
  ^bb0(%in: f64, %in_2: f64, %out: f64):
    %2 = arith.mulf %alpha, %in : f64
    %3 = arith.mulf %2, %in_2 : f64
    %4 = arith.addf %out, %3 : f64
    %5 = linalg.index 2 : index
    %6 = linalg.index 0 : index
    %7 = affine.apply affine_map<(d0) -> (d0 + 1)>(%6)
    %8 = arith.cmpi sge, %5, %7 : index
    %9 = arith.select %8, %4, %out : f64
    linalg.yield %9 : f64
  }
  return
}
