// RUN: polylift-opt %S/../../../exec/inputs/raise/bounds.mlir --raise-affine-to-linalg | FileCheck %s
// Non-zero lower bounds and steps go into subview offsets and strides; a decreasing
// parallel loop is reversed; transposes, broadcasts, fills and copies are generics.

// CHECK-LABEL: func.func @strided_copy
// CHECK: %[[T:.*]] = affine.max #{{.*}}(%arg0)
// CHECK: memref.subview %arg1[1] [%[[T]]] [3]
// CHECK: memref.subview %arg2[2] [%[[T]]] [3]
// CHECK: linalg.generic
// CHECK-LABEL: func.func @reverse
// CHECK: %[[T:.*]] = affine.max
// CHECK: %[[OFF:.*]] = affine.apply #{{.*}}(%arg0, %[[T]])
// CHECK: memref.subview %arg1[%[[OFF]]] [%[[T]]] [1]
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel"]
// CHECK: arith.negf
// CHECK-LABEL: func.func @transpose
// CHECK: linalg.generic {indexing_maps = [#[[TR:.*]], #[[ID:.*]]], iterator_types = ["parallel", "parallel"]}
// CHECK-LABEL: func.func @broadcast_index
// CHECK: linalg.generic
// CHECK: %[[I:.*]] = linalg.index 0 : index
// CHECK-NEXT: arith.index_cast %[[I]] : index to i32
// CHECK-LABEL: func.func @fill
// CHECK: memref.subview %arg1[1]
// CHECK: linalg.generic {{.*}}outs(
// CHECK-NEXT: ^bb0(%out: f32):
// CHECK-NEXT: linalg.yield %cst
