// RUN: polylift-opt %s --split-input-file --match-kernels | FileCheck %s
// RUN: polylift-opt %s --split-input-file --match-kernels --remarks=applied 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK

// Raised IR of the bundled benchmarks (polylift-cc -DMINI_DATASET, then
// --raise-affine-to-linalg), matched against the blas3 templates.
// 3mm: three zero + accumulate pairs, each one gemm with alpha = 1, beta = 0
// CHECK-LABEL: func.func @kernel_3mm(
// CHECK-SAME: %[[NI:[a-z0-9_-]+]]: index, %[[NJ:[a-z0-9_-]+]]: index, %[[NK:[a-z0-9_-]+]]: index, %[[NL:[a-z0-9_-]+]]: index, %[[NM:[a-z0-9_-]+]]: index, %[[E:[a-z0-9_-]+]]: memref<?x?xf64>, %[[A:[a-z0-9_-]+]]: memref<?x?xf64>, %[[B:[a-z0-9_-]+]]: memref<?x?xf64>, %[[F:[a-z0-9_-]+]]: memref<?x?xf64>, %[[C:[a-z0-9_-]+]]: memref<?x?xf64>, %[[D:[a-z0-9_-]+]]: memref<?x?xf64>, %[[G:[a-z0-9_-]+]]: memref<?x?xf64>)
// CHECK-NOT: linalg.generic
// CHECK: %[[SE:[a-z0-9_-]+]] = memref.subview %[[E]][0, 0] [%{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}] [1, 1]
// CHECK-NEXT: %[[SA:[a-z0-9_-]+]] = memref.subview %[[A]][0, 0] [%{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}] [1, 1]
// CHECK-NEXT: %[[SB:[a-z0-9_-]+]] = memref.subview %[[B]][0, 0] [%{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}] [1, 1]
// CHECK-NEXT: %[[ONE:[a-z0-9_-]+]] = arith.constant 1.000000e+00 : f64
// CHECK-NEXT: %[[ZERO:[a-z0-9_-]+]] = arith.constant 0.000000e+00 : f64
// CHECK: "kernel.launch"(%[[SE]], %[[SA]], %[[SB]], %[[ONE]], %[[ZERO]]) {{{.*}}callee = @gemm_f64, {{.*}}source_order_matches = true, template = "blas.gemm_zero1"
// CHECK: %[[SF:[a-z0-9_-]+]] = memref.subview %[[F]][0, 0] [%{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}] [1, 1]
// CHECK-NEXT: %[[SC:[a-z0-9_-]+]] = memref.subview %[[C]][0, 0] [%{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}] [1, 1]
// CHECK-NEXT: %[[SD:[a-z0-9_-]+]] = memref.subview %[[D]][0, 0] [%{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}] [1, 1]
// CHECK-NEXT: %[[ONE:[a-z0-9_-]+]] = arith.constant 1.000000e+00 : f64
// CHECK-NEXT: %[[ZERO:[a-z0-9_-]+]] = arith.constant 0.000000e+00 : f64
// CHECK: "kernel.launch"(%[[SF]], %[[SC]], %[[SD]], %[[ONE]], %[[ZERO]]) {{{.*}}callee = @gemm_f64, {{.*}}source_order_matches = true, template = "blas.gemm_zero1"
// CHECK: %[[SG:[a-z0-9_-]+]] = memref.subview %[[G]][0, 0] [%{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}] [1, 1]
// CHECK-NEXT: %[[SE:[a-z0-9_-]+]] = memref.subview %[[E]][0, 0] [%{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}] [1, 1]
// CHECK-NEXT: %[[SF:[a-z0-9_-]+]] = memref.subview %[[F]][0, 0] [%{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}] [1, 1]
// CHECK-NEXT: %[[ONE:[a-z0-9_-]+]] = arith.constant 1.000000e+00 : f64
// CHECK-NEXT: %[[ZERO:[a-z0-9_-]+]] = arith.constant 0.000000e+00 : f64
// CHECK: "kernel.launch"(%[[SG]], %[[SE]], %[[SF]], %[[ONE]], %[[ZERO]]) {{{.*}}callee = @gemm_f64, {{.*}}source_order_matches = true, template = "blas.gemm_zero1"
// REMARK: remark: matched blas.gemm_zero1 (2 ops) -> @gemm_f64
// REMARK: remark: matched blas.gemm_zero1 (2 ops) -> @gemm_f64
// REMARK: remark: matched blas.gemm_zero1 (2 ops) -> @gemm_f64
#map = affine_map<(d0) -> (0, d0)>
#map1 = affine_map<(d0, d1) -> (d0, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d2)>
#map3 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map4 = affine_map<(d0, d1, d2) -> (d0, d1)>
module {
  func.func @kernel_3mm(%arg0: index, %arg1: index, %arg2: index, %arg3: index, %arg4: index, %arg5: memref<?x?xf64>, %arg6: memref<?x?xf64>, %arg7: memref<?x?xf64>, %arg8: memref<?x?xf64>, %arg9: memref<?x?xf64>, %arg10: memref<?x?xf64>, %arg11: memref<?x?xf64>) {
    %0 = affine.max #map(%arg0)
    %1 = affine.max #map(%arg1)
    %2 = affine.max #map(%arg2)
    %subview = memref.subview %arg5[0, 0] [%0, %1] [1, 1] : memref<?x?xf64> to memref<?x?xf64, strided<[?, 1]>>
    linalg.generic {indexing_maps = [#map1], iterator_types = ["parallel", "parallel"]} outs(%subview : memref<?x?xf64, strided<[?, 1]>>) {
    ^bb0(%out: f64):
      %cst = arith.constant 0.000000e+00 : f64
      linalg.yield %cst : f64
    }
    %subview_0 = memref.subview %arg6[0, 0] [%0, %2] [1, 1] : memref<?x?xf64> to memref<?x?xf64, strided<[?, 1]>>
    %subview_1 = memref.subview %arg7[0, 0] [%2, %1] [1, 1] : memref<?x?xf64> to memref<?x?xf64, strided<[?, 1]>>
    linalg.generic {indexing_maps = [#map2, #map3, #map4], iterator_types = ["parallel", "parallel", "reduction"]} ins(%subview_0, %subview_1 : memref<?x?xf64, strided<[?, 1]>>, memref<?x?xf64, strided<[?, 1]>>) outs(%subview : memref<?x?xf64, strided<[?, 1]>>) {
    ^bb0(%in: f64, %in_8: f64, %out: f64):
      %9 = arith.mulf %in, %in_8 : f64
      %10 = arith.addf %out, %9 : f64
      linalg.yield %10 : f64
    }
    %3 = affine.max #map(%arg1)
    %4 = affine.max #map(%arg3)
    %5 = affine.max #map(%arg4)
    %subview_2 = memref.subview %arg8[0, 0] [%3, %4] [1, 1] : memref<?x?xf64> to memref<?x?xf64, strided<[?, 1]>>
    linalg.generic {indexing_maps = [#map1], iterator_types = ["parallel", "parallel"]} outs(%subview_2 : memref<?x?xf64, strided<[?, 1]>>) {
    ^bb0(%out: f64):
      %cst = arith.constant 0.000000e+00 : f64
      linalg.yield %cst : f64
    }
    %subview_3 = memref.subview %arg9[0, 0] [%3, %5] [1, 1] : memref<?x?xf64> to memref<?x?xf64, strided<[?, 1]>>
    %subview_4 = memref.subview %arg10[0, 0] [%5, %4] [1, 1] : memref<?x?xf64> to memref<?x?xf64, strided<[?, 1]>>
    linalg.generic {indexing_maps = [#map2, #map3, #map4], iterator_types = ["parallel", "parallel", "reduction"]} ins(%subview_3, %subview_4 : memref<?x?xf64, strided<[?, 1]>>, memref<?x?xf64, strided<[?, 1]>>) outs(%subview_2 : memref<?x?xf64, strided<[?, 1]>>) {
    ^bb0(%in: f64, %in_8: f64, %out: f64):
      %9 = arith.mulf %in, %in_8 : f64
      %10 = arith.addf %out, %9 : f64
      linalg.yield %10 : f64
    }
    %6 = affine.max #map(%arg0)
    %7 = affine.max #map(%arg3)
    %8 = affine.max #map(%arg1)
    %subview_5 = memref.subview %arg11[0, 0] [%6, %7] [1, 1] : memref<?x?xf64> to memref<?x?xf64, strided<[?, 1]>>
    linalg.generic {indexing_maps = [#map1], iterator_types = ["parallel", "parallel"]} outs(%subview_5 : memref<?x?xf64, strided<[?, 1]>>) {
    ^bb0(%out: f64):
      %cst = arith.constant 0.000000e+00 : f64
      linalg.yield %cst : f64
    }
    %subview_6 = memref.subview %arg5[0, 0] [%6, %8] [1, 1] : memref<?x?xf64> to memref<?x?xf64, strided<[?, 1]>>
    %subview_7 = memref.subview %arg8[0, 0] [%8, %7] [1, 1] : memref<?x?xf64> to memref<?x?xf64, strided<[?, 1]>>
    linalg.generic {indexing_maps = [#map2, #map3, #map4], iterator_types = ["parallel", "parallel", "reduction"]} ins(%subview_6, %subview_7 : memref<?x?xf64, strided<[?, 1]>>, memref<?x?xf64, strided<[?, 1]>>) outs(%subview_5 : memref<?x?xf64, strided<[?, 1]>>) {
    ^bb0(%in: f64, %in_8: f64, %out: f64):
      %9 = arith.mulf %in, %in_8 : f64
      %10 = arith.addf %out, %9 : f64
      linalg.yield %10 : f64
    }
    return
  }
}

// -----

// A^T.A with both operands one buffer: syrk_t, not gemm_tn
// CHECK-LABEL: func.func @kernel_ata_gemm(
// CHECK-SAME: %[[N:[a-z0-9_-]+]]: index, %[[K:[a-z0-9_-]+]]: index, %[[A:[a-z0-9_-]+]]: memref<?x?xf32>, %[[C:[a-z0-9_-]+]]: memref<?x?xf32>)
// CHECK-NOT: linalg.generic
// CHECK: %[[SC:[a-z0-9_-]+]] = memref.subview %[[C]][0, 0] [%{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}] [1, 1]
// CHECK-NEXT: %[[SA:[a-z0-9_-]+]] = memref.subview %[[A]][0, 0] [%{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}] [1, 1]
// CHECK-NEXT: %[[ONE:[a-z0-9_-]+]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %[[ZERO:[a-z0-9_-]+]] = arith.constant 0.000000e+00 : f32
// CHECK: "kernel.launch"(%[[SC]], %[[SA]], %[[ONE]], %[[ZERO]]) {{{.*}}callee = @syrk_t_f32, {{.*}}source_order_matches = true, template = "blas.syrk_t_zero1"
// REMARK: remark: matched blas.syrk_t_zero1 (2 ops) -> @syrk_t_f32
#map = affine_map<(d0) -> (0, d0)>
#map1 = affine_map<(d0, d1) -> (d0, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d1, d0)>
#map3 = affine_map<(d0, d1, d2) -> (d1, d2)>
#map4 = affine_map<(d0, d1, d2) -> (d0, d2)>
module {
  func.func @kernel_ata_gemm(%arg0: index, %arg1: index, %arg2: memref<?x?xf32>, %arg3: memref<?x?xf32>) {
    %cst = arith.constant 0.000000e+00 : f32
    %0 = affine.max #map(%arg0)
    %1 = affine.max #map(%arg1)
    %subview = memref.subview %arg3[0, 0] [%0, %0] [1, 1] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1]>>
    linalg.generic {indexing_maps = [#map1], iterator_types = ["parallel", "parallel"]} outs(%subview : memref<?x?xf32, strided<[?, 1]>>) {
    ^bb0(%out: f32):
      linalg.yield %cst : f32
    }
    %subview_0 = memref.subview %arg2[0, 0] [%1, %0] [1, 1] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1]>>
    linalg.generic {indexing_maps = [#map2, #map3, #map4], iterator_types = ["parallel", "reduction", "parallel"]} ins(%subview_0, %subview_0 : memref<?x?xf32, strided<[?, 1]>>, memref<?x?xf32, strided<[?, 1]>>) outs(%subview : memref<?x?xf32, strided<[?, 1]>>) {
    ^bb0(%in: f32, %in_1: f32, %out: f32):
      %2 = arith.mulf %in, %in_1 : f32
      %3 = arith.addf %out, %2 : f32
      linalg.yield %3 : f32
    }
    return
  }
}
