// RUN: polylift-opt %S/../../../exec/inputs/raise/triangle.mlir --raise-affine-to-linalg | FileCheck %s
// RUN: polylift-opt %s --raise-affine-to-linalg --remarks=missed 2>&1 >/dev/null | FileCheck %s --check-prefix=MISSED
// A triangular loop becomes a box over its extreme bounds; the payload keeps the
// output element outside the triangle (a select on the loop counters).

// CHECK-LABEL: func.func @syrk_lower
// CHECK: %[[N:.*]] = affine.max #{{.*}}(%arg0)
// CHECK: %[[C:.*]] = memref.subview %arg4[0, 0] [%[[N]], %[[N]]] [1, 1]
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "parallel"]{{.*}}outs(%[[C]]
// CHECK-NEXT: ^bb0(%[[OUT:.*]]: f64):
// CHECK-NEXT: %[[NEW:.*]] = arith.mulf %[[OUT]], %arg3 : f64
// CHECK-NEXT: %[[J:.*]] = linalg.index 1 : index
// CHECK-NEXT: %[[I:.*]] = linalg.index 0 : index
// CHECK-NEXT: %[[I1:.*]] = affine.apply #{{.*}}(%[[I]])
// CHECK-NEXT: %[[IN:.*]] = arith.cmpi slt, %[[J]], %[[I1]] : index
// CHECK-NEXT: %[[R:.*]] = arith.select %[[IN]], %[[NEW]], %[[OUT]] : f64
// CHECK-NEXT: linalg.yield %[[R]] : f64
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "reduction", "parallel"]
// CHECK: arith.addf
// CHECK: linalg.index 2 : index
// CHECK: arith.cmpi slt
// CHECK: arith.select
// CHECK-LABEL: func.func @upper_from_diagonal
// CHECK: linalg.generic
// CHECK: arith.cmpi sge
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "reduction"]
// CHECK: arith.cmpi sge
// CHECK-LABEL: func.func @shrinking_rows
// CHECK: memref.subview %arg2[1, 2] [8, 9] [1, 1]
// CHECK: arith.cmpi slt

// Row i = 0 of `j < i` is empty: the box would touch row 0, which the loops never do.
// MISSED: triangle.mlir:[[# @LINE + 3]]:5: remark: not raised: loop at [[# @LINE + 3]]:5 runs over a triangle with rows that may be empty
func.func @strict_lower(%n: index, %C: memref<?x?xf64>) {
  affine.for %i = 0 to %n {
    affine.for %j = 0 to affine_map<(d0) -> (d0)>(%i) {
      %0 = affine.load %C[%i, %j] : memref<?x?xf64>
      %1 = arith.addf %0, %0 : f64
      affine.store %1, %C[%i, %j] : memref<?x?xf64>
    }
  }
  return
}

// A subscript that adds both counters reaches elements the triangle never touches.
// MISSED: triangle.mlir:[[# @LINE + 4]]:12: remark: not raised: a subscript combines loop at [[# @LINE + 2]]:3 and the triangular loop at [[# @LINE + 3]]:5
func.func @combined_subscript(%n: index, %x: memref<?xf64>, %C: memref<?x?xf64>) {
  affine.for %i = 0 to %n {
    affine.for %j = 0 to affine_map<(d0) -> (d0 + 1)>(%i) {
      %0 = affine.load %x[%i + %j] : memref<?xf64>
      affine.store %0, %C[%i, %j] : memref<?x?xf64>
    }
  }
  return
}

// A bound that moves by two per row leaves holes between the rows' ranges.
// MISSED: triangle.mlir:[[# @LINE + 3]]:5: remark: not raised: loop at [[# @LINE + 3]]:5 runs over a triangle (a bound moves by more than one per iteration of loop at [[# @LINE + 2]]:3)
func.func @steep(%n: index, %C: memref<?x?xf64>) {
  affine.for %i = 0 to %n {
    affine.for %j = 0 to affine_map<(d0) -> (d0 * 2 + 1)>(%i) {
      %0 = arith.constant 1.0 : f64
      affine.store %0, %C[%i, %j] : memref<?x?xf64>
    }
  }
  return
}

// Steps other than 1 would make the mask depend on the row's first element.
// MISSED: triangle.mlir:[[# @LINE + 3]]:5: remark: not raised: loop at [[# @LINE + 3]]:5 runs over a triangle (a step other than 1)
func.func @stepped(%n: index, %C: memref<?x?xf64>) {
  affine.for %i = 0 to %n {
    affine.for %j = 0 to affine_map<(d0) -> (d0 + 1)>(%i) step 2 {
      %0 = arith.constant 1.0 : f64
      affine.store %0, %C[%i, %j] : memref<?x?xf64>
    }
  }
  return
}

// A tetrahedron: the second triangle's bound follows the first's counter.
// MISSED: triangle.mlir:[[# @LINE + 4]]:7: remark: not raised: bounds of loop at [[# @LINE + 4]]:7 make a second triangle or depend on several counters of the nest
func.func @tetrahedron(%n: index, %C: memref<?x?x?xf64>) {
  affine.for %i = 0 to %n {
    affine.for %j = 0 to affine_map<(d0) -> (d0 + 1)>(%i) {
      affine.for %k = 0 to affine_map<(d0) -> (d0 + 1)>(%j) {
        %0 = arith.constant 1.0 : f64
        affine.store %0, %C[%i, %j, %k] : memref<?x?x?xf64>
      }
    }
  }
  return
}
