// RUN: polylift-opt %s --split-input-file --match-kernels | FileCheck %s
// RUN: polylift-opt %s --split-input-file --match-kernels --remarks=applied 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK

// Raised IR of the bundled benchmarks (polylift-cc -DMINI_DATASET, then
// --raise-affine-to-linalg), matched against the blas2 templates.
// atax: y fill, then tmp = 0 + A.x (gemv, beta = 0, alpha = 1), then y += A^T.tmp
// CHECK-LABEL: func.func @kernel_atax
// CHECK-NOT: linalg.generic
// CHECK: "kernel.launch"({{.*}}) {{{.*}}callee = @fill_f64, {{.*}}source_order_matches = true, template = "blas.fill"
// CHECK: "kernel.launch"({{.*}}) {{{.*}}callee = @gemv_f64, {{.*}}source_order_matches = true, template = "blas.gemv_zero1"
// CHECK: "kernel.launch"({{.*}}) {{{.*}}callee = @gemv_t_acc_f64, {{.*}}source_order_matches = true, template = "blas.gemv_t_acc1"
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
// CHECK-LABEL: func.func @kernel_bicg
// CHECK-NOT: linalg.generic
// CHECK: "kernel.launch"({{.*}}) {{{.*}}callee = @fill_f64, {{.*}}source_order_matches = true, template = "blas.fill"
// CHECK: "kernel.launch"({{.*}}) {{{.*}}callee = @fill_f64, {{.*}}source_order_matches = true, template = "blas.fill"
// CHECK: "kernel.launch"({{.*}}) {{{.*}}callee = @gemv_t_acc_f64, {{.*}}source_order_matches = true, template = "blas.gemv_t_acc1"
// CHECK: "kernel.launch"({{.*}}) {{{.*}}callee = @gemv_acc_f64, {{.*}}source_order_matches = true, template = "blas.gemv_acc1"
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
// CHECK-LABEL: func.func @kernel_mvt
// CHECK-NOT: linalg.generic
// CHECK: "kernel.launch"({{.*}}) {{{.*}}callee = @gemv_acc_f64, {{.*}}source_order_matches = true, template = "blas.gemv_acc1"
// CHECK: "kernel.launch"({{.*}}) {{{.*}}callee = @gemv_t_acc_f64, {{.*}}source_order_matches = true, template = "blas.gemv_t_acc1"
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
// CHECK-LABEL: func.func @kernel_gesummv
// CHECK-NOT: linalg.generic
// CHECK: "kernel.launch"({{.*}}) {{{.*}}callee = @fill_f64, {{.*}}source_order_matches = true, template = "blas.fill"
// CHECK: "kernel.launch"({{.*}}) {{{.*}}callee = @fill_f64, {{.*}}source_order_matches = true, template = "blas.fill"
// CHECK: "kernel.launch"({{.*}}) {{{.*}}callee = @gemv_acc_f64, {{.*}}source_order_matches = true, template = "blas.gemv_acc1"
// CHECK: "kernel.launch"({{.*}}) {{{.*}}callee = @gemv_acc_f64, {{.*}}source_order_matches = true, template = "blas.gemv_acc1"
// CHECK: "kernel.launch"({{.*}}) {{{.*}}callee = @axpby_f64, {{.*}}source_order_matches = true, template = "blas.axpby"
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
// CHECK-LABEL: func.func @kernel_gemver
// CHECK-NOT: linalg.generic
// CHECK: "kernel.launch"({{.*}}) {{{.*}}callee = @ger2_f64, {{.*}}source_order_matches = true, template = "blas.ger2"
// CHECK: "kernel.launch"({{.*}}) {{{.*}}callee = @gemv_t_acc_f64, {{.*}}source_order_matches = false, template = "blas.gemv_t_acc"
// CHECK: "kernel.launch"({{.*}}) {{{.*}}callee = @axpy_f64, {{.*}}source_order_matches = true, template = "blas.axpy1"
// CHECK: "kernel.launch"({{.*}}) {{{.*}}callee = @gemv_acc_f64, {{.*}}source_order_matches = false, template = "blas.gemv_acc"
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
