// RUN: polylift-opt %s --split-input-file --raise-affine-to-linalg --verify-diagnostics | FileCheck %s
// A read at a subscript computed from data (`lut[in[i][j]]`, `wr[d >> 8]`) stays in the
// generic's body as a load of the whole table, captured from outside, when nothing in
// the nest writes the table (negative.mlir has the nests that do).

// CHECK-LABEL: func.func @lut
// CHECK-NOT: affine.for
// CHECK: %[[X:.*]] = memref.subview %arg0
// CHECK: %[[Y:.*]] = memref.subview %arg2
// CHECK: linalg.generic {{.*}} ins(%[[X]] : {{.*}}) outs(%[[Y]] : {{.*}})
// CHECK-NEXT: ^bb0(%[[IN:.*]]: i8, %{{.*}}: i8):
// CHECK-NEXT: %[[K:.*]] = arith.index_castui %[[IN]] : i8 to index
// CHECK-NEXT: %[[V:.*]] = memref.load %arg1[%[[K]]] : memref<256xi8>
// CHECK-NEXT: linalg.yield %[[V]] : i8
func.func @lut(%x: memref<?xi8>, %lut: memref<256xi8>, %y: memref<?xi8>, %n: index) {
  affine.for %i = 0 to %n {
    %v = affine.load %x[%i] : memref<?xi8>
    %k = arith.index_castui %v : i8 to index
    %e = memref.load %lut[%k] : memref<256xi8>
    // expected-remark@+1 {{raised to linalg.generic (parallel)}}
    affine.store %e, %y[%i] : memref<?xi8>
  }
  return
}

// -----

// A table read inside a reduction: the weights of a sum.
// CHECK-LABEL: func.func @weighted_sum
// CHECK: linalg.generic {{.*}}iterator_types = ["reduction"]
// CHECK: memref.load %arg1
func.func @weighted_sum(%x: memref<?xi32>, %wt: memref<16xi32>, %s: memref<1xi32>, %n: index) {
  %c15 = arith.constant 15 : i32
  affine.for %i = 0 to %n {
    %v = affine.load %x[%i] : memref<?xi32>
    %m = arith.andi %v, %c15 : i32
    %k = arith.index_cast %m : i32 to index
    %w = memref.load %wt[%k] : memref<16xi32>
    %p = arith.muli %w, %v : i32
    %a = affine.load %s[0] : memref<1xi32>
    %b = arith.addi %a, %p : i32
    // expected-remark@+1 {{raised to linalg.generic (reduction)}}
    affine.store %b, %s[0] : memref<1xi32>
  }
  return
}
