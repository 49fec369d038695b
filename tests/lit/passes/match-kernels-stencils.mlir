// RUN: polylift-opt %s --split-input-file --match-kernels | FileCheck %s
// RUN: polylift-opt %s --split-input-file --match-kernels --remarks=applied 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK

// Raised IR of the bundled benchmarks (polylift-cc -DMINI_DATASET, then
// --raise-affine-to-linalg), matched against the stencils templates.
// 3x3 convolution, f64: nine constant taps, summed row by row
// CHECK-LABEL: func.func @kernel_conv2d_f64(
// CHECK-SAME: %[[NI:[a-z0-9_-]+]]: index, %[[NJ:[a-z0-9_-]+]]: index, %[[A:[a-z0-9_-]+]]: memref<?x?xf64>, %[[B:[a-z0-9_-]+]]: memref<?x?xf64>)
// CHECK-NOT: linalg.generic
// CHECK: %[[SA:[a-z0-9_-]+]] = memref.subview %[[A]][1, 1] [%{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}] [1, 1]
// CHECK: %[[SB:[a-z0-9_-]+]] = memref.subview %[[B]][1, 1] [%{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}] [1, 1]
// CHECK-NEXT: %[[F0_1:[a-z0-9_-]+]] = arith.constant 1.000000e-01 : f64
// CHECK-NEXT: %[[F0_2:[a-z0-9_-]+]] = arith.constant 2.000000e-01 : f64
// CHECK-NEXT: %[[FM0_1:[a-z0-9_-]+]] = arith.constant -1.000000e-01 : f64
// CHECK-NEXT: %[[FM0_2:[a-z0-9_-]+]] = arith.constant -2.000000e-01 : f64
// CHECK-NEXT: %[[HALF:[a-z0-9_-]+]] = arith.constant 5.000000e-01 : f64
// CHECK-NEXT: %[[F0_3:[a-z0-9_-]+]] = arith.constant 3.000000e-01 : f64
// CHECK-NEXT: %[[F0_05:[a-z0-9_-]+]] = arith.constant 5.000000e-02 : f64
// CHECK-NEXT: %[[FM0_3:[a-z0-9_-]+]] = arith.constant -3.000000e-01 : f64
// CHECK-NEXT: %[[F0_15:[a-z0-9_-]+]] = arith.constant 1.500000e-01 : f64
// CHECK: "kernel.launch"(%[[SB]], %[[SA]], %[[F0_1]], %[[F0_2]], %[[FM0_1]], %[[FM0_2]], %[[HALF]], %[[F0_3]], %[[F0_05]], %[[FM0_3]], %[[F0_15]]) {{{.*}}callee = @conv3x3_f64, {{.*}}source_order_matches = true, template = "stencil.conv3x3"
// REMARK: remark: matched stencil.conv3x3 (1 op) -> @conv3x3_f64
#map = affine_map<(d0) -> (0, d0 - 2)>
#map1 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @kernel_conv2d_f64(%arg0: index, %arg1: index, %arg2: memref<?x?xf64>, %arg3: memref<?x?xf64>) {
    %cst = arith.constant 1.000000e-01 : f64
    %cst_0 = arith.constant 2.000000e-01 : f64
    %cst_1 = arith.constant -1.000000e-01 : f64
    %cst_2 = arith.constant -2.000000e-01 : f64
    %cst_3 = arith.constant 5.000000e-01 : f64
    %cst_4 = arith.constant 3.000000e-01 : f64
    %cst_5 = arith.constant 5.000000e-02 : f64
    %cst_6 = arith.constant -3.000000e-01 : f64
    %cst_7 = arith.constant 1.500000e-01 : f64
    %0 = affine.max #map(%arg0)
    %1 = affine.max #map(%arg1)
    %subview = memref.subview %arg2[0, 0] [%0, %1] [1, 1] : memref<?x?xf64> to memref<?x?xf64, strided<[?, 1]>>
    %subview_8 = memref.subview %arg2[0, 1] [%0, %1] [1, 1] : memref<?x?xf64> to memref<?x?xf64, strided<[?, 1], offset: 1>>
    %subview_9 = memref.subview %arg2[0, 2] [%0, %1] [1, 1] : memref<?x?xf64> to memref<?x?xf64, strided<[?, 1], offset: 2>>
    %subview_10 = memref.subview %arg2[1, 0] [%0, %1] [1, 1] : memref<?x?xf64> to memref<?x?xf64, strided<[?, 1], offset: ?>>
    %subview_11 = memref.subview %arg2[1, 1] [%0, %1] [1, 1] : memref<?x?xf64> to memref<?x?xf64, strided<[?, 1], offset: ?>>
    %subview_12 = memref.subview %arg2[1, 2] [%0, %1] [1, 1] : memref<?x?xf64> to memref<?x?xf64, strided<[?, 1], offset: ?>>
    %subview_13 = memref.subview %arg2[2, 0] [%0, %1] [1, 1] : memref<?x?xf64> to memref<?x?xf64, strided<[?, 1], offset: ?>>
    %subview_14 = memref.subview %arg2[2, 1] [%0, %1] [1, 1] : memref<?x?xf64> to memref<?x?xf64, strided<[?, 1], offset: ?>>
    %subview_15 = memref.subview %arg2[2, 2] [%0, %1] [1, 1] : memref<?x?xf64> to memref<?x?xf64, strided<[?, 1], offset: ?>>
    %subview_16 = memref.subview %arg3[1, 1] [%0, %1] [1, 1] : memref<?x?xf64> to memref<?x?xf64, strided<[?, 1], offset: ?>>
    linalg.generic {indexing_maps = [#map1, #map1, #map1, #map1, #map1, #map1, #map1, #map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%subview, %subview_8, %subview_9, %subview_10, %subview_11, %subview_12, %subview_13, %subview_14, %subview_15 : memref<?x?xf64, strided<[?, 1]>>, memref<?x?xf64, strided<[?, 1], offset: 1>>, memref<?x?xf64, strided<[?, 1], offset: 2>>, memref<?x?xf64, strided<[?, 1], offset: ?>>, memref<?x?xf64, strided<[?, 1], offset: ?>>, memref<?x?xf64, strided<[?, 1], offset: ?>>, memref<?x?xf64, strided<[?, 1], offset: ?>>, memref<?x?xf64, strided<[?, 1], offset: ?>>, memref<?x?xf64, strided<[?, 1], offset: ?>>) outs(%subview_16 : memref<?x?xf64, strided<[?, 1], offset: ?>>) {
    ^bb0(%in: f64, %in_17: f64, %in_18: f64, %in_19: f64, %in_20: f64, %in_21: f64, %in_22: f64, %in_23: f64, %in_24: f64, %out: f64):
      %2 = arith.mulf %cst, %in : f64
      %3 = arith.mulf %cst_0, %in_17 : f64
      %4 = arith.addf %2, %3 : f64
      %5 = arith.mulf %cst_1, %in_18 : f64
      %6 = arith.addf %4, %5 : f64
      %7 = arith.mulf %cst_2, %in_19 : f64
      %8 = arith.addf %6, %7 : f64
      %9 = arith.mulf %cst_3, %in_20 : f64
      %10 = arith.addf %8, %9 : f64
      %11 = arith.mulf %cst_4, %in_21 : f64
      %12 = arith.addf %10, %11 : f64
      %13 = arith.mulf %cst_5, %in_22 : f64
      %14 = arith.addf %12, %13 : f64
      %15 = arith.mulf %cst_6, %in_23 : f64
      %16 = arith.addf %14, %15 : f64
      %17 = arith.mulf %cst_7, %in_24 : f64
      %18 = arith.addf %16, %17 : f64
      linalg.yield %18 : f64
    }
    return
  }
}

// -----

// 3x3 convolution, f32
// CHECK-LABEL: func.func @kernel_conv2d_f32(
// CHECK-SAME: %[[NI:[a-z0-9_-]+]]: index, %[[NJ:[a-z0-9_-]+]]: index, %[[A:[a-z0-9_-]+]]: memref<?x?xf32>, %[[B:[a-z0-9_-]+]]: memref<?x?xf32>)
// CHECK-NOT: linalg.generic
// CHECK: %[[SA:[a-z0-9_-]+]] = memref.subview %[[A]][1, 1] [%{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}] [1, 1]
// CHECK: %[[SB:[a-z0-9_-]+]] = memref.subview %[[B]][1, 1] [%{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}] [1, 1]
// CHECK-NEXT: %[[F0_1:[a-z0-9_-]+]] = arith.constant 1.000000e-01 : f32
// CHECK-NEXT: %[[F0_2:[a-z0-9_-]+]] = arith.constant 2.000000e-01 : f32
// CHECK-NEXT: %[[FM0_1:[a-z0-9_-]+]] = arith.constant -1.000000e-01 : f32
// CHECK-NEXT: %[[FM0_2:[a-z0-9_-]+]] = arith.constant -2.000000e-01 : f32
// CHECK-NEXT: %[[HALF:[a-z0-9_-]+]] = arith.constant 5.000000e-01 : f32
// CHECK-NEXT: %[[F0_3:[a-z0-9_-]+]] = arith.constant 3.000000e-01 : f32
// CHECK-NEXT: %[[F0_05:[a-z0-9_-]+]] = arith.constant 5.000000e-02 : f32
// CHECK-NEXT: %[[FM0_3:[a-z0-9_-]+]] = arith.constant -3.000000e-01 : f32
// CHECK-NEXT: %[[F0_15:[a-z0-9_-]+]] = arith.constant 1.500000e-01 : f32
// CHECK: "kernel.launch"(%[[SB]], %[[SA]], %[[F0_1]], %[[F0_2]], %[[FM0_1]], %[[FM0_2]], %[[HALF]], %[[F0_3]], %[[F0_05]], %[[FM0_3]], %[[F0_15]]) {{{.*}}callee = @conv3x3_f32, {{.*}}source_order_matches = true, template = "stencil.conv3x3"
// REMARK: remark: matched stencil.conv3x3 (1 op) -> @conv3x3_f32
#map = affine_map<(d0) -> (0, d0 - 2)>
#map1 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @kernel_conv2d_f32(%arg0: index, %arg1: index, %arg2: memref<?x?xf32>, %arg3: memref<?x?xf32>) {
    %cst = arith.constant 1.000000e-01 : f32
    %cst_0 = arith.constant 2.000000e-01 : f32
    %cst_1 = arith.constant -1.000000e-01 : f32
    %cst_2 = arith.constant -2.000000e-01 : f32
    %cst_3 = arith.constant 5.000000e-01 : f32
    %cst_4 = arith.constant 3.000000e-01 : f32
    %cst_5 = arith.constant 5.000000e-02 : f32
    %cst_6 = arith.constant -3.000000e-01 : f32
    %cst_7 = arith.constant 1.500000e-01 : f32
    %0 = affine.max #map(%arg0)
    %1 = affine.max #map(%arg1)
    %subview = memref.subview %arg2[0, 0] [%0, %1] [1, 1] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1]>>
    %subview_8 = memref.subview %arg2[0, 1] [%0, %1] [1, 1] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1], offset: 1>>
    %subview_9 = memref.subview %arg2[0, 2] [%0, %1] [1, 1] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1], offset: 2>>
    %subview_10 = memref.subview %arg2[1, 0] [%0, %1] [1, 1] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1], offset: ?>>
    %subview_11 = memref.subview %arg2[1, 1] [%0, %1] [1, 1] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1], offset: ?>>
    %subview_12 = memref.subview %arg2[1, 2] [%0, %1] [1, 1] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1], offset: ?>>
    %subview_13 = memref.subview %arg2[2, 0] [%0, %1] [1, 1] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1], offset: ?>>
    %subview_14 = memref.subview %arg2[2, 1] [%0, %1] [1, 1] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1], offset: ?>>
    %subview_15 = memref.subview %arg2[2, 2] [%0, %1] [1, 1] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1], offset: ?>>
    %subview_16 = memref.subview %arg3[1, 1] [%0, %1] [1, 1] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1], offset: ?>>
    linalg.generic {indexing_maps = [#map1, #map1, #map1, #map1, #map1, #map1, #map1, #map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%subview, %subview_8, %subview_9, %subview_10, %subview_11, %subview_12, %subview_13, %subview_14, %subview_15 : memref<?x?xf32, strided<[?, 1]>>, memref<?x?xf32, strided<[?, 1], offset: 1>>, memref<?x?xf32, strided<[?, 1], offset: 2>>, memref<?x?xf32, strided<[?, 1], offset: ?>>, memref<?x?xf32, strided<[?, 1], offset: ?>>, memref<?x?xf32, strided<[?, 1], offset: ?>>, memref<?x?xf32, strided<[?, 1], offset: ?>>, memref<?x?xf32, strided<[?, 1], offset: ?>>, memref<?x?xf32, strided<[?, 1], offset: ?>>) outs(%subview_16 : memref<?x?xf32, strided<[?, 1], offset: ?>>) {
    ^bb0(%in: f32, %in_17: f32, %in_18: f32, %in_19: f32, %in_20: f32, %in_21: f32, %in_22: f32, %in_23: f32, %in_24: f32, %out: f32):
      %2 = arith.mulf %cst, %in : f32
      %3 = arith.mulf %cst_0, %in_17 : f32
      %4 = arith.addf %2, %3 : f32
      %5 = arith.mulf %cst_1, %in_18 : f32
      %6 = arith.addf %4, %5 : f32
      %7 = arith.mulf %cst_2, %in_19 : f32
      %8 = arith.addf %6, %7 : f32
      %9 = arith.mulf %cst_3, %in_20 : f32
      %10 = arith.addf %8, %9 : f32
      %11 = arith.mulf %cst_4, %in_21 : f32
      %12 = arith.addf %10, %11 : f32
      %13 = arith.mulf %cst_5, %in_22 : f32
      %14 = arith.addf %12, %13 : f32
      %15 = arith.mulf %cst_6, %in_23 : f32
      %16 = arith.addf %14, %15 : f32
      %17 = arith.mulf %cst_7, %in_24 : f32
      %18 = arith.addf %16, %17 : f32
      linalg.yield %18 : f32
    }
    return
  }
}

// -----

// 3x3 convolution, i32: no casts, shift by 8
// CHECK-LABEL: func.func @kernel_conv2d_i32(
// CHECK-SAME: %[[NI:[a-z0-9_-]+]]: index, %[[NJ:[a-z0-9_-]+]]: index, %[[A:[a-z0-9_-]+]]: memref<?x?xi32>, %[[B:[a-z0-9_-]+]]: memref<?x?xi32>)
// CHECK-NOT: linalg.generic
// CHECK: %[[SA:[a-z0-9_-]+]] = memref.subview %[[A]][1, 1] [%{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}] [1, 1]
// CHECK: %[[SB:[a-z0-9_-]+]] = memref.subview %[[B]][1, 1] [%{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}] [1, 1]
// CHECK-NEXT: %[[C17:[a-z0-9_-]+]] = arith.constant 17 : i32
// CHECK-NEXT: %[[CM33:[a-z0-9_-]+]] = arith.constant -33 : i32
// CHECK-NEXT: %[[C21:[a-z0-9_-]+]] = arith.constant 21 : i32
// CHECK-NEXT: %[[CM12:[a-z0-9_-]+]] = arith.constant -12 : i32
// CHECK-NEXT: %[[C200:[a-z0-9_-]+]] = arith.constant 200 : i32
// CHECK-NEXT: %[[C9:[a-z0-9_-]+]] = arith.constant 9 : i32
// CHECK-NEXT: %[[CM5:[a-z0-9_-]+]] = arith.constant -5 : i32
// CHECK-NEXT: %[[C3:[a-z0-9_-]+]] = arith.constant 3 : i32
// CHECK-NEXT: %[[CM2:[a-z0-9_-]+]] = arith.constant -2 : i32
// CHECK-NEXT: %[[C8:[a-z0-9_-]+]] = arith.constant 8 : i32
// CHECK: "kernel.launch"(%[[SB]], %[[SA]], %[[C17]], %[[CM33]], %[[C21]], %[[CM12]], %[[C200]], %[[C9]], %[[CM5]], %[[C3]], %[[CM2]], %[[C8]]) {{{.*}}callee = @conv3x3_shift_i32, {{.*}}source_order_matches = true, template = "stencil.conv3x3_shift"
// REMARK: remark: matched stencil.conv3x3_shift (1 op) -> @conv3x3_shift_i32
#map = affine_map<(d0) -> (0, d0 - 2)>
#map1 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @kernel_conv2d_i32(%arg0: index, %arg1: index, %arg2: memref<?x?xi32>, %arg3: memref<?x?xi32>) {
    %c8_i32 = arith.constant 8 : i32
    %c17_i32 = arith.constant 17 : i32
    %c33_i32 = arith.constant 33 : i32
    %c-33_i32 = arith.constant -33 : i32
    %c21_i32 = arith.constant 21 : i32
    %c12_i32 = arith.constant 12 : i32
    %c-12_i32 = arith.constant -12 : i32
    %c200_i32 = arith.constant 200 : i32
    %c9_i32 = arith.constant 9 : i32
    %c5_i32 = arith.constant 5 : i32
    %c-5_i32 = arith.constant -5 : i32
    %c3_i32 = arith.constant 3 : i32
    %c2_i32 = arith.constant 2 : i32
    %c-2_i32 = arith.constant -2 : i32
    %c0_i32 = arith.constant 0 : i32
    %0 = affine.max #map(%arg0)
    %1 = affine.max #map(%arg1)
    %subview = memref.subview %arg2[0, 0] [%0, %1] [1, 1] : memref<?x?xi32> to memref<?x?xi32, strided<[?, 1]>>
    %subview_0 = memref.subview %arg2[0, 1] [%0, %1] [1, 1] : memref<?x?xi32> to memref<?x?xi32, strided<[?, 1], offset: 1>>
    %subview_1 = memref.subview %arg2[0, 2] [%0, %1] [1, 1] : memref<?x?xi32> to memref<?x?xi32, strided<[?, 1], offset: 2>>
    %subview_2 = memref.subview %arg2[1, 0] [%0, %1] [1, 1] : memref<?x?xi32> to memref<?x?xi32, strided<[?, 1], offset: ?>>
    %subview_3 = memref.subview %arg2[1, 1] [%0, %1] [1, 1] : memref<?x?xi32> to memref<?x?xi32, strided<[?, 1], offset: ?>>
    %subview_4 = memref.subview %arg2[1, 2] [%0, %1] [1, 1] : memref<?x?xi32> to memref<?x?xi32, strided<[?, 1], offset: ?>>
    %subview_5 = memref.subview %arg2[2, 0] [%0, %1] [1, 1] : memref<?x?xi32> to memref<?x?xi32, strided<[?, 1], offset: ?>>
    %subview_6 = memref.subview %arg2[2, 1] [%0, %1] [1, 1] : memref<?x?xi32> to memref<?x?xi32, strided<[?, 1], offset: ?>>
    %subview_7 = memref.subview %arg2[2, 2] [%0, %1] [1, 1] : memref<?x?xi32> to memref<?x?xi32, strided<[?, 1], offset: ?>>
    %subview_8 = memref.subview %arg3[1, 1] [%0, %1] [1, 1] : memref<?x?xi32> to memref<?x?xi32, strided<[?, 1], offset: ?>>
    linalg.generic {indexing_maps = [#map1, #map1, #map1, #map1, #map1, #map1, #map1, #map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%subview, %subview_0, %subview_1, %subview_2, %subview_3, %subview_4, %subview_5, %subview_6, %subview_7 : memref<?x?xi32, strided<[?, 1]>>, memref<?x?xi32, strided<[?, 1], offset: 1>>, memref<?x?xi32, strided<[?, 1], offset: 2>>, memref<?x?xi32, strided<[?, 1], offset: ?>>, memref<?x?xi32, strided<[?, 1], offset: ?>>, memref<?x?xi32, strided<[?, 1], offset: ?>>, memref<?x?xi32, strided<[?, 1], offset: ?>>, memref<?x?xi32, strided<[?, 1], offset: ?>>, memref<?x?xi32, strided<[?, 1], offset: ?>>) outs(%subview_8 : memref<?x?xi32, strided<[?, 1], offset: ?>>) {
    ^bb0(%in: i32, %in_9: i32, %in_10: i32, %in_11: i32, %in_12: i32, %in_13: i32, %in_14: i32, %in_15: i32, %in_16: i32, %out: i32):
      %2 = arith.muli %c17_i32, %in : i32
      %3 = arith.muli %c-33_i32, %in_9 : i32
      %4 = arith.addi %2, %3 : i32
      %5 = arith.muli %c21_i32, %in_10 : i32
      %6 = arith.addi %4, %5 : i32
      %7 = arith.muli %c-12_i32, %in_11 : i32
      %8 = arith.addi %6, %7 : i32
      %9 = arith.muli %c200_i32, %in_12 : i32
      %10 = arith.addi %8, %9 : i32
      %11 = arith.muli %c9_i32, %in_13 : i32
      %12 = arith.addi %10, %11 : i32
      %13 = arith.muli %c-5_i32, %in_14 : i32
      %14 = arith.addi %12, %13 : i32
      %15 = arith.muli %c3_i32, %in_15 : i32
      %16 = arith.addi %14, %15 : i32
      %17 = arith.muli %c-2_i32, %in_16 : i32
      %18 = arith.addi %16, %17 : i32
      %19 = arith.shrsi %18, %c8_i32 : i32
      linalg.yield %19 : i32
    }
    return
  }
}

// -----

// 3x3 convolution, i16: reads sign-extended to i32, result truncated; a tap of coefficient 1 is still a multiplication
// CHECK-LABEL: func.func @kernel_conv2d_i16(
// CHECK-SAME: %[[NI:[a-z0-9_-]+]]: index, %[[NJ:[a-z0-9_-]+]]: index, %[[A:[a-z0-9_-]+]]: memref<?x?xi16>, %[[B:[a-z0-9_-]+]]: memref<?x?xi16>)
// CHECK-NOT: linalg.generic
// CHECK: %[[SA:[a-z0-9_-]+]] = memref.subview %[[A]][1, 1] [%{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}] [1, 1]
// CHECK: %[[SB:[a-z0-9_-]+]] = memref.subview %[[B]][1, 1] [%{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}] [1, 1]
// CHECK-NEXT: %[[C3:[a-z0-9_-]+]] = arith.constant 3 : i32
// CHECK-NEXT: %[[CM5:[a-z0-9_-]+]] = arith.constant -5 : i32
// CHECK-NEXT: %[[C7:[a-z0-9_-]+]] = arith.constant 7 : i32
// CHECK-NEXT: %[[CM9:[a-z0-9_-]+]] = arith.constant -9 : i32
// CHECK-NEXT: %[[C32:[a-z0-9_-]+]] = arith.constant 32 : i32
// CHECK-NEXT: %[[C4:[a-z0-9_-]+]] = arith.constant 4 : i32
// CHECK-NEXT: %[[CM2:[a-z0-9_-]+]] = arith.constant -2 : i32
// CHECK-NEXT: %[[ONE:[a-z0-9_-]+]] = arith.constant 1 : i32
// CHECK-NEXT: %[[MINUS_ONE:[a-z0-9_-]+]] = arith.constant -1 : i32
// CHECK-NEXT: %[[C6:[a-z0-9_-]+]] = arith.constant 6 : i32
// CHECK: "kernel.launch"(%[[SB]], %[[SA]], %[[C3]], %[[CM5]], %[[C7]], %[[CM9]], %[[C32]], %[[C4]], %[[CM2]], %[[ONE]], %[[MINUS_ONE]], %[[C6]]) {{{.*}}callee = @conv3x3_shift_i16, {{.*}}source_order_matches = true, template = "stencil.conv3x3_shift"
// REMARK: remark: matched stencil.conv3x3_shift (1 op) -> @conv3x3_shift_i16
#map = affine_map<(d0) -> (0, d0 - 2)>
#map1 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @kernel_conv2d_i16(%arg0: index, %arg1: index, %arg2: memref<?x?xi16>, %arg3: memref<?x?xi16>) {
    %c6_i32 = arith.constant 6 : i32
    %c3_i32 = arith.constant 3 : i32
    %c5_i32 = arith.constant 5 : i32
    %c-5_i32 = arith.constant -5 : i32
    %c7_i32 = arith.constant 7 : i32
    %c9_i32 = arith.constant 9 : i32
    %c-9_i32 = arith.constant -9 : i32
    %c32_i32 = arith.constant 32 : i32
    %c4_i32 = arith.constant 4 : i32
    %c2_i32 = arith.constant 2 : i32
    %c-2_i32 = arith.constant -2 : i32
    %c1_i32 = arith.constant 1 : i32
    %c-1_i32 = arith.constant -1 : i32
    %c0_i32 = arith.constant 0 : i32
    %0 = affine.max #map(%arg0)
    %1 = affine.max #map(%arg1)
    %subview = memref.subview %arg2[0, 0] [%0, %1] [1, 1] : memref<?x?xi16> to memref<?x?xi16, strided<[?, 1]>>
    %subview_0 = memref.subview %arg2[0, 1] [%0, %1] [1, 1] : memref<?x?xi16> to memref<?x?xi16, strided<[?, 1], offset: 1>>
    %subview_1 = memref.subview %arg2[0, 2] [%0, %1] [1, 1] : memref<?x?xi16> to memref<?x?xi16, strided<[?, 1], offset: 2>>
    %subview_2 = memref.subview %arg2[1, 0] [%0, %1] [1, 1] : memref<?x?xi16> to memref<?x?xi16, strided<[?, 1], offset: ?>>
    %subview_3 = memref.subview %arg2[1, 1] [%0, %1] [1, 1] : memref<?x?xi16> to memref<?x?xi16, strided<[?, 1], offset: ?>>
    %subview_4 = memref.subview %arg2[1, 2] [%0, %1] [1, 1] : memref<?x?xi16> to memref<?x?xi16, strided<[?, 1], offset: ?>>
    %subview_5 = memref.subview %arg2[2, 0] [%0, %1] [1, 1] : memref<?x?xi16> to memref<?x?xi16, strided<[?, 1], offset: ?>>
    %subview_6 = memref.subview %arg2[2, 1] [%0, %1] [1, 1] : memref<?x?xi16> to memref<?x?xi16, strided<[?, 1], offset: ?>>
    %subview_7 = memref.subview %arg2[2, 2] [%0, %1] [1, 1] : memref<?x?xi16> to memref<?x?xi16, strided<[?, 1], offset: ?>>
    %subview_8 = memref.subview %arg3[1, 1] [%0, %1] [1, 1] : memref<?x?xi16> to memref<?x?xi16, strided<[?, 1], offset: ?>>
    linalg.generic {indexing_maps = [#map1, #map1, #map1, #map1, #map1, #map1, #map1, #map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%subview, %subview_0, %subview_1, %subview_2, %subview_3, %subview_4, %subview_5, %subview_6, %subview_7 : memref<?x?xi16, strided<[?, 1]>>, memref<?x?xi16, strided<[?, 1], offset: 1>>, memref<?x?xi16, strided<[?, 1], offset: 2>>, memref<?x?xi16, strided<[?, 1], offset: ?>>, memref<?x?xi16, strided<[?, 1], offset: ?>>, memref<?x?xi16, strided<[?, 1], offset: ?>>, memref<?x?xi16, strided<[?, 1], offset: ?>>, memref<?x?xi16, strided<[?, 1], offset: ?>>, memref<?x?xi16, strided<[?, 1], offset: ?>>) outs(%subview_8 : memref<?x?xi16, strided<[?, 1], offset: ?>>) {
    ^bb0(%in: i16, %in_9: i16, %in_10: i16, %in_11: i16, %in_12: i16, %in_13: i16, %in_14: i16, %in_15: i16, %in_16: i16, %out: i16):
      %2 = arith.extsi %in : i16 to i32
      %3 = arith.muli %c3_i32, %2 : i32
      %4 = arith.extsi %in_9 : i16 to i32
      %5 = arith.muli %c-5_i32, %4 : i32
      %6 = arith.addi %3, %5 : i32
      %7 = arith.extsi %in_10 : i16 to i32
      %8 = arith.muli %c7_i32, %7 : i32
      %9 = arith.addi %6, %8 : i32
      %10 = arith.extsi %in_11 : i16 to i32
      %11 = arith.muli %c-9_i32, %10 : i32
      %12 = arith.addi %9, %11 : i32
      %13 = arith.extsi %in_12 : i16 to i32
      %14 = arith.muli %c32_i32, %13 : i32
      %15 = arith.addi %12, %14 : i32
      %16 = arith.extsi %in_13 : i16 to i32
      %17 = arith.muli %c4_i32, %16 : i32
      %18 = arith.addi %15, %17 : i32
      %19 = arith.extsi %in_14 : i16 to i32
      %20 = arith.muli %c-2_i32, %19 : i32
      %21 = arith.addi %18, %20 : i32
      %22 = arith.extsi %in_15 : i16 to i32
      %23 = arith.muli %c1_i32, %22 : i32
      %24 = arith.addi %21, %23 : i32
      %25 = arith.extsi %in_16 : i16 to i32
      %26 = arith.muli %c-1_i32, %25 : i32
      %27 = arith.addi %24, %26 : i32
      %28 = arith.shrsi %27, %c6_i32 : i32
      %29 = arith.trunci %28 : i32 to i16
      linalg.yield %29 : i16
    }
    return
  }
}

// -----

// 3x3 convolution, i8
// CHECK-LABEL: func.func @kernel_conv2d_i8(
// CHECK-SAME: %[[NI:[a-z0-9_-]+]]: index, %[[NJ:[a-z0-9_-]+]]: index, %[[A:[a-z0-9_-]+]]: memref<?x?xi8>, %[[B:[a-z0-9_-]+]]: memref<?x?xi8>)
// CHECK-NOT: linalg.generic
// CHECK: %[[SA:[a-z0-9_-]+]] = memref.subview %[[A]][1, 1] [%{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}] [1, 1]
// CHECK: %[[SB:[a-z0-9_-]+]] = memref.subview %[[B]][1, 1] [%{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}] [1, 1]
// CHECK-NEXT: %[[ONE:[a-z0-9_-]+]] = arith.constant 1 : i32
// CHECK-NEXT: %[[CM2:[a-z0-9_-]+]] = arith.constant -2 : i32
// CHECK-NEXT: %[[C3:[a-z0-9_-]+]] = arith.constant 3 : i32
// CHECK-NEXT: %[[MINUS_ONE:[a-z0-9_-]+]] = arith.constant -1 : i32
// CHECK-NEXT: %[[C4:[a-z0-9_-]+]] = arith.constant 4 : i32
// CHECK-NEXT: %[[TWO:[a-z0-9_-]+]] = arith.constant 2 : i32
// CHECK-NEXT: %[[MINUS_ONE_2:[a-z0-9_-]+]] = arith.constant -1 : i32
// CHECK-NEXT: %[[ONE_2:[a-z0-9_-]+]] = arith.constant 1 : i32
// CHECK-NEXT: %[[MINUS_ONE_3:[a-z0-9_-]+]] = arith.constant -1 : i32
// CHECK-NEXT: %[[C4_2:[a-z0-9_-]+]] = arith.constant 4 : i32
// CHECK: "kernel.launch"(%[[SB]], %[[SA]], %[[ONE]], %[[CM2]], %[[C3]], %[[MINUS_ONE]], %[[C4]], %[[TWO]], %[[MINUS_ONE_2]], %[[ONE_2]], %[[MINUS_ONE_3]], %[[C4_2]]) {{{.*}}callee = @conv3x3_shift_i8, {{.*}}source_order_matches = true, template = "stencil.conv3x3_shift"
// REMARK: remark: matched stencil.conv3x3_shift (1 op) -> @conv3x3_shift_i8
#map = affine_map<(d0) -> (0, d0 - 2)>
#map1 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @kernel_conv2d_i8(%arg0: index, %arg1: index, %arg2: memref<?x?xi8>, %arg3: memref<?x?xi8>) {
    %c4_i32 = arith.constant 4 : i32
    %c1_i32 = arith.constant 1 : i32
    %c2_i32 = arith.constant 2 : i32
    %c-2_i32 = arith.constant -2 : i32
    %c3_i32 = arith.constant 3 : i32
    %c-1_i32 = arith.constant -1 : i32
    %c0_i32 = arith.constant 0 : i32
    %0 = affine.max #map(%arg0)
    %1 = affine.max #map(%arg1)
    %subview = memref.subview %arg2[0, 0] [%0, %1] [1, 1] : memref<?x?xi8> to memref<?x?xi8, strided<[?, 1]>>
    %subview_0 = memref.subview %arg2[0, 1] [%0, %1] [1, 1] : memref<?x?xi8> to memref<?x?xi8, strided<[?, 1], offset: 1>>
    %subview_1 = memref.subview %arg2[0, 2] [%0, %1] [1, 1] : memref<?x?xi8> to memref<?x?xi8, strided<[?, 1], offset: 2>>
    %subview_2 = memref.subview %arg2[1, 0] [%0, %1] [1, 1] : memref<?x?xi8> to memref<?x?xi8, strided<[?, 1], offset: ?>>
    %subview_3 = memref.subview %arg2[1, 1] [%0, %1] [1, 1] : memref<?x?xi8> to memref<?x?xi8, strided<[?, 1], offset: ?>>
    %subview_4 = memref.subview %arg2[1, 2] [%0, %1] [1, 1] : memref<?x?xi8> to memref<?x?xi8, strided<[?, 1], offset: ?>>
    %subview_5 = memref.subview %arg2[2, 0] [%0, %1] [1, 1] : memref<?x?xi8> to memref<?x?xi8, strided<[?, 1], offset: ?>>
    %subview_6 = memref.subview %arg2[2, 1] [%0, %1] [1, 1] : memref<?x?xi8> to memref<?x?xi8, strided<[?, 1], offset: ?>>
    %subview_7 = memref.subview %arg2[2, 2] [%0, %1] [1, 1] : memref<?x?xi8> to memref<?x?xi8, strided<[?, 1], offset: ?>>
    %subview_8 = memref.subview %arg3[1, 1] [%0, %1] [1, 1] : memref<?x?xi8> to memref<?x?xi8, strided<[?, 1], offset: ?>>
    linalg.generic {indexing_maps = [#map1, #map1, #map1, #map1, #map1, #map1, #map1, #map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%subview, %subview_0, %subview_1, %subview_2, %subview_3, %subview_4, %subview_5, %subview_6, %subview_7 : memref<?x?xi8, strided<[?, 1]>>, memref<?x?xi8, strided<[?, 1], offset: 1>>, memref<?x?xi8, strided<[?, 1], offset: 2>>, memref<?x?xi8, strided<[?, 1], offset: ?>>, memref<?x?xi8, strided<[?, 1], offset: ?>>, memref<?x?xi8, strided<[?, 1], offset: ?>>, memref<?x?xi8, strided<[?, 1], offset: ?>>, memref<?x?xi8, strided<[?, 1], offset: ?>>, memref<?x?xi8, strided<[?, 1], offset: ?>>) outs(%subview_8 : memref<?x?xi8, strided<[?, 1], offset: ?>>) {
    ^bb0(%in: i8, %in_9: i8, %in_10: i8, %in_11: i8, %in_12: i8, %in_13: i8, %in_14: i8, %in_15: i8, %in_16: i8, %out: i8):
      %2 = arith.extsi %in : i8 to i32
      %3 = arith.muli %c1_i32, %2 : i32
      %4 = arith.extsi %in_9 : i8 to i32
      %5 = arith.muli %c-2_i32, %4 : i32
      %6 = arith.addi %3, %5 : i32
      %7 = arith.extsi %in_10 : i8 to i32
      %8 = arith.muli %c3_i32, %7 : i32
      %9 = arith.addi %6, %8 : i32
      %10 = arith.extsi %in_11 : i8 to i32
      %11 = arith.muli %c-1_i32, %10 : i32
      %12 = arith.addi %9, %11 : i32
      %13 = arith.extsi %in_12 : i8 to i32
      %14 = arith.muli %c4_i32, %13 : i32
      %15 = arith.addi %12, %14 : i32
      %16 = arith.extsi %in_13 : i8 to i32
      %17 = arith.muli %c2_i32, %16 : i32
      %18 = arith.addi %15, %17 : i32
      %19 = arith.extsi %in_14 : i8 to i32
      %20 = arith.muli %c-1_i32, %19 : i32
      %21 = arith.addi %18, %20 : i32
      %22 = arith.extsi %in_15 : i8 to i32
      %23 = arith.muli %c1_i32, %22 : i32
      %24 = arith.addi %21, %23 : i32
      %25 = arith.extsi %in_16 : i8 to i32
      %26 = arith.muli %c-1_i32, %25 : i32
      %27 = arith.addi %24, %26 : i32
      %28 = arith.shrsi %27, %c4_i32 : i32
      %29 = arith.trunci %28 : i32 to i8
      linalg.yield %29 : i8
    }
    return
  }
}

// -----

// jacobi-2d: both sweeps inside the kept time loop
// CHECK-LABEL: func.func @kernel_jacobi_2d(
// CHECK-SAME: %[[TSTEPS:[a-z0-9_-]+]]: index, %[[N:[a-z0-9_-]+]]: index, %[[A:[a-z0-9_-]+]]: memref<?x?xf64>, %[[B:[a-z0-9_-]+]]: memref<?x?xf64>)
// CHECK: %[[SA:[a-z0-9_-]+]] = memref.subview %[[A]][1, 1] [%{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}] [1, 1]
// CHECK: %[[SB:[a-z0-9_-]+]] = memref.subview %[[B]][1, 1] [%{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}] [1, 1]
// CHECK-NEXT: %[[F0_2:[a-z0-9_-]+]] = arith.constant 2.000000e-01 : f64
// CHECK: "kernel.launch"(%[[SB]], %[[SA]], %[[F0_2]]) {{{.*}}callee = @jacobi2d_f64, {{.*}}source_order_matches = true, template = "stencil.jacobi2d"
// CHECK: %[[SB:[a-z0-9_-]+]] = memref.subview %[[B]][1, 1] [%{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}] [1, 1]
// CHECK: %[[SA:[a-z0-9_-]+]] = memref.subview %[[A]][1, 1] [%{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}] [1, 1]
// CHECK-NEXT: %[[F0_2:[a-z0-9_-]+]] = arith.constant 2.000000e-01 : f64
// CHECK: "kernel.launch"(%[[SA]], %[[SB]], %[[F0_2]]) {{{.*}}callee = @jacobi2d_f64, {{.*}}source_order_matches = true, template = "stencil.jacobi2d"
// REMARK: remark: matched stencil.jacobi2d (1 op) -> @jacobi2d_f64
// REMARK: remark: matched stencil.jacobi2d (1 op) -> @jacobi2d_f64
#map = affine_map<(d0) -> (0, d0 - 2)>
#map1 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @kernel_jacobi_2d(%arg0: index, %arg1: index, %arg2: memref<?x?xf64>, %arg3: memref<?x?xf64>) {
    affine.for %arg4 = 0 to %arg0 {
      %0 = affine.max #map(%arg1)
      %subview = memref.subview %arg2[1, 1] [%0, %0] [1, 1] : memref<?x?xf64> to memref<?x?xf64, strided<[?, 1], offset: ?>>
      %subview_0 = memref.subview %arg2[1, 0] [%0, %0] [1, 1] : memref<?x?xf64> to memref<?x?xf64, strided<[?, 1], offset: ?>>
      %subview_1 = memref.subview %arg2[1, 2] [%0, %0] [1, 1] : memref<?x?xf64> to memref<?x?xf64, strided<[?, 1], offset: ?>>
      %subview_2 = memref.subview %arg2[2, 1] [%0, %0] [1, 1] : memref<?x?xf64> to memref<?x?xf64, strided<[?, 1], offset: ?>>
      %subview_3 = memref.subview %arg2[0, 1] [%0, %0] [1, 1] : memref<?x?xf64> to memref<?x?xf64, strided<[?, 1], offset: 1>>
      %subview_4 = memref.subview %arg3[1, 1] [%0, %0] [1, 1] : memref<?x?xf64> to memref<?x?xf64, strided<[?, 1], offset: ?>>
      linalg.generic {indexing_maps = [#map1, #map1, #map1, #map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%subview, %subview_0, %subview_1, %subview_2, %subview_3 : memref<?x?xf64, strided<[?, 1], offset: ?>>, memref<?x?xf64, strided<[?, 1], offset: ?>>, memref<?x?xf64, strided<[?, 1], offset: ?>>, memref<?x?xf64, strided<[?, 1], offset: ?>>, memref<?x?xf64, strided<[?, 1], offset: 1>>) outs(%subview_4 : memref<?x?xf64, strided<[?, 1], offset: ?>>) {
      ^bb0(%in: f64, %in_11: f64, %in_12: f64, %in_13: f64, %in_14: f64, %out: f64):
        %cst = arith.constant 2.000000e-01 : f64
        %2 = arith.addf %in, %in_11 : f64
        %3 = arith.addf %2, %in_12 : f64
        %4 = arith.addf %3, %in_13 : f64
        %5 = arith.addf %4, %in_14 : f64
        %6 = arith.mulf %cst, %5 : f64
        linalg.yield %6 : f64
      }
      %1 = affine.max #map(%arg1)
      %subview_5 = memref.subview %arg3[1, 1] [%1, %1] [1, 1] : memref<?x?xf64> to memref<?x?xf64, strided<[?, 1], offset: ?>>
      %subview_6 = memref.subview %arg3[1, 0] [%1, %1] [1, 1] : memref<?x?xf64> to memref<?x?xf64, strided<[?, 1], offset: ?>>
      %subview_7 = memref.subview %arg3[1, 2] [%1, %1] [1, 1] : memref<?x?xf64> to memref<?x?xf64, strided<[?, 1], offset: ?>>
      %subview_8 = memref.subview %arg3[2, 1] [%1, %1] [1, 1] : memref<?x?xf64> to memref<?x?xf64, strided<[?, 1], offset: ?>>
      %subview_9 = memref.subview %arg3[0, 1] [%1, %1] [1, 1] : memref<?x?xf64> to memref<?x?xf64, strided<[?, 1], offset: 1>>
      %subview_10 = memref.subview %arg2[1, 1] [%1, %1] [1, 1] : memref<?x?xf64> to memref<?x?xf64, strided<[?, 1], offset: ?>>
      linalg.generic {indexing_maps = [#map1, #map1, #map1, #map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%subview_5, %subview_6, %subview_7, %subview_8, %subview_9 : memref<?x?xf64, strided<[?, 1], offset: ?>>, memref<?x?xf64, strided<[?, 1], offset: ?>>, memref<?x?xf64, strided<[?, 1], offset: ?>>, memref<?x?xf64, strided<[?, 1], offset: ?>>, memref<?x?xf64, strided<[?, 1], offset: 1>>) outs(%subview_10 : memref<?x?xf64, strided<[?, 1], offset: ?>>) {
      ^bb0(%in: f64, %in_11: f64, %in_12: f64, %in_13: f64, %in_14: f64, %out: f64):
        %cst = arith.constant 2.000000e-01 : f64
        %2 = arith.addf %in, %in_11 : f64
        %3 = arith.addf %2, %in_12 : f64
        %4 = arith.addf %3, %in_13 : f64
        %5 = arith.addf %4, %in_14 : f64
        %6 = arith.mulf %cst, %5 : f64
        linalg.yield %6 : f64
      }
    }
    return
  }
}

// -----

// heat-3d: both sweeps inside the kept time loop
// CHECK-LABEL: func.func @kernel_heat_3d(
// CHECK-SAME: %[[TSTEPS:[a-z0-9_-]+]]: index, %[[N:[a-z0-9_-]+]]: index, %[[A:[a-z0-9_-]+]]: memref<?x?x?xf64>, %[[B:[a-z0-9_-]+]]: memref<?x?x?xf64>)
// CHECK: %[[SA:[a-z0-9_-]+]] = memref.subview %[[A]][1, 1, 1] [%{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}] [1, 1, 1]
// CHECK: %[[SB:[a-z0-9_-]+]] = memref.subview %[[B]][1, 1, 1] [%{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}] [1, 1, 1]
// CHECK-NEXT: %[[F0_125:[a-z0-9_-]+]] = arith.constant 1.250000e-01 : f64
// CHECK: "kernel.launch"(%[[SB]], %[[SA]], %[[F0_125]]) {{{.*}}callee = @heat3d_f64, {{.*}}source_order_matches = true, template = "stencil.heat3d"
// CHECK: %[[SB:[a-z0-9_-]+]] = memref.subview %[[B]][1, 1, 1] [%{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}] [1, 1, 1]
// CHECK: %[[SA:[a-z0-9_-]+]] = memref.subview %[[A]][1, 1, 1] [%{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}] [1, 1, 1]
// CHECK-NEXT: %[[F0_125:[a-z0-9_-]+]] = arith.constant 1.250000e-01 : f64
// CHECK: "kernel.launch"(%[[SA]], %[[SB]], %[[F0_125]]) {{{.*}}callee = @heat3d_f64, {{.*}}source_order_matches = true, template = "stencil.heat3d"
// REMARK: remark: matched stencil.heat3d (1 op) -> @heat3d_f64
// REMARK: remark: matched stencil.heat3d (1 op) -> @heat3d_f64
#map = affine_map<()[s0] -> (s0 + 1)>
#map1 = affine_map<(d0) -> (0, d0 - 2)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
module {
  func.func @kernel_heat_3d(%arg0: index, %arg1: index, %arg2: memref<?x?x?xf64>, %arg3: memref<?x?x?xf64>) {
    affine.for %arg4 = 1 to #map()[%arg0] {
      %0 = affine.max #map1(%arg1)
      %subview = memref.subview %arg2[2, 1, 1] [%0, %0, %0] [1, 1, 1] : memref<?x?x?xf64> to memref<?x?x?xf64, strided<[?, ?, 1], offset: ?>>
      %subview_0 = memref.subview %arg2[1, 1, 1] [%0, %0, %0] [1, 1, 1] : memref<?x?x?xf64> to memref<?x?x?xf64, strided<[?, ?, 1], offset: ?>>
      %subview_1 = memref.subview %arg2[0, 1, 1] [%0, %0, %0] [1, 1, 1] : memref<?x?x?xf64> to memref<?x?x?xf64, strided<[?, ?, 1], offset: ?>>
      %subview_2 = memref.subview %arg2[1, 2, 1] [%0, %0, %0] [1, 1, 1] : memref<?x?x?xf64> to memref<?x?x?xf64, strided<[?, ?, 1], offset: ?>>
      %subview_3 = memref.subview %arg2[1, 0, 1] [%0, %0, %0] [1, 1, 1] : memref<?x?x?xf64> to memref<?x?x?xf64, strided<[?, ?, 1], offset: ?>>
      %subview_4 = memref.subview %arg2[1, 1, 2] [%0, %0, %0] [1, 1, 1] : memref<?x?x?xf64> to memref<?x?x?xf64, strided<[?, ?, 1], offset: ?>>
      %subview_5 = memref.subview %arg2[1, 1, 0] [%0, %0, %0] [1, 1, 1] : memref<?x?x?xf64> to memref<?x?x?xf64, strided<[?, ?, 1], offset: ?>>
      %subview_6 = memref.subview %arg3[1, 1, 1] [%0, %0, %0] [1, 1, 1] : memref<?x?x?xf64> to memref<?x?x?xf64, strided<[?, ?, 1], offset: ?>>
      linalg.generic {indexing_maps = [#map2, #map2, #map2, #map2, #map2, #map2, #map2, #map2, #map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%subview, %subview_0, %subview_1, %subview_2, %subview_0, %subview_3, %subview_4, %subview_0, %subview_5, %subview_0 : memref<?x?x?xf64, strided<[?, ?, 1], offset: ?>>, memref<?x?x?xf64, strided<[?, ?, 1], offset: ?>>, memref<?x?x?xf64, strided<[?, ?, 1], offset: ?>>, memref<?x?x?xf64, strided<[?, ?, 1], offset: ?>>, memref<?x?x?xf64, strided<[?, ?, 1], offset: ?>>, memref<?x?x?xf64, strided<[?, ?, 1], offset: ?>>, memref<?x?x?xf64, strided<[?, ?, 1], offset: ?>>, memref<?x?x?xf64, strided<[?, ?, 1], offset: ?>>, memref<?x?x?xf64, strided<[?, ?, 1], offset: ?>>, memref<?x?x?xf64, strided<[?, ?, 1], offset: ?>>) outs(%subview_6 : memref<?x?x?xf64, strided<[?, ?, 1], offset: ?>>) {
      ^bb0(%in: f64, %in_15: f64, %in_16: f64, %in_17: f64, %in_18: f64, %in_19: f64, %in_20: f64, %in_21: f64, %in_22: f64, %in_23: f64, %out: f64):
        %cst = arith.constant 1.250000e-01 : f64
        %cst_24 = arith.constant 2.000000e+00 : f64
        %2 = arith.mulf %cst_24, %in_15 : f64
        %3 = arith.subf %in, %2 : f64
        %4 = arith.addf %3, %in_16 : f64
        %5 = arith.mulf %cst, %4 : f64
        %6 = arith.mulf %cst_24, %in_18 : f64
        %7 = arith.subf %in_17, %6 : f64
        %8 = arith.addf %7, %in_19 : f64
        %9 = arith.mulf %cst, %8 : f64
        %10 = arith.addf %5, %9 : f64
        %11 = arith.mulf %cst_24, %in_21 : f64
        %12 = arith.subf %in_20, %11 : f64
        %13 = arith.addf %12, %in_22 : f64
        %14 = arith.mulf %cst, %13 : f64
        %15 = arith.addf %10, %14 : f64
        %16 = arith.addf %15, %in_23 : f64
        linalg.yield %16 : f64
      }
      %1 = affine.max #map1(%arg1)
      %subview_7 = memref.subview %arg3[2, 1, 1] [%1, %1, %1] [1, 1, 1] : memref<?x?x?xf64> to memref<?x?x?xf64, strided<[?, ?, 1], offset: ?>>
      %subview_8 = memref.subview %arg3[1, 1, 1] [%1, %1, %1] [1, 1, 1] : memref<?x?x?xf64> to memref<?x?x?xf64, strided<[?, ?, 1], offset: ?>>
      %subview_9 = memref.subview %arg3[0, 1, 1] [%1, %1, %1] [1, 1, 1] : memref<?x?x?xf64> to memref<?x?x?xf64, strided<[?, ?, 1], offset: ?>>
      %subview_10 = memref.subview %arg3[1, 2, 1] [%1, %1, %1] [1, 1, 1] : memref<?x?x?xf64> to memref<?x?x?xf64, strided<[?, ?, 1], offset: ?>>
      %subview_11 = memref.subview %arg3[1, 0, 1] [%1, %1, %1] [1, 1, 1] : memref<?x?x?xf64> to memref<?x?x?xf64, strided<[?, ?, 1], offset: ?>>
      %subview_12 = memref.subview %arg3[1, 1, 2] [%1, %1, %1] [1, 1, 1] : memref<?x?x?xf64> to memref<?x?x?xf64, strided<[?, ?, 1], offset: ?>>
      %subview_13 = memref.subview %arg3[1, 1, 0] [%1, %1, %1] [1, 1, 1] : memref<?x?x?xf64> to memref<?x?x?xf64, strided<[?, ?, 1], offset: ?>>
      %subview_14 = memref.subview %arg2[1, 1, 1] [%1, %1, %1] [1, 1, 1] : memref<?x?x?xf64> to memref<?x?x?xf64, strided<[?, ?, 1], offset: ?>>
      linalg.generic {indexing_maps = [#map2, #map2, #map2, #map2, #map2, #map2, #map2, #map2, #map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%subview_7, %subview_8, %subview_9, %subview_10, %subview_8, %subview_11, %subview_12, %subview_8, %subview_13, %subview_8 : memref<?x?x?xf64, strided<[?, ?, 1], offset: ?>>, memref<?x?x?xf64, strided<[?, ?, 1], offset: ?>>, memref<?x?x?xf64, strided<[?, ?, 1], offset: ?>>, memref<?x?x?xf64, strided<[?, ?, 1], offset: ?>>, memref<?x?x?xf64, strided<[?, ?, 1], offset: ?>>, memref<?x?x?xf64, strided<[?, ?, 1], offset: ?>>, memref<?x?x?xf64, strided<[?, ?, 1], offset: ?>>, memref<?x?x?xf64, strided<[?, ?, 1], offset: ?>>, memref<?x?x?xf64, strided<[?, ?, 1], offset: ?>>, memref<?x?x?xf64, strided<[?, ?, 1], offset: ?>>) outs(%subview_14 : memref<?x?x?xf64, strided<[?, ?, 1], offset: ?>>) {
      ^bb0(%in: f64, %in_15: f64, %in_16: f64, %in_17: f64, %in_18: f64, %in_19: f64, %in_20: f64, %in_21: f64, %in_22: f64, %in_23: f64, %out: f64):
        %cst = arith.constant 1.250000e-01 : f64
        %cst_24 = arith.constant 2.000000e+00 : f64
        %2 = arith.mulf %cst_24, %in_15 : f64
        %3 = arith.subf %in, %2 : f64
        %4 = arith.addf %3, %in_16 : f64
        %5 = arith.mulf %cst, %4 : f64
        %6 = arith.mulf %cst_24, %in_18 : f64
        %7 = arith.subf %in_17, %6 : f64
        %8 = arith.addf %7, %in_19 : f64
        %9 = arith.mulf %cst, %8 : f64
        %10 = arith.addf %5, %9 : f64
        %11 = arith.mulf %cst_24, %in_21 : f64
        %12 = arith.subf %in_20, %11 : f64
        %13 = arith.addf %12, %in_22 : f64
        %14 = arith.mulf %cst, %13 : f64
        %15 = arith.addf %10, %14 : f64
        %16 = arith.addf %15, %in_23 : f64
        linalg.yield %16 : f64
      }
    }
    return
  }
}

// -----

// fdtd-2d: the three field updates; the row copy from fict stays
// CHECK-LABEL: func.func @kernel_fdtd_2d(
// CHECK-SAME: %[[TMAX:[a-z0-9_-]+]]: index, %[[NX:[a-z0-9_-]+]]: index, %[[NY:[a-z0-9_-]+]]: index, %[[EX:[a-z0-9_-]+]]: memref<?x?xf64>, %[[EY:[a-z0-9_-]+]]: memref<?x?xf64>, %[[HZ:[a-z0-9_-]+]]: memref<?x?xf64>, %[[FICT:[a-z0-9_-]+]]: memref<?xf64>)
// CHECK: %[[SHZ:[a-z0-9_-]+]] = memref.subview %[[HZ]][1, 0] [%{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}] [1, 1]
// CHECK: %[[SEY:[a-z0-9_-]+]] = memref.subview %[[EY]][1, 0] [%{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}] [1, 1]
// CHECK-NEXT: %[[HALF:[a-z0-9_-]+]] = arith.constant 5.000000e-01 : f64
// CHECK: "kernel.launch"(%[[SEY]], %[[SHZ]], %[[HALF]]) {{{.*}}callee = @fdtd2d_ey_f64, {{.*}}source_order_matches = true, template = "stencil.fdtd2d_ey"
// CHECK: %[[SHZ:[a-z0-9_-]+]] = memref.subview %[[HZ]][0, 1] [%{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}] [1, 1]
// CHECK: %[[SEX:[a-z0-9_-]+]] = memref.subview %[[EX]][0, 1] [%{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}] [1, 1]
// CHECK-NEXT: %[[HALF:[a-z0-9_-]+]] = arith.constant 5.000000e-01 : f64
// CHECK: "kernel.launch"(%[[SEX]], %[[SHZ]], %[[HALF]]) {{{.*}}callee = @fdtd2d_ex_f64, {{.*}}source_order_matches = true, template = "stencil.fdtd2d_ex"
// CHECK: %[[SEX:[a-z0-9_-]+]] = memref.subview %[[EX]][0, 0] [%{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}] [1, 1]
// CHECK: %[[SEY:[a-z0-9_-]+]] = memref.subview %[[EY]][0, 0] [%{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}] [1, 1]
// CHECK-NEXT: %[[SHZ:[a-z0-9_-]+]] = memref.subview %[[HZ]][0, 0] [%{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}] [1, 1]
// CHECK-NEXT: %[[F0_7:[a-z0-9_-]+]] = arith.constant 0.69999999999999996 : f64
// CHECK: "kernel.launch"(%[[SHZ]], %[[SEX]], %[[SEY]], %[[F0_7]]) {{{.*}}callee = @fdtd2d_hz_f64, {{.*}}source_order_matches = true, template = "stencil.fdtd2d_hz"
// REMARK: remark: matched stencil.fdtd2d_ey (1 op) -> @fdtd2d_ey_f64
// REMARK: remark: matched stencil.fdtd2d_ex (1 op) -> @fdtd2d_ex_f64
// REMARK: remark: matched stencil.fdtd2d_hz (1 op) -> @fdtd2d_hz_f64
#map = affine_map<(d0) -> (0, d0)>
#map1 = affine_map<(d0) -> (0)>
#map2 = affine_map<(d0) -> (0, d0 - 1)>
#map3 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @kernel_fdtd_2d(%arg0: index, %arg1: index, %arg2: index, %arg3: memref<?x?xf64>, %arg4: memref<?x?xf64>, %arg5: memref<?x?xf64>, %arg6: memref<?xf64>) {
    affine.for %arg7 = 0 to %arg0 {
      %0 = affine.max #map(%arg2)
      %subview = memref.subview %arg6[%arg7] [1] [1] : memref<?xf64> to memref<1xf64, strided<[1], offset: ?>>
      %subview_0 = memref.subview %arg4[0, 0] [1, %0] [1, 1] : memref<?x?xf64> to memref<1x?xf64, strided<[?, 1]>>
      linalg.generic {indexing_maps = [#map1, #map], iterator_types = ["parallel"]} ins(%subview : memref<1xf64, strided<[1], offset: ?>>) outs(%subview_0 : memref<1x?xf64, strided<[?, 1]>>) {
      ^bb0(%in: f64, %out: f64):
        linalg.yield %in : f64
      }
      %1 = affine.max #map2(%arg1)
      %2 = affine.max #map(%arg2)
      %subview_1 = memref.subview %arg5[1, 0] [%1, %2] [1, 1] : memref<?x?xf64> to memref<?x?xf64, strided<[?, 1], offset: ?>>
      %subview_2 = memref.subview %arg5[0, 0] [%1, %2] [1, 1] : memref<?x?xf64> to memref<?x?xf64, strided<[?, 1]>>
      %subview_3 = memref.subview %arg4[1, 0] [%1, %2] [1, 1] : memref<?x?xf64> to memref<?x?xf64, strided<[?, 1], offset: ?>>
      linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%subview_1, %subview_2 : memref<?x?xf64, strided<[?, 1], offset: ?>>, memref<?x?xf64, strided<[?, 1]>>) outs(%subview_3 : memref<?x?xf64, strided<[?, 1], offset: ?>>) {
      ^bb0(%in: f64, %in_12: f64, %out: f64):
        %cst = arith.constant 5.000000e-01 : f64
        %7 = arith.subf %in, %in_12 : f64
        %8 = arith.mulf %cst, %7 : f64
        %9 = arith.subf %out, %8 : f64
        linalg.yield %9 : f64
      }
      %3 = affine.max #map(%arg1)
      %4 = affine.max #map2(%arg2)
      %subview_4 = memref.subview %arg5[0, 1] [%3, %4] [1, 1] : memref<?x?xf64> to memref<?x?xf64, strided<[?, 1], offset: 1>>
      %subview_5 = memref.subview %arg5[0, 0] [%3, %4] [1, 1] : memref<?x?xf64> to memref<?x?xf64, strided<[?, 1]>>
      %subview_6 = memref.subview %arg3[0, 1] [%3, %4] [1, 1] : memref<?x?xf64> to memref<?x?xf64, strided<[?, 1], offset: 1>>
      linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%subview_4, %subview_5 : memref<?x?xf64, strided<[?, 1], offset: 1>>, memref<?x?xf64, strided<[?, 1]>>) outs(%subview_6 : memref<?x?xf64, strided<[?, 1], offset: 1>>) {
      ^bb0(%in: f64, %in_12: f64, %out: f64):
        %cst = arith.constant 5.000000e-01 : f64
        %7 = arith.subf %in, %in_12 : f64
        %8 = arith.mulf %cst, %7 : f64
        %9 = arith.subf %out, %8 : f64
        linalg.yield %9 : f64
      }
      %5 = affine.max #map2(%arg1)
      %6 = affine.max #map2(%arg2)
      %subview_7 = memref.subview %arg3[0, 1] [%5, %6] [1, 1] : memref<?x?xf64> to memref<?x?xf64, strided<[?, 1], offset: 1>>
      %subview_8 = memref.subview %arg3[0, 0] [%5, %6] [1, 1] : memref<?x?xf64> to memref<?x?xf64, strided<[?, 1]>>
      %subview_9 = memref.subview %arg4[1, 0] [%5, %6] [1, 1] : memref<?x?xf64> to memref<?x?xf64, strided<[?, 1], offset: ?>>
      %subview_10 = memref.subview %arg4[0, 0] [%5, %6] [1, 1] : memref<?x?xf64> to memref<?x?xf64, strided<[?, 1]>>
      %subview_11 = memref.subview %arg5[0, 0] [%5, %6] [1, 1] : memref<?x?xf64> to memref<?x?xf64, strided<[?, 1]>>
      linalg.generic {indexing_maps = [#map3, #map3, #map3, #map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%subview_7, %subview_8, %subview_9, %subview_10 : memref<?x?xf64, strided<[?, 1], offset: 1>>, memref<?x?xf64, strided<[?, 1]>>, memref<?x?xf64, strided<[?, 1], offset: ?>>, memref<?x?xf64, strided<[?, 1]>>) outs(%subview_11 : memref<?x?xf64, strided<[?, 1]>>) {
      ^bb0(%in: f64, %in_12: f64, %in_13: f64, %in_14: f64, %out: f64):
        %cst = arith.constant 0.69999999999999996 : f64
        %7 = arith.subf %in, %in_12 : f64
        %8 = arith.addf %7, %in_13 : f64
        %9 = arith.subf %8, %in_14 : f64
        %10 = arith.mulf %cst, %9 : f64
        %11 = arith.subf %out, %10 : f64
        linalg.yield %11 : f64
      }
    }
    return
  }
}
