// RUN: polylift-opt %s --split-input-file --match-kernels --templates=%S/Inputs/loop-templates | FileCheck %s
// RUN: polylift-opt %s --split-input-file --match-kernels --templates=%S/Inputs/loop-templates --remarks=all 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK

// A recurrence matches loops that run its points in its order (rows outermost).
// CHECK-LABEL: func.func @rows_outer(
// CHECK-SAME: %[[Y:[a-z0-9_-]+]]: memref<8x5xf64>, %[[X:[a-z0-9_-]+]]: memref<8x5xf64>)
// CHECK-NEXT: "kernel.launch"(%[[Y]], %[[X]]) {callee = @column_scan_f64, source_order_matches = true, template = "user.column_scan"}
// CHECK-NEXT: return
func.func @rows_outer(%y: memref<8x5xf64>, %x: memref<8x5xf64>) {
  affine.for %i = 1 to 8 {
    affine.for %j = 0 to 5 {
      %0 = affine.load %y[%i - 1, %j] : memref<8x5xf64>
      %1 = affine.load %x[%i, %j] : memref<8x5xf64>
      %2 = arith.addf %0, %1 : f64
      affine.store %2, %y[%i, %j] : memref<8x5xf64>
    }
  }
  return
}

// -----

// Near miss: the same sums with the columns outermost (this recurrence would give the
// same bits, but the proof asks for the template's order).
// CHECK-LABEL: func.func @columns_outer(
// CHECK-NOT: kernel.launch
// REMARK: remark: no template matches the loop nest; closest user.column_scan: the loops nest in another order than the recurrence's indices
func.func @columns_outer(%y: memref<8x5xf64>, %x: memref<8x5xf64>) {
  affine.for %j = 0 to 5 {
    affine.for %i = 1 to 8 {
      %0 = affine.load %y[%i - 1, %j] : memref<8x5xf64>
      %1 = affine.load %x[%i, %j] : memref<8x5xf64>
      %2 = arith.addf %0, %1 : f64
      affine.store %2, %y[%i, %j] : memref<8x5xf64>
    }
  }
  return
}

// -----

// Near miss: a triangle (each row as long as its index) has no extent a launch could
// take; the nest is not read.
// CHECK-LABEL: func.func @triangle(
// CHECK-NOT: kernel.launch
// REMARK: remark: match-kernels: @triangle: coverage NONE
func.func @triangle(%y: memref<8x8xf64>, %x: memref<8x8xf64>) {
  affine.for %i = 1 to 8 {
    affine.for %j = 0 to affine_map<(d0) -> (d0)>(%i) {
      %0 = affine.load %y[%i - 1, %j] : memref<8x8xf64>
      %1 = affine.load %x[%i, %j] : memref<8x8xf64>
      %2 = arith.addf %0, %1 : f64
      affine.store %2, %y[%i, %j] : memref<8x8xf64>
    }
  }
  return
}
