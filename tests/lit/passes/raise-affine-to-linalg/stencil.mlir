// RUN: polylift-opt %S/../../../exec/inputs/raise/conv3x3.mlir --raise-affine-to-linalg | FileCheck %s
// RUN: polylift-opt %S/../../../exec/inputs/raise/jacobi2d.mlir --raise-affine-to-linalg | FileCheck %s --check-prefix=JACOBI
// Accesses with constant offsets become shifted views of the same array.

// CHECK-LABEL: func.func @conv_loops
// CHECK: linalg.generic {indexing_maps = [#[[SUM:.*]], #{{.*}}, #{{.*}}], iterator_types = ["parallel", "parallel", "reduction", "reduction"]}
// CHECK-LABEL: func.func @conv_taps
// CHECK-COUNT-9: memref.subview %arg2[{{[0-2]}}, {{[0-2]}}]
// CHECK: memref.subview %arg3[1, 1]
// CHECK: linalg.generic
// CHECK: arith.shrsi

// JACOBI-LABEL: func.func @kernel_jacobi_2d_step
// JACOBI: memref.subview %arg1[1, 1]
// JACOBI: memref.subview %arg1[1, 0]
// JACOBI: memref.subview %arg1[1, 2]
// JACOBI: memref.subview %arg1[2, 1]
// JACOBI: memref.subview %arg1[0, 1]
// JACOBI: linalg.generic {{.*}}iterator_types = ["parallel", "parallel"]
// JACOBI: linalg.generic {{.*}}iterator_types = ["parallel", "parallel"]
