// RUN: polylift-opt %s --split-input-file --match-kernels | FileCheck %s
// RUN: polylift-opt %s --split-input-file --match-kernels --remarks=applied 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK

// Raised IR of the bundled benchmarks (polylift-cc -DMINI_DATASET, then
// --raise-affine-to-linalg), matched against the cnn templates.
// conv2d: zero, then accumulate over ci, ky, kx
// CHECK-LABEL: func.func @kernel_conv2d(
// CHECK-SAME: %[[BATCH:[a-z0-9_-]+]]: index, %[[CIN:[a-z0-9_-]+]]: index, %[[COUT:[a-z0-9_-]+]]: index, %[[H:[a-z0-9_-]+]]: index, %[[W:[a-z0-9_-]+]]: index, %[[KS:[a-z0-9_-]+]]: index, %[[OH:[a-z0-9_-]+]]: index, %[[OW:[a-z0-9_-]+]]: index, %[[IN:[a-z0-9_-]+]]: memref<?x?x?x?xf32>, %[[WT:[a-z0-9_-]+]]: memref<?x?x?x?xf32>, %[[OUT:[a-z0-9_-]+]]: memref<?x?x?x?xf32>)
// CHECK-NOT: linalg.generic
// CHECK: %[[SOUT:[a-z0-9_-]+]] = memref.subview %[[OUT]][0, 0, 0, 0] [%{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}] [1, 1, 1, 1]
// CHECK: %[[SIN:[a-z0-9_-]+]] = memref.subview %[[IN]][0, 0, 0, 0] [%{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}] [1, 1, 1, 1]
// CHECK-NEXT: %[[SWT:[a-z0-9_-]+]] = memref.subview %[[WT]][0, 0, 0, 0] [%{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}] [1, 1, 1, 1]
// CHECK: "kernel.launch"(%[[SOUT]], %[[SIN]], %[[SWT]]) {{{.*}}callee = @conv2d_f32, {{.*}}source_order_matches = true, template = "cnn.conv2d"
// REMARK: remark: matched cnn.conv2d (2 ops) -> @conv2d_f32
#map = affine_map<(d0) -> (0, d0)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map2 = affine_map<(d0, d1) -> (d0 + d1 - 1)>
#map3 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d2 + d5, d3 + d6)>
#map4 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d1, d4, d5, d6)>
#map5 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>
module {
  func.func @kernel_conv2d(%arg0: index, %arg1: index, %arg2: index, %arg3: index, %arg4: index, %arg5: index, %arg6: index, %arg7: index, %arg8: memref<?x?x?x?xf32>, %arg9: memref<?x?x?x?xf32>, %arg10: memref<?x?x?x?xf32>) {
    %0 = affine.max #map(%arg0)
    %1 = affine.max #map(%arg2)
    %2 = affine.max #map(%arg6)
    %3 = affine.max #map(%arg7)
    %4 = affine.max #map(%arg1)
    %5 = affine.max #map(%arg5)
    %subview = memref.subview %arg10[0, 0, 0, 0] [%0, %1, %2, %3] [1, 1, 1, 1] : memref<?x?x?x?xf32> to memref<?x?x?x?xf32, strided<[?, ?, ?, 1]>>
    linalg.generic {indexing_maps = [#map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} outs(%subview : memref<?x?x?x?xf32, strided<[?, ?, ?, 1]>>) {
    ^bb0(%out: f32):
      %cst = arith.constant 0.000000e+00 : f32
      linalg.yield %cst : f32
    }
    %6 = affine.apply #map2(%2, %5)
    %7 = affine.apply #map2(%3, %5)
    %subview_0 = memref.subview %arg8[0, 0, 0, 0] [%0, %4, %6, %7] [1, 1, 1, 1] : memref<?x?x?x?xf32> to memref<?x?x?x?xf32, strided<[?, ?, ?, 1]>>
    %subview_1 = memref.subview %arg9[0, 0, 0, 0] [%1, %4, %5, %5] [1, 1, 1, 1] : memref<?x?x?x?xf32> to memref<?x?x?x?xf32, strided<[?, ?, ?, 1]>>
    linalg.generic {indexing_maps = [#map3, #map4, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%subview_0, %subview_1 : memref<?x?x?x?xf32, strided<[?, ?, ?, 1]>>, memref<?x?x?x?xf32, strided<[?, ?, ?, 1]>>) outs(%subview : memref<?x?x?x?xf32, strided<[?, ?, ?, 1]>>) {
    ^bb0(%in: f32, %in_2: f32, %out: f32):
      %8 = arith.mulf %in, %in_2 : f32
      %9 = arith.addf %out, %8 : f32
      linalg.yield %9 : f32
    }
    return
  }
}

// -----

// conv + bias + relu + residual: three ops, one launch
// CHECK-LABEL: func.func @kernel_conv_bias_relu_add(
// CHECK-SAME: %[[BATCH:[a-z0-9_-]+]]: index, %[[CIN:[a-z0-9_-]+]]: index, %[[COUT:[a-z0-9_-]+]]: index, %[[H:[a-z0-9_-]+]]: index, %[[W:[a-z0-9_-]+]]: index, %[[KS:[a-z0-9_-]+]]: index, %[[OH:[a-z0-9_-]+]]: index, %[[OW:[a-z0-9_-]+]]: index, %[[IN:[a-z0-9_-]+]]: memref<?x?x?x?xf32>, %[[WT:[a-z0-9_-]+]]: memref<?x?x?x?xf32>, %[[BIAS:[a-z0-9_-]+]]: memref<?xf32>, %[[RES:[a-z0-9_-]+]]: memref<?x?x?x?xf32>, %[[OUT:[a-z0-9_-]+]]: memref<?x?x?x?xf32>)
// CHECK-NOT: linalg.generic
// CHECK: %[[SIN:[a-z0-9_-]+]] = memref.subview %[[IN]][0, 0, 0, 0] [%{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}] [1, 1, 1, 1]
// CHECK-NEXT: %[[SWT:[a-z0-9_-]+]] = memref.subview %[[WT]][0, 0, 0, 0] [%{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}] [1, 1, 1, 1]
// CHECK: %[[SBIAS:[a-z0-9_-]+]] = memref.subview %[[BIAS]][0] [%{{[a-z0-9_-]+}}] [1]
// CHECK-NEXT: %[[SRES:[a-z0-9_-]+]] = memref.subview %[[RES]][0, 0, 0, 0] [%{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}] [1, 1, 1, 1]
// CHECK-NEXT: %[[SOUT:[a-z0-9_-]+]] = memref.subview %[[OUT]][0, 0, 0, 0] [%{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}] [1, 1, 1, 1]
// CHECK: "kernel.launch"(%[[SOUT]], %[[SIN]], %[[SWT]], %[[SBIAS]], %[[SRES]]) {{{.*}}callee = @conv_bias_relu_add_f32, {{.*}}source_order_matches = true, template = "cnn.conv_bias_relu_add"
// REMARK: remark: matched cnn.conv_bias_relu_add (3 ops) -> @conv_bias_relu_add_f32
#map = affine_map<(d0) -> (0, d0)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map2 = affine_map<(d0, d1) -> (d0 + d1 - 1)>
#map3 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d2 + d5, d3 + d6)>
#map4 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d1, d4, d5, d6)>
#map5 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>
#map6 = affine_map<(d0, d1, d2, d3) -> (d1)>
module {
  func.func @kernel_conv_bias_relu_add(%arg0: index, %arg1: index, %arg2: index, %arg3: index, %arg4: index, %arg5: index, %arg6: index, %arg7: index, %arg8: memref<?x?x?x?xf32>, %arg9: memref<?x?x?x?xf32>, %arg10: memref<?xf32>, %arg11: memref<?x?x?x?xf32>, %arg12: memref<?x?x?x?xf32>) {
    %0 = affine.max #map(%arg0)
    %1 = affine.max #map(%arg2)
    %2 = affine.max #map(%arg6)
    %3 = affine.max #map(%arg7)
    %4 = affine.max #map(%arg1)
    %5 = affine.max #map(%arg5)
    %subview = memref.subview %arg12[0, 0, 0, 0] [%0, %1, %2, %3] [1, 1, 1, 1] : memref<?x?x?x?xf32> to memref<?x?x?x?xf32, strided<[?, ?, ?, 1]>>
    linalg.generic {indexing_maps = [#map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} outs(%subview : memref<?x?x?x?xf32, strided<[?, ?, ?, 1]>>) {
    ^bb0(%out: f32):
      %cst_5 = arith.constant 0.000000e+00 : f32
      linalg.yield %cst_5 : f32
    }
    %6 = affine.apply #map2(%2, %5)
    %7 = affine.apply #map2(%3, %5)
    %subview_0 = memref.subview %arg8[0, 0, 0, 0] [%0, %4, %6, %7] [1, 1, 1, 1] : memref<?x?x?x?xf32> to memref<?x?x?x?xf32, strided<[?, ?, ?, 1]>>
    %subview_1 = memref.subview %arg9[0, 0, 0, 0] [%1, %4, %5, %5] [1, 1, 1, 1] : memref<?x?x?x?xf32> to memref<?x?x?x?xf32, strided<[?, ?, ?, 1]>>
    linalg.generic {indexing_maps = [#map3, #map4, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%subview_0, %subview_1 : memref<?x?x?x?xf32, strided<[?, ?, ?, 1]>>, memref<?x?x?x?xf32, strided<[?, ?, ?, 1]>>) outs(%subview : memref<?x?x?x?xf32, strided<[?, ?, ?, 1]>>) {
    ^bb0(%in: f32, %in_5: f32, %out: f32):
      %12 = arith.mulf %in, %in_5 : f32
      %13 = arith.addf %out, %12 : f32
      linalg.yield %13 : f32
    }
    %cst = arith.constant 0.000000e+00 : f32
    %8 = affine.max #map(%arg0)
    %9 = affine.max #map(%arg2)
    %10 = affine.max #map(%arg6)
    %11 = affine.max #map(%arg7)
    %subview_2 = memref.subview %arg10[0] [%9] [1] : memref<?xf32> to memref<?xf32, strided<[1]>>
    %subview_3 = memref.subview %arg11[0, 0, 0, 0] [%8, %9, %10, %11] [1, 1, 1, 1] : memref<?x?x?x?xf32> to memref<?x?x?x?xf32, strided<[?, ?, ?, 1]>>
    %subview_4 = memref.subview %arg12[0, 0, 0, 0] [%8, %9, %10, %11] [1, 1, 1, 1] : memref<?x?x?x?xf32> to memref<?x?x?x?xf32, strided<[?, ?, ?, 1]>>
    linalg.generic {indexing_maps = [#map6, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%subview_2, %subview_3 : memref<?xf32, strided<[1]>>, memref<?x?x?x?xf32, strided<[?, ?, ?, 1]>>) outs(%subview_4 : memref<?x?x?x?xf32, strided<[?, ?, ?, 1]>>) {
    ^bb0(%in: f32, %in_5: f32, %out: f32):
      %12 = arith.addf %out, %in : f32
      %13 = arith.cmpf ogt, %12, %cst : f32
      %14 = arith.select %13, %12, %cst : f32
      %15 = arith.addf %14, %in_5 : f32
      linalg.yield %15 : f32
    }
    return
  }
}

// -----

// conv + batchnorm + relu: three ops, one launch
// CHECK-LABEL: func.func @kernel_conv_bn_relu(
// CHECK-SAME: %[[BATCH:[a-z0-9_-]+]]: index, %[[CIN:[a-z0-9_-]+]]: index, %[[COUT:[a-z0-9_-]+]]: index, %[[H:[a-z0-9_-]+]]: index, %[[W:[a-z0-9_-]+]]: index, %[[KS:[a-z0-9_-]+]]: index, %[[OH:[a-z0-9_-]+]]: index, %[[OW:[a-z0-9_-]+]]: index, %[[EPS:[a-z0-9_-]+]]: f32, %[[IN:[a-z0-9_-]+]]: memref<?x?x?x?xf32>, %[[WT:[a-z0-9_-]+]]: memref<?x?x?x?xf32>, %[[SCALE:[a-z0-9_-]+]]: memref<?xf32>, %[[BIAS:[a-z0-9_-]+]]: memref<?xf32>, %[[MEAN:[a-z0-9_-]+]]: memref<?xf32>, %[[VAR:[a-z0-9_-]+]]: memref<?xf32>, %[[OUT:[a-z0-9_-]+]]: memref<?x?x?x?xf32>)
// CHECK-NOT: linalg.generic
// CHECK: %[[SIN:[a-z0-9_-]+]] = memref.subview %[[IN]][0, 0, 0, 0] [%{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}] [1, 1, 1, 1]
// CHECK-NEXT: %[[SWT:[a-z0-9_-]+]] = memref.subview %[[WT]][0, 0, 0, 0] [%{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}] [1, 1, 1, 1]
// CHECK: %[[SSCALE:[a-z0-9_-]+]] = memref.subview %[[SCALE]][0] [%{{[a-z0-9_-]+}}] [1]
// CHECK-NEXT: %[[SMEAN:[a-z0-9_-]+]] = memref.subview %[[MEAN]][0] [%{{[a-z0-9_-]+}}] [1]
// CHECK-NEXT: %[[SVAR:[a-z0-9_-]+]] = memref.subview %[[VAR]][0] [%{{[a-z0-9_-]+}}] [1]
// CHECK-NEXT: %[[SBIAS:[a-z0-9_-]+]] = memref.subview %[[BIAS]][0] [%{{[a-z0-9_-]+}}] [1]
// CHECK-NEXT: %[[SOUT:[a-z0-9_-]+]] = memref.subview %[[OUT]][0, 0, 0, 0] [%{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}] [1, 1, 1, 1]
// CHECK: "kernel.launch"(%[[SOUT]], %[[SIN]], %[[SWT]], %[[SSCALE]], %[[SBIAS]], %[[SMEAN]], %[[SVAR]], %[[EPS]]) {{{.*}}callee = @conv_bn_relu_f32, {{.*}}source_order_matches = true, template = "cnn.conv_bn_relu"
// REMARK: remark: matched cnn.conv_bn_relu (3 ops) -> @conv_bn_relu_f32
#map = affine_map<(d0) -> (0, d0)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map2 = affine_map<(d0, d1) -> (d0 + d1 - 1)>
#map3 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d2 + d5, d3 + d6)>
#map4 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d1, d4, d5, d6)>
#map5 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>
#map6 = affine_map<(d0, d1, d2, d3) -> (d1)>
module {
  func.func @kernel_conv_bn_relu(%arg0: index, %arg1: index, %arg2: index, %arg3: index, %arg4: index, %arg5: index, %arg6: index, %arg7: index, %arg8: f32, %arg9: memref<?x?x?x?xf32>, %arg10: memref<?x?x?x?xf32>, %arg11: memref<?xf32>, %arg12: memref<?xf32>, %arg13: memref<?xf32>, %arg14: memref<?xf32>, %arg15: memref<?x?x?x?xf32>) {
    %0 = affine.max #map(%arg0)
    %1 = affine.max #map(%arg2)
    %2 = affine.max #map(%arg6)
    %3 = affine.max #map(%arg7)
    %4 = affine.max #map(%arg1)
    %5 = affine.max #map(%arg5)
    %subview = memref.subview %arg15[0, 0, 0, 0] [%0, %1, %2, %3] [1, 1, 1, 1] : memref<?x?x?x?xf32> to memref<?x?x?x?xf32, strided<[?, ?, ?, 1]>>
    linalg.generic {indexing_maps = [#map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} outs(%subview : memref<?x?x?x?xf32, strided<[?, ?, ?, 1]>>) {
    ^bb0(%out: f32):
      %cst_7 = arith.constant 0.000000e+00 : f32
      linalg.yield %cst_7 : f32
    }
    %6 = affine.apply #map2(%2, %5)
    %7 = affine.apply #map2(%3, %5)
    %subview_0 = memref.subview %arg9[0, 0, 0, 0] [%0, %4, %6, %7] [1, 1, 1, 1] : memref<?x?x?x?xf32> to memref<?x?x?x?xf32, strided<[?, ?, ?, 1]>>
    %subview_1 = memref.subview %arg10[0, 0, 0, 0] [%1, %4, %5, %5] [1, 1, 1, 1] : memref<?x?x?x?xf32> to memref<?x?x?x?xf32, strided<[?, ?, ?, 1]>>
    linalg.generic {indexing_maps = [#map3, #map4, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%subview_0, %subview_1 : memref<?x?x?x?xf32, strided<[?, ?, ?, 1]>>, memref<?x?x?x?xf32, strided<[?, ?, ?, 1]>>) outs(%subview : memref<?x?x?x?xf32, strided<[?, ?, ?, 1]>>) {
    ^bb0(%in: f32, %in_7: f32, %out: f32):
      %12 = arith.mulf %in, %in_7 : f32
      %13 = arith.addf %out, %12 : f32
      linalg.yield %13 : f32
    }
    %cst = arith.constant 0.000000e+00 : f32
    %8 = affine.max #map(%arg0)
    %9 = affine.max #map(%arg2)
    %10 = affine.max #map(%arg6)
    %11 = affine.max #map(%arg7)
    %subview_2 = memref.subview %arg11[0] [%9] [1] : memref<?xf32> to memref<?xf32, strided<[1]>>
    %subview_3 = memref.subview %arg13[0] [%9] [1] : memref<?xf32> to memref<?xf32, strided<[1]>>
    %subview_4 = memref.subview %arg14[0] [%9] [1] : memref<?xf32> to memref<?xf32, strided<[1]>>
    %subview_5 = memref.subview %arg12[0] [%9] [1] : memref<?xf32> to memref<?xf32, strided<[1]>>
    %subview_6 = memref.subview %arg15[0, 0, 0, 0] [%8, %9, %10, %11] [1, 1, 1, 1] : memref<?x?x?x?xf32> to memref<?x?x?x?xf32, strided<[?, ?, ?, 1]>>
    linalg.generic {indexing_maps = [#map6, #map6, #map6, #map6, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%subview_2, %subview_3, %subview_4, %subview_5 : memref<?xf32, strided<[1]>>, memref<?xf32, strided<[1]>>, memref<?xf32, strided<[1]>>, memref<?xf32, strided<[1]>>) outs(%subview_6 : memref<?x?x?x?xf32, strided<[?, ?, ?, 1]>>) {
    ^bb0(%in: f32, %in_7: f32, %in_8: f32, %in_9: f32, %out: f32):
      %12 = arith.subf %out, %in_7 : f32
      %13 = arith.mulf %in, %12 : f32
      %14 = arith.addf %in_8, %arg8 : f32
      %15 = math.sqrt %14 : f32
      %16 = arith.divf %13, %15 : f32
      %17 = arith.addf %16, %in_9 : f32
      %18 = arith.cmpf ogt, %17, %cst : f32
      %19 = arith.select %18, %17, %cst : f32
      linalg.yield %19 : f32
    }
    return
  }
}

// -----

// batchnorm inference
// CHECK-LABEL: func.func @kernel_batchnorm(
// CHECK-SAME: %[[BATCH:[a-z0-9_-]+]]: index, %[[C:[a-z0-9_-]+]]: index, %[[H:[a-z0-9_-]+]]: index, %[[W:[a-z0-9_-]+]]: index, %[[EPS:[a-z0-9_-]+]]: f32, %[[X:[a-z0-9_-]+]]: memref<?x?x?x?xf32>, %[[SCALE:[a-z0-9_-]+]]: memref<?xf32>, %[[BIAS:[a-z0-9_-]+]]: memref<?xf32>, %[[MEAN:[a-z0-9_-]+]]: memref<?xf32>, %[[VAR:[a-z0-9_-]+]]: memref<?xf32>, %[[Y:[a-z0-9_-]+]]: memref<?x?x?x?xf32>)
// CHECK-NOT: linalg.generic
// CHECK: %[[SSCALE:[a-z0-9_-]+]] = memref.subview %[[SCALE]][0] [%{{[a-z0-9_-]+}}] [1]
// CHECK-NEXT: %[[SX:[a-z0-9_-]+]] = memref.subview %[[X]][0, 0, 0, 0] [%{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}] [1, 1, 1, 1]
// CHECK-NEXT: %[[SMEAN:[a-z0-9_-]+]] = memref.subview %[[MEAN]][0] [%{{[a-z0-9_-]+}}] [1]
// CHECK-NEXT: %[[SVAR:[a-z0-9_-]+]] = memref.subview %[[VAR]][0] [%{{[a-z0-9_-]+}}] [1]
// CHECK-NEXT: %[[SBIAS:[a-z0-9_-]+]] = memref.subview %[[BIAS]][0] [%{{[a-z0-9_-]+}}] [1]
// CHECK-NEXT: %[[SY:[a-z0-9_-]+]] = memref.subview %[[Y]][0, 0, 0, 0] [%{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}] [1, 1, 1, 1]
// CHECK: "kernel.launch"(%[[SY]], %[[SX]], %[[SSCALE]], %[[SBIAS]], %[[SMEAN]], %[[SVAR]], %[[EPS]]) {{{.*}}callee = @batchnorm_f32, {{.*}}source_order_matches = true, template = "cnn.batchnorm"
// REMARK: remark: matched cnn.batchnorm (1 op) -> @batchnorm_f32
#map = affine_map<(d0) -> (0, d0)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d1)>
#map2 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
module {
  func.func @kernel_batchnorm(%arg0: index, %arg1: index, %arg2: index, %arg3: index, %arg4: f32, %arg5: memref<?x?x?x?xf32>, %arg6: memref<?xf32>, %arg7: memref<?xf32>, %arg8: memref<?xf32>, %arg9: memref<?xf32>, %arg10: memref<?x?x?x?xf32>) {
    %0 = affine.max #map(%arg0)
    %1 = affine.max #map(%arg1)
    %2 = affine.max #map(%arg2)
    %3 = affine.max #map(%arg3)
    %subview = memref.subview %arg6[0] [%1] [1] : memref<?xf32> to memref<?xf32, strided<[1]>>
    %subview_0 = memref.subview %arg5[0, 0, 0, 0] [%0, %1, %2, %3] [1, 1, 1, 1] : memref<?x?x?x?xf32> to memref<?x?x?x?xf32, strided<[?, ?, ?, 1]>>
    %subview_1 = memref.subview %arg8[0] [%1] [1] : memref<?xf32> to memref<?xf32, strided<[1]>>
    %subview_2 = memref.subview %arg9[0] [%1] [1] : memref<?xf32> to memref<?xf32, strided<[1]>>
    %subview_3 = memref.subview %arg7[0] [%1] [1] : memref<?xf32> to memref<?xf32, strided<[1]>>
    %subview_4 = memref.subview %arg10[0, 0, 0, 0] [%0, %1, %2, %3] [1, 1, 1, 1] : memref<?x?x?x?xf32> to memref<?x?x?x?xf32, strided<[?, ?, ?, 1]>>
    linalg.generic {indexing_maps = [#map1, #map2, #map1, #map1, #map1, #map2], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%subview, %subview_0, %subview_1, %subview_2, %subview_3 : memref<?xf32, strided<[1]>>, memref<?x?x?x?xf32, strided<[?, ?, ?, 1]>>, memref<?xf32, strided<[1]>>, memref<?xf32, strided<[1]>>, memref<?xf32, strided<[1]>>) outs(%subview_4 : memref<?x?x?x?xf32, strided<[?, ?, ?, 1]>>) {
    ^bb0(%in: f32, %in_5: f32, %in_6: f32, %in_7: f32, %in_8: f32, %out: f32):
      %4 = arith.subf %in_5, %in_6 : f32
      %5 = arith.mulf %in, %4 : f32
      %6 = arith.addf %in_7, %arg4 : f32
      %7 = math.sqrt %6 : f32
      %8 = arith.divf %5, %7 : f32
      %9 = arith.addf %8, %in_8 : f32
      linalg.yield %9 : f32
    }
    return
  }
}

// -----

// shortcut add
// CHECK-LABEL: func.func @kernel_shortcut(
// CHECK-SAME: %[[BATCH:[a-z0-9_-]+]]: index, %[[C:[a-z0-9_-]+]]: index, %[[H:[a-z0-9_-]+]]: index, %[[W:[a-z0-9_-]+]]: index, %[[ADD:[a-z0-9_-]+]]: memref<?x?x?x?xf32>, %[[OUT:[a-z0-9_-]+]]: memref<?x?x?x?xf32>)
// CHECK-NOT: linalg.generic
// CHECK: %[[SADD:[a-z0-9_-]+]] = memref.subview %[[ADD]][0, 0, 0, 0] [%{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}] [1, 1, 1, 1]
// CHECK-NEXT: %[[SOUT:[a-z0-9_-]+]] = memref.subview %[[OUT]][0, 0, 0, 0] [%{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}] [1, 1, 1, 1]
// CHECK: "kernel.launch"(%[[SOUT]], %[[SADD]]) {{{.*}}callee = @shortcut_f32, {{.*}}source_order_matches = true, template = "cnn.shortcut"
// REMARK: remark: matched cnn.shortcut (1 op) -> @shortcut_f32
#map = affine_map<(d0) -> (0, d0)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
module {
  func.func @kernel_shortcut(%arg0: index, %arg1: index, %arg2: index, %arg3: index, %arg4: memref<?x?x?x?xf32>, %arg5: memref<?x?x?x?xf32>) {
    %0 = affine.max #map(%arg0)
    %1 = affine.max #map(%arg1)
    %2 = affine.max #map(%arg2)
    %3 = affine.max #map(%arg3)
    %subview = memref.subview %arg4[0, 0, 0, 0] [%0, %1, %2, %3] [1, 1, 1, 1] : memref<?x?x?x?xf32> to memref<?x?x?x?xf32, strided<[?, ?, ?, 1]>>
    %subview_0 = memref.subview %arg5[0, 0, 0, 0] [%0, %1, %2, %3] [1, 1, 1, 1] : memref<?x?x?x?xf32> to memref<?x?x?x?xf32, strided<[?, ?, ?, 1]>>
    linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%subview : memref<?x?x?x?xf32, strided<[?, ?, ?, 1]>>) outs(%subview_0 : memref<?x?x?x?xf32, strided<[?, ?, ?, 1]>>) {
    ^bb0(%in: f32, %out: f32):
      %4 = arith.addf %out, %in : f32
      linalg.yield %4 : f32
    }
    return
  }
}

// -----

// 1x1 convolution: zero + accumulate over input channels
// CHECK-LABEL: func.func @kernel_conv1x1(
// CHECK-SAME: %[[BATCH:[a-z0-9_-]+]]: index, %[[CIN:[a-z0-9_-]+]]: index, %[[COUT:[a-z0-9_-]+]]: index, %[[H:[a-z0-9_-]+]]: index, %[[W:[a-z0-9_-]+]]: index, %[[IN:[a-z0-9_-]+]]: memref<?x?x?x?xf32>, %[[WT:[a-z0-9_-]+]]: memref<?x?xf32>, %[[OUT:[a-z0-9_-]+]]: memref<?x?x?x?xf32>)
// CHECK-NOT: linalg.generic
// CHECK: %[[SOUT:[a-z0-9_-]+]] = memref.subview %[[OUT]][0, 0, 0, 0] [%{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}] [1, 1, 1, 1]
// CHECK-NEXT: %[[SWT:[a-z0-9_-]+]] = memref.subview %[[WT]][0, 0] [%{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}] [1, 1]
// CHECK-NEXT: %[[SIN:[a-z0-9_-]+]] = memref.subview %[[IN]][0, 0, 0, 0] [%{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}] [1, 1, 1, 1]
// CHECK: "kernel.launch"(%[[SOUT]], %[[SWT]], %[[SIN]]) {{{.*}}callee = @conv1x1_f32, {{.*}}source_order_matches = true, template = "cnn.conv1x1"
// REMARK: remark: matched cnn.conv1x1 (2 ops) -> @conv1x1_f32
#map = affine_map<(d0) -> (0, d0)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map2 = affine_map<(d0, d1, d2, d3, d4) -> (d1, d2)>
#map3 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d2, d3, d4)>
#map4 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d3, d4)>
module {
  func.func @kernel_conv1x1(%arg0: index, %arg1: index, %arg2: index, %arg3: index, %arg4: index, %arg5: memref<?x?x?x?xf32>, %arg6: memref<?x?xf32>, %arg7: memref<?x?x?x?xf32>) {
    %cst = arith.constant 0.000000e+00 : f32
    %0 = affine.max #map(%arg0)
    %1 = affine.max #map(%arg2)
    %2 = affine.max #map(%arg3)
    %3 = affine.max #map(%arg4)
    %4 = affine.max #map(%arg1)
    %subview = memref.subview %arg7[0, 0, 0, 0] [%0, %1, %2, %3] [1, 1, 1, 1] : memref<?x?x?x?xf32> to memref<?x?x?x?xf32, strided<[?, ?, ?, 1]>>
    linalg.generic {indexing_maps = [#map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} outs(%subview : memref<?x?x?x?xf32, strided<[?, ?, ?, 1]>>) {
    ^bb0(%out: f32):
      linalg.yield %cst : f32
    }
    %subview_0 = memref.subview %arg6[0, 0] [%1, %4] [1, 1] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1]>>
    %subview_1 = memref.subview %arg5[0, 0, 0, 0] [%0, %4, %2, %3] [1, 1, 1, 1] : memref<?x?x?x?xf32> to memref<?x?x?x?xf32, strided<[?, ?, ?, 1]>>
    linalg.generic {indexing_maps = [#map2, #map3, #map4], iterator_types = ["parallel", "parallel", "reduction", "parallel", "parallel"]} ins(%subview_0, %subview_1 : memref<?x?xf32, strided<[?, 1]>>, memref<?x?x?x?xf32, strided<[?, ?, ?, 1]>>) outs(%subview : memref<?x?x?x?xf32, strided<[?, ?, ?, 1]>>) {
    ^bb0(%in: f32, %in_2: f32, %out: f32):
      %5 = arith.mulf %in, %in_2 : f32
      %6 = arith.addf %out, %5 : f32
      linalg.yield %6 : f32
    }
    return
  }
}

// -----

// gemm + bias + relu epilogue; the epilogue recomputes its sizes with affine.max
// CHECK-LABEL: func.func @kernel_gemm_bias_relu(
// CHECK-SAME: %[[M:[a-z0-9_-]+]]: index, %[[N:[a-z0-9_-]+]]: index, %[[K:[a-z0-9_-]+]]: index, %[[A:[a-z0-9_-]+]]: memref<?x?xf32>, %[[B:[a-z0-9_-]+]]: memref<?x?xf32>, %[[BIAS:[a-z0-9_-]+]]: memref<?xf32>, %[[C:[a-z0-9_-]+]]: memref<?x?xf32>)
// CHECK-NOT: linalg.generic
// CHECK: %[[SA:[a-z0-9_-]+]] = memref.subview %[[A]][0, 0] [%{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}] [1, 1]
// CHECK-NEXT: %[[SB:[a-z0-9_-]+]] = memref.subview %[[B]][0, 0] [%{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}] [1, 1]
// CHECK: %[[SBIAS:[a-z0-9_-]+]] = memref.subview %[[BIAS]][0] [%{{[a-z0-9_-]+}}] [1]
// CHECK-NEXT: %[[SC:[a-z0-9_-]+]] = memref.subview %[[C]][0, 0] [%{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}] [1, 1]
// CHECK: "kernel.launch"(%[[SC]], %[[SA]], %[[SB]], %[[SBIAS]]) {{{.*}}callee = @gemm_bias_relu_f32, {{.*}}source_order_matches = true, template = "cnn.gemm_bias_relu"
// REMARK: remark: matched cnn.gemm_bias_relu (3 ops) -> @gemm_bias_relu_f32
#map = affine_map<(d0) -> (0, d0)>
#map1 = affine_map<(d0, d1) -> (d0, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#map3 = affine_map<(d0, d1, d2) -> (d1, d2)>
#map4 = affine_map<(d0, d1, d2) -> (d0, d2)>
#map5 = affine_map<(d0, d1) -> (d1)>
module {
  func.func @kernel_gemm_bias_relu(%arg0: index, %arg1: index, %arg2: index, %arg3: memref<?x?xf32>, %arg4: memref<?x?xf32>, %arg5: memref<?xf32>, %arg6: memref<?x?xf32>) {
    %0 = affine.max #map(%arg0)
    %1 = affine.max #map(%arg1)
    %2 = affine.max #map(%arg2)
    %subview = memref.subview %arg6[0, 0] [%0, %1] [1, 1] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1]>>
    linalg.generic {indexing_maps = [#map1], iterator_types = ["parallel", "parallel"]} outs(%subview : memref<?x?xf32, strided<[?, 1]>>) {
    ^bb0(%out: f32):
      %cst_4 = arith.constant 0.000000e+00 : f32
      linalg.yield %cst_4 : f32
    }
    %subview_0 = memref.subview %arg3[0, 0] [%0, %2] [1, 1] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1]>>
    %subview_1 = memref.subview %arg4[0, 0] [%2, %1] [1, 1] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1]>>
    linalg.generic {indexing_maps = [#map2, #map3, #map4], iterator_types = ["parallel", "reduction", "parallel"]} ins(%subview_0, %subview_1 : memref<?x?xf32, strided<[?, 1]>>, memref<?x?xf32, strided<[?, 1]>>) outs(%subview : memref<?x?xf32, strided<[?, 1]>>) {
    ^bb0(%in: f32, %in_4: f32, %out: f32):
      %5 = arith.mulf %in, %in_4 : f32
      %6 = arith.addf %out, %5 : f32
      linalg.yield %6 : f32
    }
    %cst = arith.constant 0.000000e+00 : f32
    %3 = affine.max #map(%arg0)
    %4 = affine.max #map(%arg1)
    %subview_2 = memref.subview %arg5[0] [%4] [1] : memref<?xf32> to memref<?xf32, strided<[1]>>
    %subview_3 = memref.subview %arg6[0, 0] [%3, %4] [1, 1] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1]>>
    linalg.generic {indexing_maps = [#map5, #map1], iterator_types = ["parallel", "parallel"]} ins(%subview_2 : memref<?xf32, strided<[1]>>) outs(%subview_3 : memref<?x?xf32, strided<[?, 1]>>) {
    ^bb0(%in: f32, %out: f32):
      %5 = arith.addf %out, %in : f32
      %6 = arith.cmpf ogt, %5, %cst : f32
      %7 = arith.select %6, %5, %cst : f32
      linalg.yield %7 : f32
    }
    return
  }
}

// -----

// maxpool: the window's first element, then `v > m ? v : m` over a 2x2 window (the
// window loops' extent comes from the shape-only operand the raising adds).
// CHECK-LABEL: func.func @kernel_maxpool(
// CHECK-SAME: %[[BATCH:[a-z0-9_-]+]]: index, %[[C:[a-z0-9_-]+]]: index, %[[H:[a-z0-9_-]+]]: index, %[[W:[a-z0-9_-]+]]: index, %[[OH:[a-z0-9_-]+]]: index, %[[OW:[a-z0-9_-]+]]: index, %[[IN:[a-z0-9_-]+]]: memref<?x?x?x?xf32>, %[[OUT:[a-z0-9_-]+]]: memref<?x?x?x?xf32>)
// CHECK-NOT: linalg.generic
// CHECK: %[[SOUT:[a-z0-9_-]+]] = memref.subview %[[OUT]][0, 0, 0, 0] [%{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}] [1, 1, 1, 1]
// CHECK: %[[SIN:[a-z0-9_-]+]] = memref.subview %[[IN]][0, 0, 0, 0] [%{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}] [1, 1, 1, 1]
// CHECK: "kernel.launch"(%[[SOUT]], %[[SIN]]) {callee = @maxpool_f32, source_order_matches = true, template = "cnn.maxpool"}
// REMARK: remark: matched cnn.maxpool (2 ops) -> @maxpool_f32
#map = affine_map<(d0) -> (0, d0)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map2 = affine_map<(d0) -> (d0 * 2)>
#map3 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2 * 2 + d4, d3 * 2 + d5)>
#map4 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d4, d5)>
#map5 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3)>
module {
  func.func @kernel_maxpool(%arg0: index, %arg1: index, %arg2: index, %arg3: index, %arg4: index, %arg5: index, %arg6: memref<?x?x?x?xf32>, %arg7: memref<?x?x?x?xf32>) {
    %cst = arith.constant 0.000000e+00 : f32
    %alloca = memref.alloca() : memref<2x2xi8>
    %0 = affine.max #map(%arg0)
    %1 = affine.max #map(%arg1)
    %2 = affine.max #map(%arg4)
    %3 = affine.max #map(%arg5)
    %subview = memref.subview %arg6[0, 0, 0, 0] [%0, %1, %2, %3] [1, 1, 2, 2] : memref<?x?x?x?xf32> to memref<?x?x?x?xf32, strided<[?, ?, ?, 2]>>
    %subview_0 = memref.subview %arg7[0, 0, 0, 0] [%0, %1, %2, %3] [1, 1, 1, 1] : memref<?x?x?x?xf32> to memref<?x?x?x?xf32, strided<[?, ?, ?, 1]>>
    linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%subview : memref<?x?x?x?xf32, strided<[?, ?, ?, 2]>>) outs(%subview_0 : memref<?x?x?x?xf32, strided<[?, ?, ?, 1]>>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    }
    %4 = affine.apply #map2(%2)
    %5 = affine.apply #map2(%3)
    %subview_1 = memref.subview %arg6[0, 0, 0, 0] [%0, %1, %4, %5] [1, 1, 1, 1] : memref<?x?x?x?xf32> to memref<?x?x?x?xf32, strided<[?, ?, ?, 1]>>
    linalg.generic {indexing_maps = [#map3, #map4, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%subview_1, %alloca : memref<?x?x?x?xf32, strided<[?, ?, ?, 1]>>, memref<2x2xi8>) outs(%subview_0 : memref<?x?x?x?xf32, strided<[?, ?, ?, 1]>>) {
    ^bb0(%in: f32, %in_2: i8, %out: f32):
      %6 = arith.cmpf ogt, %in, %out : f32
      %7 = arith.select %6, %in, %out : f32
      linalg.yield %7 : f32
    }
    return
  }
}

// -----

// Near miss: a 3x3 window under the same subscripts is not the template's 2x2.
// CHECK-LABEL: func.func @maxpool_3x3
// CHECK-NOT: kernel.launch
#map = affine_map<(d0) -> (0, d0)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map2 = affine_map<(d0) -> (d0 * 2)>
#map3 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2 * 2 + d4, d3 * 2 + d5)>
#map4 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d4, d5)>
#map5 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3)>
module {
  func.func @maxpool_3x3(%arg0: index, %arg1: index, %arg2: index, %arg3: index, %arg4: index, %arg5: index, %arg6: memref<?x?x?x?xf32>, %arg7: memref<?x?x?x?xf32>) {
    %cst = arith.constant 0.000000e+00 : f32
    %alloca = memref.alloca() : memref<3x3xi8>
    %0 = affine.max #map(%arg0)
    %1 = affine.max #map(%arg1)
    %2 = affine.max #map(%arg4)
    %3 = affine.max #map(%arg5)
    %subview = memref.subview %arg6[0, 0, 0, 0] [%0, %1, %2, %3] [1, 1, 2, 2] : memref<?x?x?x?xf32> to memref<?x?x?x?xf32, strided<[?, ?, ?, 2]>>
    %subview_0 = memref.subview %arg7[0, 0, 0, 0] [%0, %1, %2, %3] [1, 1, 1, 1] : memref<?x?x?x?xf32> to memref<?x?x?x?xf32, strided<[?, ?, ?, 1]>>
    linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%subview : memref<?x?x?x?xf32, strided<[?, ?, ?, 2]>>) outs(%subview_0 : memref<?x?x?x?xf32, strided<[?, ?, ?, 1]>>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    }
    %4 = affine.apply #map2(%2)
    %5 = affine.apply #map2(%3)
    %subview_1 = memref.subview %arg6[0, 0, 0, 0] [%0, %1, %4, %5] [1, 1, 1, 1] : memref<?x?x?x?xf32> to memref<?x?x?x?xf32, strided<[?, ?, ?, 1]>>
    linalg.generic {indexing_maps = [#map3, #map4, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%subview_1, %alloca : memref<?x?x?x?xf32, strided<[?, ?, ?, 1]>>, memref<3x3xi8>) outs(%subview_0 : memref<?x?x?x?xf32, strided<[?, ?, ?, 1]>>) {
    ^bb0(%in: f32, %in_2: i8, %out: f32):
      %6 = arith.cmpf ogt, %in, %out : f32
      %7 = arith.select %6, %in, %out : f32
      linalg.yield %7 : f32
    }
    return
  }
}

// -----

// Near miss: `v >= m ? v : m` keeps the later of two equal values (and of +0 and -0).
// CHECK-LABEL: func.func @maxpool_oge
// CHECK-NOT: kernel.launch
#map = affine_map<(d0) -> (0, d0)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map2 = affine_map<(d0) -> (d0 * 2)>
#map3 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2 * 2 + d4, d3 * 2 + d5)>
#map4 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d4, d5)>
#map5 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3)>
module {
  func.func @maxpool_oge(%arg0: index, %arg1: index, %arg2: index, %arg3: index, %arg4: index, %arg5: index, %arg6: memref<?x?x?x?xf32>, %arg7: memref<?x?x?x?xf32>) {
    %cst = arith.constant 0.000000e+00 : f32
    %alloca = memref.alloca() : memref<2x2xi8>
    %0 = affine.max #map(%arg0)
    %1 = affine.max #map(%arg1)
    %2 = affine.max #map(%arg4)
    %3 = affine.max #map(%arg5)
    %subview = memref.subview %arg6[0, 0, 0, 0] [%0, %1, %2, %3] [1, 1, 2, 2] : memref<?x?x?x?xf32> to memref<?x?x?x?xf32, strided<[?, ?, ?, 2]>>
    %subview_0 = memref.subview %arg7[0, 0, 0, 0] [%0, %1, %2, %3] [1, 1, 1, 1] : memref<?x?x?x?xf32> to memref<?x?x?x?xf32, strided<[?, ?, ?, 1]>>
    linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%subview : memref<?x?x?x?xf32, strided<[?, ?, ?, 2]>>) outs(%subview_0 : memref<?x?x?x?xf32, strided<[?, ?, ?, 1]>>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    }
    %4 = affine.apply #map2(%2)
    %5 = affine.apply #map2(%3)
    %subview_1 = memref.subview %arg6[0, 0, 0, 0] [%0, %1, %4, %5] [1, 1, 1, 1] : memref<?x?x?x?xf32> to memref<?x?x?x?xf32, strided<[?, ?, ?, 1]>>
    linalg.generic {indexing_maps = [#map3, #map4, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%subview_1, %alloca : memref<?x?x?x?xf32, strided<[?, ?, ?, 1]>>, memref<2x2xi8>) outs(%subview_0 : memref<?x?x?x?xf32, strided<[?, ?, ?, 1]>>) {
    ^bb0(%in: f32, %in_2: i8, %out: f32):
      %6 = arith.cmpf oge, %in, %out : f32
      %7 = arith.select %6, %in, %out : f32
      linalg.yield %7 : f32
    }
    return
  }
}
