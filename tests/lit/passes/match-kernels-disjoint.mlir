// RUN: polylift-opt %s --split-input-file --match-kernels | FileCheck %s
// RUN: polylift-opt %s --split-input-file --match-kernels --remarks=missed 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK

// Row %i of B is written from rows %i + 1 .. %i + %r of B (the offset computed with
// arith.addi): disjoint, one launch.
// CHECK-LABEL: func.func @below_by_addi(
// CHECK-SAME: %[[B:[a-z0-9_-]+]]: memref<?x?xf64>, %[[X:[a-z0-9_-]+]]: memref<?xf64>, %[[I:[a-z0-9_-]+]]: index, %[[R:[a-z0-9_-]+]]: index, %[[N:[a-z0-9_-]+]]: index)
// CHECK: %[[SB:[a-z0-9_-]+]] = memref.subview %[[B]][%{{[a-z0-9_-]+}}, 0] [%[[R]], %[[N]]] [1, 1]
// CHECK-NEXT: %[[SB_2:[a-z0-9_-]+]] = memref.subview %[[B]][%[[I]], 0] [1, %[[N]]] [1, 1]
// CHECK-NEXT: %[[SX:[a-z0-9_-]+]] = memref.subview %[[X]][0] [%[[R]]] [1]
// CHECK: %[[SSB_2:[a-z0-9_-]+]] = memref.subview %[[SB_2]][0, 0] [1, %{{[a-z0-9_-]+}}] [1, 1]
// CHECK-NEXT: %[[ONE:[a-z0-9_-]+]] = arith.constant 1.000000e+00 : f64
// CHECK: "kernel.launch"(%[[SSB_2]], %[[SB]], %[[SX]], %[[ONE]]) {alpha = 1.000000e+00 : f64, callee = @gemv_t_acc_f64, source_order_matches = true, template = "blas.gemv_t_acc1", trans_a = true}
// CHECK-NOT: linalg.generic
func.func @below_by_addi(%B: memref<?x?xf64>, %x: memref<?xf64>, %i: index, %r: index, %n: index) {
  %c1 = arith.constant 1 : index
  %next = arith.addi %i, %c1 : index
  %rows = memref.subview %B[%next, 0] [%r, %n] [1, 1] : memref<?x?xf64> to memref<?x?xf64, strided<[?, 1], offset: ?>>
  %row = memref.subview %B[%i, 0] [1, %n] [1, 1] : memref<?x?xf64> to memref<1x?xf64, strided<[?, 1], offset: ?>>
  %xs = memref.subview %x[0] [%r] [1] : memref<?xf64> to memref<?xf64, strided<[1]>>
  linalg.generic {indexing_maps = [affine_map<(j, k) -> (k)>, affine_map<(j, k) -> (k, j)>, affine_map<(j, k) -> (0, j)>], iterator_types = ["parallel", "reduction"]}
      ins(%xs, %rows : memref<?xf64, strided<[1]>>, memref<?x?xf64, strided<[?, 1], offset: ?>>) outs(%row : memref<1x?xf64, strided<[?, 1], offset: ?>>) {
  ^bb0(%a: f64, %b: f64, %y: f64):
    %0 = arith.mulf %a, %b : f64
    %1 = arith.addf %y, %0 : f64
    linalg.yield %1 : f64
  }
  return
}

// -----

// Near miss: the rows read start at row %i itself, which the op writes.
// CHECK-LABEL: func.func @overlapping_rows(
// CHECK-NOT: kernel.launch
// CHECK: linalg.generic
// REMARK: remark: no template matches linalg.generic; closest blas.gemv_t_acc1: output y aliases A
func.func @overlapping_rows(%B: memref<?x?xf64>, %x: memref<?xf64>, %i: index, %r: index, %n: index) {
  %rows = memref.subview %B[%i, 0] [%r, %n] [1, 1] : memref<?x?xf64> to memref<?x?xf64, strided<[?, 1], offset: ?>>
  %row = memref.subview %B[%i, 0] [1, %n] [1, 1] : memref<?x?xf64> to memref<1x?xf64, strided<[?, 1], offset: ?>>
  %xs = memref.subview %x[0] [%r] [1] : memref<?xf64> to memref<?xf64, strided<[1]>>
  linalg.generic {indexing_maps = [affine_map<(j, k) -> (k)>, affine_map<(j, k) -> (k, j)>, affine_map<(j, k) -> (0, j)>], iterator_types = ["parallel", "reduction"]}
      ins(%xs, %rows : memref<?xf64, strided<[1]>>, memref<?x?xf64, strided<[?, 1], offset: ?>>) outs(%row : memref<1x?xf64, strided<[?, 1], offset: ?>>) {
  ^bb0(%a: f64, %b: f64, %y: f64):
    %0 = arith.mulf %a, %b : f64
    %1 = arith.addf %y, %0 : f64
    linalg.yield %1 : f64
  }
  return
}

// -----

// Near miss: the rows read end at row %i (%r rows from %i - %r + 1): their extent is
// symbolic and overlaps the row written.
// CHECK-LABEL: func.func @rows_up_to_and_including(
// CHECK-NOT: kernel.launch
// REMARK: remark: no template matches linalg.generic; closest blas.gemv_t_acc1: output y aliases A
func.func @rows_up_to_and_including(%B: memref<?x?xf64>, %x: memref<?xf64>, %i: index, %r: index, %n: index) {
  %first = affine.apply affine_map<(d0)[s0] -> (d0 - s0 + 1)>(%i)[%r]
  %rows = memref.subview %B[%first, 0] [%r, %n] [1, 1] : memref<?x?xf64> to memref<?x?xf64, strided<[?, 1], offset: ?>>
  %row = memref.subview %B[%i, 0] [1, %n] [1, 1] : memref<?x?xf64> to memref<1x?xf64, strided<[?, 1], offset: ?>>
  %xs = memref.subview %x[0] [%r] [1] : memref<?xf64> to memref<?xf64, strided<[1]>>
  linalg.generic {indexing_maps = [affine_map<(j, k) -> (k)>, affine_map<(j, k) -> (k, j)>, affine_map<(j, k) -> (0, j)>], iterator_types = ["parallel", "reduction"]}
      ins(%xs, %rows : memref<?xf64, strided<[1]>>, memref<?x?xf64, strided<[?, 1], offset: ?>>) outs(%row : memref<1x?xf64, strided<[?, 1], offset: ?>>) {
  ^bb0(%a: f64, %b: f64, %y: f64):
    %0 = arith.mulf %a, %b : f64
    %1 = arith.addf %y, %0 : f64
    linalg.yield %1 : f64
  }
  return
}

// -----

// The rows read end just before row %i (%r rows from %i - %r): disjoint, one launch.
// CHECK-LABEL: func.func @rows_up_to_before(
// CHECK-SAME: %[[B:[a-z0-9_-]+]]: memref<?x?xf64>, %[[X:[a-z0-9_-]+]]: memref<?xf64>, %[[I:[a-z0-9_-]+]]: index, %[[R:[a-z0-9_-]+]]: index, %[[N:[a-z0-9_-]+]]: index)
// CHECK: %[[SB:[a-z0-9_-]+]] = memref.subview %[[B]][%{{[a-z0-9_-]+}}, 0] [%[[R]], %[[N]]] [1, 1]
// CHECK-NEXT: %[[SB_2:[a-z0-9_-]+]] = memref.subview %[[B]][%[[I]], 0] [1, %[[N]]] [1, 1]
// CHECK-NEXT: %[[SX:[a-z0-9_-]+]] = memref.subview %[[X]][0] [%[[R]]] [1]
// CHECK: %[[SSB_2:[a-z0-9_-]+]] = memref.subview %[[SB_2]][0, 0] [1, %{{[a-z0-9_-]+}}] [1, 1]
// CHECK-NEXT: %[[ONE:[a-z0-9_-]+]] = arith.constant 1.000000e+00 : f64
// CHECK: "kernel.launch"(%[[SSB_2]], %[[SB]], %[[SX]], %[[ONE]]) {{{.*}}callee = @gemv_t_acc_f64
func.func @rows_up_to_before(%B: memref<?x?xf64>, %x: memref<?xf64>, %i: index, %r: index, %n: index) {
  %first = affine.apply affine_map<(d0)[s0] -> (d0 - s0)>(%i)[%r]
  %rows = memref.subview %B[%first, 0] [%r, %n] [1, 1] : memref<?x?xf64> to memref<?x?xf64, strided<[?, 1], offset: ?>>
  %row = memref.subview %B[%i, 0] [1, %n] [1, 1] : memref<?x?xf64> to memref<1x?xf64, strided<[?, 1], offset: ?>>
  %xs = memref.subview %x[0] [%r] [1] : memref<?xf64> to memref<?xf64, strided<[1]>>
  linalg.generic {indexing_maps = [affine_map<(j, k) -> (k)>, affine_map<(j, k) -> (k, j)>, affine_map<(j, k) -> (0, j)>], iterator_types = ["parallel", "reduction"]}
      ins(%xs, %rows : memref<?xf64, strided<[1]>>, memref<?x?xf64, strided<[?, 1], offset: ?>>) outs(%row : memref<1x?xf64, strided<[?, 1], offset: ?>>) {
  ^bb0(%a: f64, %b: f64, %y: f64):
    %0 = arith.mulf %a, %b : f64
    %1 = arith.addf %y, %0 : f64
    linalg.yield %1 : f64
  }
  return
}
