// RUN: polylift-opt %S/../../../exec/inputs/raise/guarded_reductions.mlir --raise-affine-to-linalg --remarks=all 2>&1 | FileCheck %s
// Guarded reductions (the input is shared with the differential test, which runs both
// forms on the same data): the sum and the count raise to reductions whose payload
// keeps the output where the guard is false; a guard reading the sum, and a
// difference, keep their loops with the reason.

// CHECK: guarded_reductions.mlir:20:3: remark: raised to linalg.generic (reduction)
// CHECK: guarded_reductions.mlir:35:7: remark: raised to linalg.generic (parallel, reduction)
// CHECK: guarded_reductions.mlir:50:3: remark: not raised: loop over loop at 43:8 updates the output with 'arith.select', not a recognised reduction
// CHECK: guarded_reductions.mlir:62:3: remark: not raised: loop over loop at 55:8 updates the output with 'arith.subf', not a recognised reduction

// CHECK-LABEL: func.func @sum_positive
// CHECK: linalg.generic {{.*}}iterator_types = ["reduction"]}
// CHECK-NEXT: ^bb0(%[[X:.*]]: f32, %[[S:.*]]: f32):
// CHECK: %[[POS:.*]] = arith.cmpf ogt, %[[X]], %{{.*}} : f32
// CHECK: %[[SUM:.*]] = arith.addf %[[S]], %[[X]] : f32
// CHECK-NEXT: %[[NEXT:.*]] = arith.select %[[POS]], %[[SUM]], %[[S]] : f32
// CHECK-NEXT: linalg.yield %[[NEXT]] : f32

// CHECK-LABEL: func.func @count_rows
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]}
// CHECK: arith.select %{{.*}}, %out, %{{.*}} : i32

// CHECK-LABEL: func.func @sum_capped
// CHECK: affine.for
// CHECK-LABEL: func.func @diff_positive
// CHECK: affine.for
