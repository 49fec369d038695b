// RUN: polylift-opt %S/../../../exec/inputs/raise/reductions.mlir --raise-affine-to-linalg --remarks=applied 2>&1 | FileCheck %s
// RUN: polylift-opt %S/../../../exec/inputs/raise/narrowing_acc.mlir --raise-affine-to-linalg | FileCheck %s --check-prefix=WIDE
// RUN: polylift-opt %S/../../../exec/inputs/raise/post_reads_output.mlir --raise-affine-to-linalg | FileCheck %s --check-prefix=POST
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

// An i32 accumulator stored as i8 after a shift: the partial sums live in an i32
// temporary indexed by the normalised (i, j) counters, then a third generic narrows them.
// WIDE-LABEL: func.func @matmul_i8
// WIDE: %[[T:.*]] = memref.alloc(%{{.*}}, %{{.*}}) : memref<?x?xi32>
// WIDE: %[[TV:.*]] = memref.subview %[[T]][0, 0] [%{{.*}}, %{{.*}}] [1, 2]
// WIDE: linalg.generic {{.*}}iterator_types = ["parallel", "parallel"]} outs(%[[TV]] :
// WIDE-NEXT: ^bb0(%out: i32):
// WIDE: linalg.yield %c0_i32 : i32
// WIDE: linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "reduction"]} ins({{.*}}) outs(%[[TV]] :
// WIDE: arith.addi %out,
// WIDE: linalg.generic {{.*}}iterator_types = ["parallel", "parallel"]} ins(%[[TV]] : memref<?x?xi32, {{.*}}>) outs(%{{.*}} : memref<?x?xi8,
// WIDE-NEXT: ^bb0(%in: i32, %out: i8):
// WIDE: arith.shrsi %in,
// WIDE-NEXT: arith.trunci
// WIDE: memref.dealloc %[[T]]
// WIDE-LABEL: func.func @row_sum_shift
// WIDE: %[[R:.*]] = memref.alloc() : memref<10xi32>
// WIDE: outs(%[[R]] : memref<10xi32>)
// WIDE: iterator_types = ["parallel", "reduction"]{{.*}}outs(%[[R]] : memref<10xi32>)
// WIDE: ins(%[[R]] : memref<10xi32>) outs(%arg1 : memref<10xi16>)
// WIDE: memref.dealloc %[[R]]
// WIDE-NOT: affine.for

// `C[i][j] += sum`: the sums go to a temporary so that C[i][j] keeps its old value until
// the last generic adds them to it.
// POST-LABEL: func.func @post_reads_output
// POST: %[[T:.*]] = memref.alloc(%[[N:.*]], %[[N]]) : memref<?x?xf32>
// POST: %[[TV:.*]] = memref.subview %[[T]]
// POST: linalg.generic {{.*}} outs(%[[TV]] :
// POST: linalg.yield %cst : f32
// POST: linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "reduction"]} {{.*}} outs(%[[TV]] :
// POST: linalg.generic {{.*}}iterator_types = ["parallel", "parallel"]} ins(%[[TV]] : {{.*}}) outs(%[[C:.*]] :
// POST-NEXT: ^bb0(%in: f32, %out: f32):
// POST-NEXT: arith.addf %out, %in : f32
// POST: memref.dealloc %[[T]]
// POST-NOT: affine.for
