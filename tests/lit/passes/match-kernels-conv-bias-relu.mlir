// RUN: polylift-opt %s --split-input-file --match-kernels | FileCheck %s
// RUN: polylift-opt %s --split-input-file --match-kernels --remarks=all 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK

// Zero, convolution, then bias[k] and ReLU (v > 0 ? v : 0): one launch.
// P = H - R + 1 and Q = W - S + 1 with H != W.
// CHECK-LABEL: func.func @conv_bias_relu(
// CHECK-SAME: %[[X:[a-z0-9_-]+]]: memref<1x2x5x6xf32>, %[[W:[a-z0-9_-]+]]: memref<3x2x3x3xf32>, %[[B:[a-z0-9_-]+]]: memref<3xf32>, %[[Y:[a-z0-9_-]+]]: memref<1x3x3x4xf32>)
// CHECK-NEXT: %cst = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: "kernel.launch"(%[[Y]], %[[X]], %[[W]], %[[B]]) {callee = @conv_bias_relu_f32, source_order_matches = true, template = "cnn.conv_bias_relu"} : (memref<1x3x3x4xf32>, memref<1x2x5x6xf32>, memref<3x2x3x3xf32>, memref<3xf32>) -> ()
// CHECK-NEXT: return
// REMARK: remark: matched cnn.conv_bias_relu (3 ops) -> @conv_bias_relu_f32
func.func @conv_bias_relu(%x: memref<1x2x5x6xf32>, %w: memref<3x2x3x3xf32>, %b: memref<3xf32>, %y: memref<1x3x3x4xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.generic {indexing_maps = [affine_map<(n, k, p, q) -> (n, k, p, q)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      outs(%y : memref<1x3x3x4xf32>) {
  ^bb0(%o: f32):
    linalg.yield %zero : f32
  }
  linalg.generic {indexing_maps = [affine_map<(n, k, p, q, c, r, s) -> (n, c, p + r, q + s)>, affine_map<(n, k, p, q, c, r, s) -> (k, c, r, s)>, affine_map<(n, k, p, q, c, r, s) -> (n, k, p, q)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
      ins(%x, %w : memref<1x2x5x6xf32>, memref<3x2x3x3xf32>) outs(%y : memref<1x3x3x4xf32>) {
  ^bb0(%xv: f32, %wv: f32, %o: f32):
    %0 = arith.mulf %xv, %wv : f32
    %1 = arith.addf %o, %0 : f32
    linalg.yield %1 : f32
  }
  linalg.generic {indexing_maps = [affine_map<(n, k, p, q) -> (k)>, affine_map<(n, k, p, q) -> (n, k, p, q)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%b : memref<3xf32>) outs(%y : memref<1x3x3x4xf32>) {
  ^bb0(%bv: f32, %o: f32):
    %0 = arith.addf %o, %bv : f32
    %1 = arith.cmpf ogt, %0, %zero : f32
    %2 = arith.select %1, %0, %zero : f32
    linalg.yield %2 : f32
  }
  return
}

// -----

// Near miss: the bias is read at the column q, not the channel k:
// the convolution matches alone and the epilogue stays.
// CHECK-LABEL: func.func @conv_bias_wrong_index(
// CHECK-SAME: %[[X:[a-z0-9_-]+]]: memref<1x2x5x5xf32>, %[[W:[a-z0-9_-]+]]: memref<3x2x3x3xf32>, %[[B:[a-z0-9_-]+]]: memref<3xf32>, %[[Y:[a-z0-9_-]+]]: memref<1x3x3x3xf32>)
// CHECK-NEXT: %cst = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: "kernel.launch"(%[[Y]], %[[X]], %[[W]]) {callee = @conv2d_f32, source_order_matches = true, template = "cnn.conv2d"} : (memref<1x3x3x3xf32>, memref<1x2x5x5xf32>, memref<3x2x3x3xf32>) -> ()
// CHECK-NEXT: linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%[[B]] : memref<3xf32>) outs(%[[Y]] : memref<1x3x3x3xf32>) {
// CHECK-NEXT: ^bb0(%in: f32, %out: f32):
// CHECK-NEXT: %0 = arith.addf %out, %in : f32
// CHECK-NEXT: %1 = arith.cmpf ogt, %0, %cst : f32
// CHECK-NEXT: %2 = arith.select %1, %0, %cst : f32
// CHECK-NEXT: linalg.yield %2 : f32
// CHECK-NEXT: }
// CHECK-NEXT: return
// REMARK: remark: matched cnn.conv2d (2 ops) -> @conv2d_f32
// REMARK: remark: no template matches linalg.generic; closest cnn.conv_bias_relu: step 3 ({{.*}}): subscript 'k' does not match the loop dims read
func.func @conv_bias_wrong_index(%x: memref<1x2x5x5xf32>, %w: memref<3x2x3x3xf32>, %b: memref<3xf32>, %y: memref<1x3x3x3xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.generic {indexing_maps = [affine_map<(n, k, p, q) -> (n, k, p, q)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      outs(%y : memref<1x3x3x3xf32>) {
  ^bb0(%o: f32):
    linalg.yield %zero : f32
  }
  linalg.generic {indexing_maps = [affine_map<(n, k, p, q, c, r, s) -> (n, c, p + r, q + s)>, affine_map<(n, k, p, q, c, r, s) -> (k, c, r, s)>, affine_map<(n, k, p, q, c, r, s) -> (n, k, p, q)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
      ins(%x, %w : memref<1x2x5x5xf32>, memref<3x2x3x3xf32>) outs(%y : memref<1x3x3x3xf32>) {
  ^bb0(%xv: f32, %wv: f32, %o: f32):
    %0 = arith.mulf %xv, %wv : f32
    %1 = arith.addf %o, %0 : f32
    linalg.yield %1 : f32
  }
  linalg.generic {indexing_maps = [affine_map<(n, k, p, q) -> (q)>, affine_map<(n, k, p, q) -> (n, k, p, q)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%b : memref<3xf32>) outs(%y : memref<1x3x3x3xf32>) {
  ^bb0(%bv: f32, %o: f32):
    %0 = arith.addf %o, %bv : f32
    %1 = arith.cmpf ogt, %0, %zero : f32
    %2 = arith.select %1, %0, %zero : f32
    linalg.yield %2 : f32
  }
  return
}
