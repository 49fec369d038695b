// RUN: polylift-opt %s --raise-affine-to-linalg | FileCheck %s
// Perfect nests in any loop order keep their dims in source order.

// CHECK-DAG: #[[IK:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-DAG: #[[KJ:.*]] = affine_map<(d0, d1, d2) -> (d1, d2)>
// CHECK-DAG: #[[IJ:.*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-DAG: #[[JI:.*]] = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @ikj
// CHECK-NEXT: linalg.generic {indexing_maps = [#[[IK]], #[[KJ]], #[[IJ]]], iterator_types = ["parallel", "reduction", "parallel"]} ins(%arg0, %arg1 : memref<4x5xf32>, memref<5x6xf32>) outs(%arg2 : memref<4x6xf32>)
// CHECK-NOT: affine.for
func.func @ikj(%A: memref<4x5xf32>, %B: memref<5x6xf32>, %C: memref<4x6xf32>) {
  affine.for %i = 0 to 4 {
    affine.for %k = 0 to 5 {
      affine.for %j = 0 to 6 {
        %a = affine.load %A[%i, %k] : memref<4x5xf32>
        %b = affine.load %B[%k, %j] : memref<5x6xf32>
        %c = affine.load %C[%i, %j] : memref<4x6xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<4x6xf32>
      }
    }
  }
  return
}

// CHECK-LABEL: func.func @elementwise_jk
// CHECK-NEXT: linalg.generic {indexing_maps = [#[[JI]], #[[JI]], #[[JI]]], iterator_types = ["parallel", "parallel"]} ins(%arg0, %arg1 : memref<4x6xf64>, memref<4x6xf64>) outs(%arg2 : memref<4x6xf64>)
// CHECK: arith.subf %in, %in_0
func.func @elementwise_jk(%X: memref<4x6xf64>, %Y: memref<4x6xf64>, %Z: memref<4x6xf64>) {
  affine.for %j = 0 to 6 {
    affine.for %i = 0 to 4 {
      %x = affine.load %X[%i, %j] : memref<4x6xf64>
      %y = affine.load %Y[%i, %j] : memref<4x6xf64>
      %d = arith.subf %x, %y : f64
      affine.store %d, %Z[%i, %j] : memref<4x6xf64>
    }
  }
  return
}

// CHECK-LABEL: func.func @copy
// CHECK-NEXT: linalg.generic {indexing_maps = [#[[ID]], #[[ID]]], iterator_types = ["parallel", "parallel"]} ins(%arg0 : memref<4x6xf64>) outs(%arg1 : memref<4x6xf64>)
// CHECK-NEXT: ^bb0(%in: f64, %out: f64):
// CHECK-NEXT: linalg.yield %in : f64
func.func @copy(%X: memref<4x6xf64>, %Y: memref<4x6xf64>) {
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 6 {
      %x = affine.load %X[%i, %j] : memref<4x6xf64>
      affine.store %x, %Y[%i, %j] : memref<4x6xf64>
    }
  }
  return
}
