// RUN: polylift-opt %s --split-input-file --match-kernels | FileCheck %s
// RUN: polylift-opt %s --split-input-file --match-kernels --remarks=applied 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK

// Raised IR of the bundled benchmarks (polylift-cc -DMINI_DATASET, then
// --raise-affine-to-linalg), matched against the blas2 templates.
// atax: y fill, then tmp = 0 + A.x (gemv, beta = 0, alpha = 1), then y += A^T.tmp
// CHECK-LABEL: func.func @kernel_atax(
// CHECK-SAME: %[[M:[a-z0-9_-]+]]: index, %[[N:[a-z0-9_-]+]]: index, %[[A:[a-z0-9_-]+]]: memref<?x?xf64>, %[[X:[a-z0-9_-]+]]: memref<?xf64>, %[[Y:[a-z0-9_-]+]]: memref<?xf64>, %[[TMP:[a-z0-9_-]+]]: memref<?xf64>)
// CHECK-NOT: linalg.generic
// CHECK: %[[SY:[a-z0-9_-]+]] = memref.subview %[[Y]][0] [%{{[a-z0-9_-]+}}] [1]
// CHECK-NEXT: %[[ZERO:[a-z0-9_-]+]] = arith.constant 0.000000e+00 : f64
// CHECK: "kernel.launch"(%[[SY]], %[[ZERO]]) {{{.*}}callee = @fill_f64, {{.*}}source_order_matches = true, template = "blas.fill"
// CHECK: %[[STMP:[a-z0-9_-]+]] = memref.subview %[[TMP]][0] [%{{[a-z0-9_-]+}}] [1]
// CHECK-NEXT: %[[SA:[a-z0-9_-]+]] = memref.subview %[[A]][0, 0] [%{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}] [1, 1]
// CHECK-NEXT: %[[SX:[a-z0-9_-]+]] = memref.subview %[[X]][0] [%{{[a-z0-9_-]+}}] [1]
// CHECK-NEXT: %[[ONE:[a-z0-9_-]+]] = arith.constant 1.000000e+00 : f64
// CHECK-NEXT: %[[ZERO:[a-z0-9_-]+]] = arith.constant 0.000000e+00 : f64
// CHECK: "kernel.launch"(%[[STMP]], %[[SA]], %[[SX]], %[[ONE]], %[[ZERO]]) {{{.*}}callee = @gemv_f64, {{.*}}source_order_matches = true, template = "blas.gemv_zero1"
// CHECK-NEXT: %[[SY:[a-z0-9_-]+]] = memref.subview %[[Y]][0] [%{{[a-z0-9_-]+}}] [1]
// CHECK-NEXT: %[[ONE:[a-z0-9_-]+]] = arith.constant 1.000000e+00 : f64
// CHECK: "kernel.launch"(%[[SY]], %[[SA]], %[[STMP]], %[[ONE]]) {{{.*}}callee = @gemv_t_acc_f64, {{.*}}source_order_matches = true, template = "blas.gemv_t_acc1"
// REMARK: remark: matched blas.fill (1 op) -> @fill_f64
// REMARK: remark: matched blas.gemv_zero1 (2 ops) -> @gemv_f64
// REMARK: remark: matched blas.gemv_t_acc1 (1 op) -> @gemv_t_acc_f64
#map = affine_map<(d0) -> (0, d0)>
#map1 = affine_map<(d0) -> (d0)>
#map2 = affine_map<(d0, d1) -> (d0, d1)>
#map3 = affine_map<(d0, d1) -> (d1)>
#map4 = affine_map<(d0, d1) -> (d0)>
module {
  func.func @kernel_atax(%arg0: index, %arg1: index, %arg2: memref<?x?xf64>, %arg3: memref<?xf64>, %arg4: memref<?xf64>, %arg5: memref<?xf64>) {
    %0 = affine.max #map(%arg1)
    %subview = memref.subview %arg4[0] [%0] [1] : memref<?xf64> to memref<?xf64, strided<[1]>>
    linalg.generic {indexing_maps = [#map1], iterator_types = ["parallel"]} outs(%subview : memref<?xf64, strided<[1]>>) {
    ^bb0(%out: f64):
      %cst = arith.constant 0.000000e+00 : f64
      linalg.yield %cst : f64
    }
    %1 = affine.max #map(%arg0)
    %2 = affine.max #map(%arg1)
    %subview_0 = memref.subview %arg5[0] [%1] [1] : memref<?xf64> to memref<?xf64, strided<[1]>>
    linalg.generic {indexing_maps = [#map1], iterator_types = ["parallel"]} outs(%subview_0 : memref<?xf64, strided<[1]>>) {
    ^bb0(%out: f64):
      %cst = arith.constant 0.000000e+00 : f64
      linalg.yield %cst : f64
    }
    %subview_1 = memref.subview %arg2[0, 0] [%1, %2] [1, 1] : memref<?x?xf64> to memref<?x?xf64, strided<[?, 1]>>
    %subview_2 = memref.subview %arg3[0] [%2] [1] : memref<?xf64> to memref<?xf64, strided<[1]>>
    linalg.generic {indexing_maps = [#map2, #map3, #map4], iterator_types = ["parallel", "reduction"]} ins(%subview_1, %subview_2 : memref<?x?xf64, strided<[?, 1]>>, memref<?xf64, strided<[1]>>) outs(%subview_0 : memref<?xf64, strided<[1]>>) {
    ^bb0(%in: f64, %in_4: f64, %out: f64):
      %3 = arith.mulf %in, %in_4 : f64
      %4 = arith.addf %out, %3 : f64
      linalg.yield %4 : f64
    }
    %subview_3 = memref.subview %arg4[0] [%2] [1] : memref<?xf64> to memref<?xf64, strided<[1]>>
    linalg.generic {indexing_maps = [#map2, #map4, #map3], iterator_types = ["reduction", "parallel"]} ins(%subview_1, %subview_0 : memref<?x?xf64, strided<[?, 1]>>, memref<?xf64, strided<[1]>>) outs(%subview_3 : memref<?xf64, strided<[1]>>) {
    ^bb0(%in: f64, %in_4: f64, %out: f64):
      %3 = arith.mulf %in, %in_4 : f64
      %4 = arith.addf %out, %3 : f64
      linalg.yield %4 : f64
    }
    return
  }
}

// -----

// bicg: two fills, s += A^T.r and q += A.p (alpha = 1)
// CHECK-LABEL: func.func @kernel_bicg(
// CHECK-SAME: %[[M:[a-z0-9_-]+]]: index, %[[N:[a-z0-9_-]+]]: index, %[[A:[a-z0-9_-]+]]: memref<?x?xf64>, %[[S:[a-z0-9_-]+]]: memref<?xf64>, %[[Q:[a-z0-9_-]+]]: memref<?xf64>, %[[P:[a-z0-9_-]+]]: memref<?xf64>, %[[R:[a-z0-9_-]+]]: memref<?xf64>)
// CHECK-NOT: linalg.generic
// CHECK: %[[SS:[a-z0-9_-]+]] = memref.subview %[[S]][0] [%{{[a-z0-9_-]+}}] [1]
// CHECK-NEXT: %[[ZERO:[a-z0-9_-]+]] = arith.constant 0.000000e+00 : f64
// CHECK: "kernel.launch"(%[[SS]], %[[ZERO]]) {{{.*}}callee = @fill_f64, {{.*}}source_order_matches = true, template = "blas.fill"
// CHECK: %[[SQ:[a-z0-9_-]+]] = memref.subview %[[Q]][0] [%{{[a-z0-9_-]+}}] [1]
// CHECK-NEXT: %[[ZERO:[a-z0-9_-]+]] = arith.constant 0.000000e+00 : f64
// CHECK: "kernel.launch"(%[[SQ]], %[[ZERO]]) {{{.*}}callee = @fill_f64, {{.*}}source_order_matches = true, template = "blas.fill"
// CHECK-NEXT: %[[SR:[a-z0-9_-]+]] = memref.subview %[[R]][0] [%{{[a-z0-9_-]+}}] [1]
// CHECK-NEXT: %[[SA:[a-z0-9_-]+]] = memref.subview %[[A]][0, 0] [%{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}] [1, 1]
// CHECK-NEXT: %[[SS:[a-z0-9_-]+]] = memref.subview %[[S]][0] [%{{[a-z0-9_-]+}}] [1]
// CHECK-NEXT: %[[ONE:[a-z0-9_-]+]] = arith.constant 1.000000e+00 : f64
// CHECK: "kernel.launch"(%[[SS]], %[[SA]], %[[SR]], %[[ONE]]) {{{.*}}callee = @gemv_t_acc_f64, {{.*}}source_order_matches = true, template = "blas.gemv_t_acc1"
// CHECK-NEXT: %[[SP:[a-z0-9_-]+]] = memref.subview %[[P]][0] [%{{[a-z0-9_-]+}}] [1]
// CHECK-NEXT: %[[ONE:[a-z0-9_-]+]] = arith.constant 1.000000e+00 : f64
// CHECK: "kernel.launch"(%[[SQ]], %[[SA]], %[[SP]], %[[ONE]]) {{{.*}}callee = @gemv_acc_f64, {{.*}}source_order_matches = true, template = "blas.gemv_acc1"
// REMARK: remark: matched blas.fill (1 op) -> @fill_f64
// REMARK: remark: matched blas.fill (1 op) -> @fill_f64
// REMARK: remark: matched blas.gemv_t_acc1 (1 op) -> @gemv_t_acc_f64
// REMARK: remark: matched blas.gemv_acc1 (1 op) -> @gemv_acc_f64
#map = affine_map<(d0) -> (0, d0)>
#map1 = affine_map<(d0) -> (d0)>
#map2 = affine_map<(d0, d1) -> (d0)>
#map3 = affine_map<(d0, d1) -> (d0, d1)>
#map4 = affine_map<(d0, d1) -> (d1)>
module {
  func.func @kernel_bicg(%arg0: index, %arg1: index, %arg2: memref<?x?xf64>, %arg3: memref<?xf64>, %arg4: memref<?xf64>, %arg5: memref<?xf64>, %arg6: memref<?xf64>) {
    %0 = affine.max #map(%arg0)
    %subview = memref.subview %arg3[0] [%0] [1] : memref<?xf64> to memref<?xf64, strided<[1]>>
    linalg.generic {indexing_maps = [#map1], iterator_types = ["parallel"]} outs(%subview : memref<?xf64, strided<[1]>>) {
    ^bb0(%out: f64):
      %cst = arith.constant 0.000000e+00 : f64
      linalg.yield %cst : f64
    }
    %1 = affine.max #map(%arg1)
    %2 = affine.max #map(%arg0)
    %subview_0 = memref.subview %arg4[0] [%1] [1] : memref<?xf64> to memref<?xf64, strided<[1]>>
    linalg.generic {indexing_maps = [#map1], iterator_types = ["parallel"]} outs(%subview_0 : memref<?xf64, strided<[1]>>) {
    ^bb0(%out: f64):
      %cst = arith.constant 0.000000e+00 : f64
      linalg.yield %cst : f64
    }
    %subview_1 = memref.subview %arg6[0] [%1] [1] : memref<?xf64> to memref<?xf64, strided<[1]>>
    %subview_2 = memref.subview %arg2[0, 0] [%1, %2] [1, 1] : memref<?x?xf64> to memref<?x?xf64, strided<[?, 1]>>
    %subview_3 = memref.subview %arg3[0] [%2] [1] : memref<?xf64> to memref<?xf64, strided<[1]>>
    linalg.generic {indexing_maps = [#map2, #map3, #map4], iterator_types = ["reduction", "parallel"]} ins(%subview_1, %subview_2 : memref<?xf64, strided<[1]>>, memref<?x?xf64, strided<[?, 1]>>) outs(%subview_3 : memref<?xf64, strided<[1]>>) {
    ^bb0(%in: f64, %in_5: f64, %out: f64):
      %3 = arith.mulf %in, %in_5 : f64
      %4 = arith.addf %out, %3 : f64
      linalg.yield %4 : f64
    }
    %subview_4 = memref.subview %arg5[0] [%2] [1] : memref<?xf64> to memref<?xf64, strided<[1]>>
    linalg.generic {indexing_maps = [#map3, #map4, #map2], iterator_types = ["parallel", "reduction"]} ins(%subview_2, %subview_4 : memref<?x?xf64, strided<[?, 1]>>, memref<?xf64, strided<[1]>>) outs(%subview_0 : memref<?xf64, strided<[1]>>) {
    ^bb0(%in: f64, %in_5: f64, %out: f64):
      %3 = arith.mulf %in, %in_5 : f64
      %4 = arith.addf %out, %3 : f64
      linalg.yield %4 : f64
    }
    return
  }
}

// -----

// mvt: x1 += A.y1 and x2 += A^T.y2 (alpha = 1)
// CHECK-LABEL: func.func @kernel_mvt(
// CHECK-SAME: %[[N:[a-z0-9_-]+]]: index, %[[X1:[a-z0-9_-]+]]: memref<?xf64>, %[[X2:[a-z0-9_-]+]]: memref<?xf64>, %[[Y_1:[a-z0-9_-]+]]: memref<?xf64>, %[[Y_2:[a-z0-9_-]+]]: memref<?xf64>, %[[A:[a-z0-9_-]+]]: memref<?x?xf64>)
// CHECK-NOT: linalg.generic
// CHECK: %[[SA:[a-z0-9_-]+]] = memref.subview %[[A]][0, 0] [%{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}] [1, 1]
// CHECK-NEXT: %[[SY_1:[a-z0-9_-]+]] = memref.subview %[[Y_1]][0] [%{{[a-z0-9_-]+}}] [1]
// CHECK-NEXT: %[[SX1:[a-z0-9_-]+]] = memref.subview %[[X1]][0] [%{{[a-z0-9_-]+}}] [1]
// CHECK-NEXT: %[[ONE:[a-z0-9_-]+]] = arith.constant 1.000000e+00 : f64
// CHECK: "kernel.launch"(%[[SX1]], %[[SA]], %[[SY_1]], %[[ONE]]) {{{.*}}callee = @gemv_acc_f64, {{.*}}source_order_matches = true, template = "blas.gemv_acc1"
// CHECK: %[[SA:[a-z0-9_-]+]] = memref.subview %[[A]][0, 0] [%{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}] [1, 1]
// CHECK-NEXT: %[[SY_2:[a-z0-9_-]+]] = memref.subview %[[Y_2]][0] [%{{[a-z0-9_-]+}}] [1]
// CHECK-NEXT: %[[SX2:[a-z0-9_-]+]] = memref.subview %[[X2]][0] [%{{[a-z0-9_-]+}}] [1]
// CHECK-NEXT: %[[ONE:[a-z0-9_-]+]] = arith.constant 1.000000e+00 : f64
// CHECK: "kernel.launch"(%[[SX2]], %[[SA]], %[[SY_2]], %[[ONE]]) {{{.*}}callee = @gemv_t_acc_f64, {{.*}}source_order_matches = true, template = "blas.gemv_t_acc1"
// REMARK: remark: matched blas.gemv_acc1 (1 op) -> @gemv_acc_f64
// REMARK: remark: matched blas.gemv_t_acc1 (1 op) -> @gemv_t_acc_f64
#map = affine_map<(d0) -> (0, d0)>
#map1 = affine_map<(d0, d1) -> (d0, d1)>
#map2 = affine_map<(d0, d1) -> (d1)>
#map3 = affine_map<(d0, d1) -> (d0)>
#map4 = affine_map<(d0, d1) -> (d1, d0)>
module {
  func.func @kernel_mvt(%arg0: index, %arg1: memref<?xf64>, %arg2: memref<?xf64>, %arg3: memref<?xf64>, %arg4: memref<?xf64>, %arg5: memref<?x?xf64>) {
    %0 = affine.max #map(%arg0)
    %subview = memref.subview %arg5[0, 0] [%0, %0] [1, 1] : memref<?x?xf64> to memref<?x?xf64, strided<[?, 1]>>
    %subview_0 = memref.subview %arg3[0] [%0] [1] : memref<?xf64> to memref<?xf64, strided<[1]>>
    %subview_1 = memref.subview %arg1[0] [%0] [1] : memref<?xf64> to memref<?xf64, strided<[1]>>
    linalg.generic {indexing_maps = [#map1, #map2, #map3], iterator_types = ["parallel", "reduction"]} ins(%subview, %subview_0 : memref<?x?xf64, strided<[?, 1]>>, memref<?xf64, strided<[1]>>) outs(%subview_1 : memref<?xf64, strided<[1]>>) {
    ^bb0(%in: f64, %in_5: f64, %out: f64):
      %2 = arith.mulf %in, %in_5 : f64
      %3 = arith.addf %out, %2 : f64
      linalg.yield %3 : f64
    }
    %1 = affine.max #map(%arg0)
    %subview_2 = memref.subview %arg5[0, 0] [%1, %1] [1, 1] : memref<?x?xf64> to memref<?x?xf64, strided<[?, 1]>>
    %subview_3 = memref.subview %arg4[0] [%1] [1] : memref<?xf64> to memref<?xf64, strided<[1]>>
    %subview_4 = memref.subview %arg2[0] [%1] [1] : memref<?xf64> to memref<?xf64, strided<[1]>>
    linalg.generic {indexing_maps = [#map4, #map2, #map3], iterator_types = ["parallel", "reduction"]} ins(%subview_2, %subview_3 : memref<?x?xf64, strided<[?, 1]>>, memref<?xf64, strided<[1]>>) outs(%subview_4 : memref<?xf64, strided<[1]>>) {
    ^bb0(%in: f64, %in_5: f64, %out: f64):
      %2 = arith.mulf %in, %in_5 : f64
      %3 = arith.addf %out, %2 : f64
      linalg.yield %3 : f64
    }
    return
  }
}

// -----

// gesummv: fills, two gemv accumulations, then y = alpha*tmp + beta*y
// CHECK-LABEL: func.func @kernel_gesummv(
// CHECK-SAME: %[[N:[a-z0-9_-]+]]: index, %[[ALPHA:[a-z0-9_-]+]]: f64, %[[BETA:[a-z0-9_-]+]]: f64, %[[A:[a-z0-9_-]+]]: memref<?x?xf64>, %[[B:[a-z0-9_-]+]]: memref<?x?xf64>, %[[TMP:[a-z0-9_-]+]]: memref<?xf64>, %[[X:[a-z0-9_-]+]]: memref<?xf64>, %[[Y:[a-z0-9_-]+]]: memref<?xf64>)
// CHECK-NOT: linalg.generic
// CHECK: %[[STMP:[a-z0-9_-]+]] = memref.subview %[[TMP]][0] [%{{[a-z0-9_-]+}}] [1]
// CHECK-NEXT: %[[ZERO:[a-z0-9_-]+]] = arith.constant 0.000000e+00 : f64
// CHECK: "kernel.launch"(%[[STMP]], %[[ZERO]]) {{{.*}}callee = @fill_f64, {{.*}}source_order_matches = true, template = "blas.fill"
// CHECK-NEXT: %[[SY:[a-z0-9_-]+]] = memref.subview %[[Y]][0] [%{{[a-z0-9_-]+}}] [1]
// CHECK-NEXT: %[[ZERO:[a-z0-9_-]+]] = arith.constant 0.000000e+00 : f64
// CHECK: "kernel.launch"(%[[SY]], %[[ZERO]]) {{{.*}}callee = @fill_f64, {{.*}}source_order_matches = true, template = "blas.fill"
// CHECK-NEXT: %[[SA:[a-z0-9_-]+]] = memref.subview %[[A]][0, 0] [%{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}] [1, 1]
// CHECK-NEXT: %[[SX:[a-z0-9_-]+]] = memref.subview %[[X]][0] [%{{[a-z0-9_-]+}}] [1]
// CHECK-NEXT: %[[ONE:[a-z0-9_-]+]] = arith.constant 1.000000e+00 : f64
// CHECK: "kernel.launch"(%[[STMP]], %[[SA]], %[[SX]], %[[ONE]]) {{{.*}}callee = @gemv_acc_f64, {{.*}}source_order_matches = true, template = "blas.gemv_acc1"
// CHECK-NEXT: %[[SB:[a-z0-9_-]+]] = memref.subview %[[B]][0, 0] [%{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}] [1, 1]
// CHECK-NEXT: %[[ONE:[a-z0-9_-]+]] = arith.constant 1.000000e+00 : f64
// CHECK: "kernel.launch"(%[[SY]], %[[SB]], %[[SX]], %[[ONE]]) {{{.*}}callee = @gemv_acc_f64, {{.*}}source_order_matches = true, template = "blas.gemv_acc1"
// CHECK: "kernel.launch"(%[[SY]], %[[STMP]], %[[ALPHA]], %[[BETA]]) {{{.*}}callee = @axpby_f64, {{.*}}source_order_matches = true, template = "blas.axpby"
// REMARK: remark: matched blas.fill (1 op) -> @fill_f64
// REMARK: remark: matched blas.fill (1 op) -> @fill_f64
// REMARK: remark: matched blas.gemv_acc1 (1 op) -> @gemv_acc_f64
// REMARK: remark: matched blas.gemv_acc1 (1 op) -> @gemv_acc_f64
// REMARK: remark: matched blas.axpby (1 op) -> @axpby_f64
#map = affine_map<(d0) -> (0, d0)>
#map1 = affine_map<(d0) -> (d0)>
#map2 = affine_map<(d0, d1) -> (d0, d1)>
#map3 = affine_map<(d0, d1) -> (d1)>
#map4 = affine_map<(d0, d1) -> (d0)>
module {
  func.func @kernel_gesummv(%arg0: index, %arg1: f64, %arg2: f64, %arg3: memref<?x?xf64>, %arg4: memref<?x?xf64>, %arg5: memref<?xf64>, %arg6: memref<?xf64>, %arg7: memref<?xf64>) {
    %0 = affine.max #map(%arg0)
    %subview = memref.subview %arg5[0] [%0] [1] : memref<?xf64> to memref<?xf64, strided<[1]>>
    linalg.generic {indexing_maps = [#map1], iterator_types = ["parallel"]} outs(%subview : memref<?xf64, strided<[1]>>) {
    ^bb0(%out: f64):
      %cst = arith.constant 0.000000e+00 : f64
      linalg.yield %cst : f64
    }
    %subview_0 = memref.subview %arg7[0] [%0] [1] : memref<?xf64> to memref<?xf64, strided<[1]>>
    linalg.generic {indexing_maps = [#map1], iterator_types = ["parallel"]} outs(%subview_0 : memref<?xf64, strided<[1]>>) {
    ^bb0(%out: f64):
      %cst = arith.constant 0.000000e+00 : f64
      linalg.yield %cst : f64
    }
    %subview_1 = memref.subview %arg3[0, 0] [%0, %0] [1, 1] : memref<?x?xf64> to memref<?x?xf64, strided<[?, 1]>>
    %subview_2 = memref.subview %arg6[0] [%0] [1] : memref<?xf64> to memref<?xf64, strided<[1]>>
    linalg.generic {indexing_maps = [#map2, #map3, #map4], iterator_types = ["parallel", "reduction"]} ins(%subview_1, %subview_2 : memref<?x?xf64, strided<[?, 1]>>, memref<?xf64, strided<[1]>>) outs(%subview : memref<?xf64, strided<[1]>>) {
    ^bb0(%in: f64, %in_4: f64, %out: f64):
      %1 = arith.mulf %in, %in_4 : f64
      %2 = arith.addf %1, %out : f64
      linalg.yield %2 : f64
    }
    %subview_3 = memref.subview %arg4[0, 0] [%0, %0] [1, 1] : memref<?x?xf64> to memref<?x?xf64, strided<[?, 1]>>
    linalg.generic {indexing_maps = [#map2, #map3, #map4], iterator_types = ["parallel", "reduction"]} ins(%subview_3, %subview_2 : memref<?x?xf64, strided<[?, 1]>>, memref<?xf64, strided<[1]>>) outs(%subview_0 : memref<?xf64, strided<[1]>>) {
    ^bb0(%in: f64, %in_4: f64, %out: f64):
      %1 = arith.mulf %in, %in_4 : f64
      %2 = arith.addf %1, %out : f64
      linalg.yield %2 : f64
    }
    linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%subview : memref<?xf64, strided<[1]>>) outs(%subview_0 : memref<?xf64, strided<[1]>>) {
    ^bb0(%in: f64, %out: f64):
      %1 = arith.mulf %arg1, %in : f64
      %2 = arith.mulf %arg2, %out : f64
      %3 = arith.addf %1, %2 : f64
      linalg.yield %3 : f64
    }
    return
  }
}

// -----

// gemver: rank-2 update, x += beta*A^T.y, x += z, w += alpha*A.x
// CHECK-LABEL: func.func @kernel_gemver(
// CHECK-SAME: %[[N:[a-z0-9_-]+]]: index, %[[ALPHA:[a-z0-9_-]+]]: f64, %[[BETA:[a-z0-9_-]+]]: f64, %[[A:[a-z0-9_-]+]]: memref<?x?xf64>, %[[U1:[a-z0-9_-]+]]: memref<?xf64>, %[[V1:[a-z0-9_-]+]]: memref<?xf64>, %[[U2:[a-z0-9_-]+]]: memref<?xf64>, %[[V2:[a-z0-9_-]+]]: memref<?xf64>, %[[W:[a-z0-9_-]+]]: memref<?xf64>, %[[X:[a-z0-9_-]+]]: memref<?xf64>, %[[Y:[a-z0-9_-]+]]: memref<?xf64>, %[[Z:[a-z0-9_-]+]]: memref<?xf64>)
// CHECK-NOT: linalg.generic
// CHECK: %[[SU1:[a-z0-9_-]+]] = memref.subview %[[U1]][0] [%{{[a-z0-9_-]+}}] [1]
// CHECK-NEXT: %[[SV1:[a-z0-9_-]+]] = memref.subview %[[V1]][0] [%{{[a-z0-9_-]+}}] [1]
// CHECK-NEXT: %[[SU2:[a-z0-9_-]+]] = memref.subview %[[U2]][0] [%{{[a-z0-9_-]+}}] [1]
// CHECK-NEXT: %[[SV2:[a-z0-9_-]+]] = memref.subview %[[V2]][0] [%{{[a-z0-9_-]+}}] [1]
// CHECK-NEXT: %[[SA:[a-z0-9_-]+]] = memref.subview %[[A]][0, 0] [%{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}] [1, 1]
// CHECK: "kernel.launch"(%[[SA]], %[[SU1]], %[[SV1]], %[[SU2]], %[[SV2]]) {{{.*}}callee = @ger2_f64, {{.*}}source_order_matches = true, template = "blas.ger2"
// CHECK: %[[SA:[a-z0-9_-]+]] = memref.subview %[[A]][0, 0] [%{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}] [1, 1]
// CHECK-NEXT: %[[SY:[a-z0-9_-]+]] = memref.subview %[[Y]][0] [%{{[a-z0-9_-]+}}] [1]
// CHECK-NEXT: %[[SX:[a-z0-9_-]+]] = memref.subview %[[X]][0] [%{{[a-z0-9_-]+}}] [1]
// CHECK: "kernel.launch"(%[[SX]], %[[SA]], %[[SY]], %[[BETA]]) {{{.*}}callee = @gemv_t_acc_f64, {{.*}}source_order_matches = false, template = "blas.gemv_t_acc"
// CHECK: %[[SZ:[a-z0-9_-]+]] = memref.subview %[[Z]][0] [%{{[a-z0-9_-]+}}] [1]
// CHECK-NEXT: %[[SX:[a-z0-9_-]+]] = memref.subview %[[X]][0] [%{{[a-z0-9_-]+}}] [1]
// CHECK-NEXT: %[[ONE:[a-z0-9_-]+]] = arith.constant 1.000000e+00 : f64
// CHECK: "kernel.launch"(%[[SX]], %[[SZ]], %[[ONE]]) {{{.*}}callee = @axpy_f64, {{.*}}source_order_matches = true, template = "blas.axpy1"
// CHECK: %[[SA:[a-z0-9_-]+]] = memref.subview %[[A]][0, 0] [%{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}] [1, 1]
// CHECK-NEXT: %[[SX:[a-z0-9_-]+]] = memref.subview %[[X]][0] [%{{[a-z0-9_-]+}}] [1]
// CHECK-NEXT: %[[SW:[a-z0-9_-]+]] = memref.subview %[[W]][0] [%{{[a-z0-9_-]+}}] [1]
// CHECK: "kernel.launch"(%[[SW]], %[[SA]], %[[SX]], %[[ALPHA]]) {{{.*}}callee = @gemv_acc_f64, {{.*}}source_order_matches = false, template = "blas.gemv_acc"
// REMARK: remark: matched blas.ger2 (1 op) -> @ger2_f64
// REMARK: remark: matched blas.gemv_t_acc (1 op) -> @gemv_t_acc_f64
// REMARK: remark: matched blas.axpy1 (1 op) -> @axpy_f64
// REMARK: remark: matched blas.gemv_acc (1 op) -> @gemv_acc_f64
#map = affine_map<(d0) -> (0, d0)>
#map1 = affine_map<(d0, d1) -> (d0)>
#map2 = affine_map<(d0, d1) -> (d1)>
#map3 = affine_map<(d0, d1) -> (d0, d1)>
#map4 = affine_map<(d0, d1) -> (d1, d0)>
#map5 = affine_map<(d0) -> (d0)>
module {
  func.func @kernel_gemver(%arg0: index, %arg1: f64, %arg2: f64, %arg3: memref<?x?xf64>, %arg4: memref<?xf64>, %arg5: memref<?xf64>, %arg6: memref<?xf64>, %arg7: memref<?xf64>, %arg8: memref<?xf64>, %arg9: memref<?xf64>, %arg10: memref<?xf64>, %arg11: memref<?xf64>) {
    %0 = affine.max #map(%arg0)
    %subview = memref.subview %arg4[0] [%0] [1] : memref<?xf64> to memref<?xf64, strided<[1]>>
    %subview_0 = memref.subview %arg5[0] [%0] [1] : memref<?xf64> to memref<?xf64, strided<[1]>>
    %subview_1 = memref.subview %arg6[0] [%0] [1] : memref<?xf64> to memref<?xf64, strided<[1]>>
    %subview_2 = memref.subview %arg7[0] [%0] [1] : memref<?xf64> to memref<?xf64, strided<[1]>>
    %subview_3 = memref.subview %arg3[0, 0] [%0, %0] [1, 1] : memref<?x?xf64> to memref<?x?xf64, strided<[?, 1]>>
    linalg.generic {indexing_maps = [#map1, #map2, #map1, #map2, #map3], iterator_types = ["parallel", "parallel"]} ins(%subview, %subview_0, %subview_1, %subview_2 : memref<?xf64, strided<[1]>>, memref<?xf64, strided<[1]>>, memref<?xf64, strided<[1]>>, memref<?xf64, strided<[1]>>) outs(%subview_3 : memref<?x?xf64, strided<[?, 1]>>) {
    ^bb0(%in: f64, %in_12: f64, %in_13: f64, %in_14: f64, %out: f64):
      %4 = arith.mulf %in, %in_12 : f64
      %5 = arith.addf %out, %4 : f64
      %6 = arith.mulf %in_13, %in_14 : f64
      %7 = arith.addf %5, %6 : f64
      linalg.yield %7 : f64
    }
    %1 = affine.max #map(%arg0)
    %subview_4 = memref.subview %arg3[0, 0] [%1, %1] [1, 1] : memref<?x?xf64> to memref<?x?xf64, strided<[?, 1]>>
    %subview_5 = memref.subview %arg10[0] [%1] [1] : memref<?xf64> to memref<?xf64, strided<[1]>>
    %subview_6 = memref.subview %arg9[0] [%1] [1] : memref<?xf64> to memref<?xf64, strided<[1]>>
    linalg.generic {indexing_maps = [#map4, #map2, #map1], iterator_types = ["parallel", "reduction"]} ins(%subview_4, %subview_5 : memref<?x?xf64, strided<[?, 1]>>, memref<?xf64, strided<[1]>>) outs(%subview_6 : memref<?xf64, strided<[1]>>) {
    ^bb0(%in: f64, %in_12: f64, %out: f64):
      %4 = arith.mulf %arg2, %in : f64
      %5 = arith.mulf %4, %in_12 : f64
      %6 = arith.addf %out, %5 : f64
      linalg.yield %6 : f64
    }
    %2 = affine.max #map(%arg0)
    %subview_7 = memref.subview %arg11[0] [%2] [1] : memref<?xf64> to memref<?xf64, strided<[1]>>
    %subview_8 = memref.subview %arg9[0] [%2] [1] : memref<?xf64> to memref<?xf64, strided<[1]>>
    linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel"]} ins(%subview_7 : memref<?xf64, strided<[1]>>) outs(%subview_8 : memref<?xf64, strided<[1]>>) {
    ^bb0(%in: f64, %out: f64):
      %4 = arith.addf %out, %in : f64
      linalg.yield %4 : f64
    }
    %3 = affine.max #map(%arg0)
    %subview_9 = memref.subview %arg3[0, 0] [%3, %3] [1, 1] : memref<?x?xf64> to memref<?x?xf64, strided<[?, 1]>>
    %subview_10 = memref.subview %arg9[0] [%3] [1] : memref<?xf64> to memref<?xf64, strided<[1]>>
    %subview_11 = memref.subview %arg8[0] [%3] [1] : memref<?xf64> to memref<?xf64, strided<[1]>>
    linalg.generic {indexing_maps = [#map3, #map2, #map1], iterator_types = ["parallel", "reduction"]} ins(%subview_9, %subview_10 : memref<?x?xf64, strided<[?, 1]>>, memref<?xf64, strided<[1]>>) outs(%subview_11 : memref<?xf64, strided<[1]>>) {
    ^bb0(%in: f64, %in_12: f64, %out: f64):
      %4 = arith.mulf %arg1, %in : f64
      %5 = arith.mulf %4, %in_12 : f64
      %6 = arith.addf %out, %5 : f64
      linalg.yield %6 : f64
    }
    return
  }
}
