// RUN: polylift-opt %S/../../../exec/inputs/raise/reductions.mlir --raise-affine-to-linalg --remarks=applied 2>&1 | FileCheck %s
// Sum, product, max and min (via select) reductions, into an output element, a 0-d
// memref, or through iter_args.

// CHECK: remark: raised to linalg.generic (parallel, reduction)
// CHECK-LABEL: func.func @row_max
// CHECK: iterator_types = ["parallel", "reduction"]
// CHECK: arith.maximumf %out, %in
// CHECK-LABEL: func.func @col_min
// CHECK: iterator_types = ["reduction", "parallel"]
// CHECK: %[[LT:.*]] = arith.cmpf olt, %in, %out
// CHECK-NEXT: arith.select %[[LT]], %in, %out
// CHECK-LABEL: func.func @prod
// CHECK: linalg.generic {{.*}}iterator_types = ["reduction"]{{.*}}outs(%arg2 : memref<f64>)
// CHECK: arith.mulf %out, %in
// CHECK-LABEL: func.func @dot
// CHECK: linalg.generic {indexing_maps = [#{{.*}}], iterator_types = []} outs(%arg3 : memref<f64>)
// CHECK-NEXT: ^bb0(%out: f64):
// CHECK-NEXT: linalg.yield %cst
// CHECK: linalg.generic {{.*}}iterator_types = ["reduction"]{{.*}}outs(%arg3 : memref<f64>)
// CHECK: arith.addf %out,
// CHECK-NOT: affine.for
