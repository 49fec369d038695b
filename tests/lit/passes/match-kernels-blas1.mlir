// RUN: polylift-opt %s --split-input-file --match-kernels --expressions=false | FileCheck %s
// RUN: polylift-opt %s --split-input-file --match-kernels --expressions=false --remarks=all 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK

// The BLAS-1 templates (copy, copy2d, fill, fill2d, scal, scal2d, axpy, axpy1, axpy2d,
// axpy2d1, axpby,
// dot), f32 and f64: the IR that matches, the exact launch it becomes, and near misses
// that must stay linalg (each with the "no template matches" remark).

// Raised IR of a C snippet (polylift-cc, then --raise-affine-to-linalg):
//   for (i = 0; i < n; i++) y[i] = a * x[i] + y[i];
// The launch takes the raised subviews of y and x, and a as an SSA scalar.
// CHECK-LABEL: func.func @kernel_axpy(
// CHECK-SAME: %[[N:[a-z0-9_-]+]]: index, %[[A:[a-z0-9_-]+]]: f64, %[[X:[a-z0-9_-]+]]: memref<100xf64>, %[[Y:[a-z0-9_-]+]]: memref<100xf64>)
// CHECK: %[[SX:.*]] = memref.subview %[[X]][0] [%{{.*}}] [1]
// CHECK-NEXT: %[[SY:.*]] = memref.subview %[[Y]][0] [%{{.*}}] [1]
// CHECK-NEXT: "kernel.launch"(%[[SY]], %[[SX]], %[[A]]) {callee = @axpy_f64, source_order_matches = true, template = "blas.axpy"} : (memref<?xf64, strided<[1]>>, memref<?xf64, strided<[1]>>, f64) -> ()
// CHECK-NEXT: return
// REMARK: remark: matched blas.axpy (1 op) -> @axpy_f64
#map = affine_map<(d0) -> (0, d0)>
#map1 = affine_map<(d0) -> (d0)>
module {
  func.func @kernel_axpy(%arg0: index, %arg1: f64, %arg2: memref<100xf64>, %arg3: memref<100xf64>) {
    %0 = affine.max #map(%arg0)
    %subview = memref.subview %arg2[0] [%0] [1] : memref<100xf64> to memref<?xf64, strided<[1]>>
    %subview_0 = memref.subview %arg3[0] [%0] [1] : memref<100xf64> to memref<?xf64, strided<[1]>>
    linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%subview : memref<?xf64, strided<[1]>>) outs(%subview_0 : memref<?xf64, strided<[1]>>) {
    ^bb0(%in: f64, %out: f64):
      %2 = arith.mulf %arg1, %in : f64
      %3 = arith.addf %2, %out : f64
      linalg.yield %3 : f64
    }
    return
  }
}

// -----

// Copy, f32.
// CHECK-LABEL: func.func @copy_f32(
// CHECK-SAME: %[[X:[a-z0-9_-]+]]: memref<32xf32>, %[[Y:[a-z0-9_-]+]]: memref<32xf32>)
// CHECK-NEXT: "kernel.launch"(%[[Y]], %[[X]]) {callee = @copy_f32, source_order_matches = true, template = "blas.copy"} : (memref<32xf32>, memref<32xf32>) -> ()
// CHECK-NEXT: return
// REMARK: remark: matched blas.copy (1 op) -> @copy_f32
func.func @copy_f32(%x: memref<32xf32>, %y: memref<32xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%x : memref<32xf32>) outs(%y : memref<32xf32>) {
  ^bb0(%a: f32, %b: f32):
    linalg.yield %a : f32
  }
  return
}

// Near miss: x read backwards is not a copy.
// CHECK-LABEL: func.func @copy_reversed
// CHECK-NOT: kernel.launch
// CHECK: linalg.generic
// REMARK: remark: no template matches linalg.generic; closest
func.func @copy_reversed(%x: memref<32xf32>, %y: memref<32xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (-d0 + 31)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%x : memref<32xf32>) outs(%y : memref<32xf32>) {
  ^bb0(%a: f32, %b: f32):
    linalg.yield %a : f32
  }
  return
}

// y = -x is not a copy: the element-wise negation takes it (elementwise.tpl).
// CHECK-LABEL: func.func @copy_negated(
// CHECK-SAME: %[[X:[a-z0-9_-]+]]: memref<32xf64>, %[[Y:[a-z0-9_-]+]]: memref<32xf64>)
// CHECK-NEXT: "kernel.launch"(%[[Y]], %[[X]]) {callee = @neg_f64, source_order_matches = true, template = "ew.neg"}
// REMARK: remark: matched ew.neg (1 op) -> @neg_f64
func.func @copy_negated(%x: memref<32xf64>, %y: memref<32xf64>) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%x : memref<32xf64>) outs(%y : memref<32xf64>) {
  ^bb0(%a: f64, %b: f64):
    %0 = arith.negf %a : f64
    linalg.yield %0 : f64
  }
  return
}

// -----

// Copy2d, f64, dynamic sizes.
// CHECK-LABEL: func.func @copy2d_f64(
// CHECK-SAME: %[[A:[a-z0-9_-]+]]: memref<?x?xf64>, %[[B:[a-z0-9_-]+]]: memref<?x?xf64>)
// CHECK-NEXT: "kernel.launch"(%[[B]], %[[A]]) {callee = @copy2d_f64, source_order_matches = true, template = "blas.copy2d"} : (memref<?x?xf64>, memref<?x?xf64>) -> ()
// CHECK-NEXT: return
// REMARK: remark: matched blas.copy2d (1 op) -> @copy2d_f64
func.func @copy2d_f64(%A: memref<?x?xf64>, %B: memref<?x?xf64>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%A : memref<?x?xf64>) outs(%B : memref<?x?xf64>) {
  ^bb0(%a: f64, %b: f64):
    linalg.yield %a : f64
  }
  return
}

// Near miss: B[i,j] = A[j,i] is a transpose, not a copy.
// CHECK-LABEL: func.func @copy2d_transposed_read
// CHECK-NOT: kernel.launch
// CHECK: linalg.generic
// REMARK: remark: no template matches linalg.generic; closest
func.func @copy2d_transposed_read(%A: memref<8x8xf32>, %B: memref<8x8xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%A : memref<8x8xf32>) outs(%B : memref<8x8xf32>) {
  ^bb0(%a: f32, %b: f32):
    linalg.yield %a : f32
  }
  return
}

// Near miss: a shift inside one buffer (output aliases input).
// CHECK-LABEL: func.func @copy2d_in_place_shift
// CHECK-NOT: kernel.launch
// CHECK: linalg.generic
// REMARK: remark: no template matches linalg.generic; closest blas.copy2d: output B aliases A
func.func @copy2d_in_place_shift(%A: memref<8x8xf32>) {
  %s = memref.subview %A[0, 1] [8, 7] [1, 1] : memref<8x8xf32> to memref<8x7xf32, strided<[8, 1], offset: 1>>
  %d = memref.subview %A[0, 0] [8, 7] [1, 1] : memref<8x8xf32> to memref<8x7xf32, strided<[8, 1]>>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%s : memref<8x7xf32, strided<[8, 1], offset: 1>>) outs(%d : memref<8x7xf32, strided<[8, 1]>>) {
  ^bb0(%a: f32, %b: f32):
    linalg.yield %a : f32
  }
  return
}

// -----

// Fill with an SSA scalar, f64.
// CHECK-LABEL: func.func @fill_f64(
// CHECK-SAME: %[[X:[a-z0-9_-]+]]: memref<?xf64>, %[[V:[a-z0-9_-]+]]: f64)
// CHECK-NEXT: "kernel.launch"(%[[X]], %[[V]]) {callee = @fill_f64, source_order_matches = true, template = "blas.fill"} : (memref<?xf64>, f64) -> ()
// CHECK-NEXT: return
// REMARK: remark: matched blas.fill (1 op) -> @fill_f64
func.func @fill_f64(%x: memref<?xf64>, %v: f64) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      outs(%x : memref<?xf64>) {
  ^bb0(%b: f64):
    linalg.yield %v : f64
  }
  return
}

// Zero fill of a matrix, f32: alpha binds to the constant 0.
// CHECK-LABEL: func.func @fill2d_zero_f32(
// CHECK-SAME: %[[A:[a-z0-9_-]+]]: memref<4x6xf32>)
// CHECK-NEXT: arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: "kernel.launch"(%[[A]], %[[Z]]) {alpha = 0.000000e+00 : f32, callee = @fill2d_f32, source_order_matches = true, template = "blas.fill2d"} : (memref<4x6xf32>, f32) -> ()
// CHECK-NEXT: return
// REMARK: remark: matched blas.fill2d (1 op) -> @fill2d_f32
func.func @fill2d_zero_f32(%A: memref<4x6xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      outs(%A : memref<4x6xf32>) {
  ^bb0(%b: f32):
    linalg.yield %zero : f32
  }
  return
}

// Near miss: the stored value is computed in the loop body.
// CHECK-LABEL: func.func @fill_computed
// CHECK-NOT: kernel.launch
// CHECK: linalg.generic
// REMARK: remark: no template matches linalg.generic; closest
func.func @fill_computed(%x: memref<?xf64>, %v: f64) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      outs(%x : memref<?xf64>) {
  ^bb0(%b: f64):
    %0 = arith.addf %v, %v : f64
    linalg.yield %0 : f64
  }
  return
}

// The stored value is one element of another array, read on every iteration: alpha
// is that element, loaded once before the launch.
// CHECK-LABEL: func.func @fill_from_element(
// CHECK-SAME: %[[X:[a-z0-9_-]+]]: memref<16xf64>, %[[Y:[a-z0-9_-]+]]: memref<16xf64>)
// CHECK-NEXT: %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[ALPHA:.*]] = memref.load %[[Y]][%[[C0]]] : memref<16xf64>
// CHECK-NEXT: "kernel.launch"(%[[X]], %[[ALPHA]]) {callee = @fill_f64
// REMARK: remark: matched blas.fill (1 op) -> @fill_f64
func.func @fill_from_element(%x: memref<16xf64>, %y: memref<16xf64>) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%y : memref<16xf64>) outs(%x : memref<16xf64>) {
  ^bb0(%a: f64, %b: f64):
    linalg.yield %a : f64
  }
  return
}

// Near miss: the element is in the array the op writes (x[0] changes at i = 0).
// CHECK-LABEL: func.func @fill_from_own_element
// CHECK-NOT: kernel.launch
// CHECK: linalg.generic
// REMARK: remark: no template matches linalg.generic; closest
func.func @fill_from_own_element(%x: memref<16xf64>) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%x : memref<16xf64>) outs(%x : memref<16xf64>) {
  ^bb0(%a: f64, %b: f64):
    linalg.yield %a : f64
  }
  return
}

// -----

// Scal, f64, alpha on the right.
// CHECK-LABEL: func.func @scal_f64(
// CHECK-SAME: %[[X:[a-z0-9_-]+]]: memref<?xf64>, %[[ALPHA:[a-z0-9_-]+]]: f64)
// CHECK-NEXT: "kernel.launch"(%[[X]], %[[ALPHA]]) {callee = @scal_f64, source_order_matches = true, template = "blas.scal"} : (memref<?xf64>, f64) -> ()
// CHECK-NEXT: return
// REMARK: remark: matched blas.scal (1 op) -> @scal_f64
func.func @scal_f64(%x: memref<?xf64>, %alpha: f64) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      outs(%x : memref<?xf64>) {
  ^bb0(%b: f64):
    %0 = arith.mulf %b, %alpha : f64
    linalg.yield %0 : f64
  }
  return
}

// Scal2d, f32, constant alpha.
// CHECK-LABEL: func.func @scal2d_f32(
// CHECK-SAME: %[[A:[a-z0-9_-]+]]: memref<5x7xf32>)
// CHECK-NEXT: arith.constant 2.500000e+00 : f32
// CHECK-NEXT: %[[C:.*]] = arith.constant 2.500000e+00 : f32
// CHECK-NEXT: "kernel.launch"(%[[A]], %[[C]]) {alpha = 2.500000e+00 : f32, callee = @scal2d_f32, source_order_matches = true, template = "blas.scal2d"} : (memref<5x7xf32>, f32) -> ()
// CHECK-NEXT: return
// REMARK: remark: matched blas.scal2d (1 op) -> @scal2d_f32
func.func @scal2d_f32(%A: memref<5x7xf32>) {
  %c = arith.constant 2.5 : f32
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      outs(%A : memref<5x7xf32>) {
  ^bb0(%b: f32):
    %0 = arith.mulf %c, %b : f32
    linalg.yield %0 : f32
  }
  return
}

// x = x + alpha is not a scaling: it is the in-place addition of a scalar.
// CHECK-LABEL: func.func @scal_add(
// CHECK-SAME: %[[X:[a-z0-9_-]+]]: memref<?xf64>, %[[ALPHA:[a-z0-9_-]+]]: f64)
// CHECK-NEXT: "kernel.launch"(%[[X]], %[[ALPHA]]) {callee = @adds_ip_f64, source_order_matches = true, template = "ew.adds_ip"}
// REMARK: remark: matched ew.adds_ip (1 op) -> @adds_ip_f64
func.func @scal_add(%x: memref<?xf64>, %alpha: f64) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      outs(%x : memref<?xf64>) {
  ^bb0(%b: f64):
    %0 = arith.addf %b, %alpha : f64
    linalg.yield %0 : f64
  }
  return
}

// Near miss: A[i,j] = alpha * A[j,i] reads another element in place.
// CHECK-LABEL: func.func @scal2d_transposed_in_place
// CHECK-NOT: kernel.launch
// CHECK: linalg.generic
// REMARK: remark: no template matches linalg.generic; closest
func.func @scal2d_transposed_in_place(%A: memref<8x8xf32>, %alpha: f32) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%A : memref<8x8xf32>) outs(%A : memref<8x8xf32>) {
  ^bb0(%a: f32, %b: f32):
    %0 = arith.mulf %alpha, %a : f32
    linalg.yield %0 : f32
  }
  return
}

// -----

// Axpy written (x * a) + y, f32: matches modulo commutativity, same bits.
// CHECK-LABEL: func.func @axpy_commuted_f32(
// CHECK-SAME: %[[X:[a-z0-9_-]+]]: memref<?xf32>, %[[Y:[a-z0-9_-]+]]: memref<?xf32>, %[[A:[a-z0-9_-]+]]: f32)
// CHECK-NEXT: "kernel.launch"(%[[Y]], %[[X]], %[[A]]) {callee = @axpy_f32, source_order_matches = true, template = "blas.axpy"} : (memref<?xf32>, memref<?xf32>, f32) -> ()
// CHECK-NEXT: return
// REMARK: remark: matched blas.axpy (1 op) -> @axpy_f32
func.func @axpy_commuted_f32(%x: memref<?xf32>, %y: memref<?xf32>, %a: f32) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%x : memref<?xf32>) outs(%y : memref<?xf32>) {
  ^bb0(%xi: f32, %yi: f32):
    %0 = arith.mulf %xi, %a : f32
    %1 = arith.addf %0, %yi : f32
    linalg.yield %1 : f32
  }
  return
}

// Y = x + y: axpy1, alpha = 1 as a constant operand, f64.
// CHECK-LABEL: func.func @axpy1_f64(
// CHECK-SAME: %[[X:[a-z0-9_-]+]]: memref<64xf64>, %[[Y:[a-z0-9_-]+]]: memref<64xf64>)
// CHECK-NEXT: %[[ONE:.*]] = arith.constant 1.000000e+00 : f64
// CHECK-NEXT: "kernel.launch"(%[[Y]], %[[X]], %[[ONE]]) {alpha = 1.000000e+00 : f64, callee = @axpy_f64, source_order_matches = true, template = "blas.axpy1"} : (memref<64xf64>, memref<64xf64>, f64) -> ()
// CHECK-NEXT: return
// REMARK: remark: matched blas.axpy1 (1 op) -> @axpy_f64
func.func @axpy1_f64(%x: memref<64xf64>, %y: memref<64xf64>) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%x : memref<64xf64>) outs(%y : memref<64xf64>) {
  ^bb0(%xi: f64, %yi: f64):
    %0 = arith.addf %xi, %yi : f64
    linalg.yield %0 : f64
  }
  return
}

// B += A on matrices (a CNN gemm's `C[i*ldc+j] += sum` after the sum is expanded to a
// buffer): axpy2d1, alpha = 1 as a constant operand; with a scalar factor, axpy2d.
// CHECK-LABEL: func.func @axpy2d1_f32(
// CHECK-SAME: %[[T:[a-z0-9_-]+]]: memref<?x?xf32>, %[[C:[a-z0-9_-]+]]: memref<?x?xf32, strided<[?, 1]>>)
// CHECK-NEXT: %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: "kernel.launch"(%[[C]], %[[T]], %[[ONE]]) {alpha = 1.000000e+00 : f32, callee = @axpy2d_f32, source_order_matches = true, template = "blas.axpy2d1"} : (memref<?x?xf32, strided<[?, 1]>>, memref<?x?xf32>, f32) -> ()
// CHECK-NEXT: return
// REMARK: remark: matched blas.axpy2d1 (1 op) -> @axpy2d_f32
func.func @axpy2d1_f32(%T: memref<?x?xf32>, %C: memref<?x?xf32, strided<[?, 1]>>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%T : memref<?x?xf32>) outs(%C : memref<?x?xf32, strided<[?, 1]>>) {
  ^bb0(%t: f32, %c: f32):
    %0 = arith.addf %c, %t : f32
    linalg.yield %0 : f32
  }
  return
}

// CHECK-LABEL: func.func @axpy2d_f64(
// CHECK-SAME: %[[A:[a-z0-9_-]+]]: memref<8x9xf64>, %[[B:[a-z0-9_-]+]]: memref<8x9xf64>, %[[a:[a-z0-9_-]+]]: f64)
// CHECK-NEXT: "kernel.launch"(%[[B]], %[[A]], %[[a]]) {callee = @axpy2d_f64, source_order_matches = true, template = "blas.axpy2d"} : (memref<8x9xf64>, memref<8x9xf64>, f64) -> ()
// CHECK-NEXT: return
func.func @axpy2d_f64(%A: memref<8x9xf64>, %B: memref<8x9xf64>, %a: f64) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%A : memref<8x9xf64>) outs(%B : memref<8x9xf64>) {
  ^bb0(%x: f64, %y: f64):
    %0 = arith.mulf %a, %x : f64
    %1 = arith.addf %y, %0 : f64
    linalg.yield %1 : f64
  }
  return
}

// Near miss: B += A^T (the read is transposed; B and A differ in shape in general).
// CHECK-LABEL: func.func @axpy2d_transposed
// CHECK-NOT: kernel.launch
// CHECK: linalg.generic
// REMARK: remark: no template matches linalg.generic; closest
func.func @axpy2d_transposed(%A: memref<?x?xf32>, %B: memref<?x?xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%A : memref<?x?xf32>) outs(%B : memref<?x?xf32>) {
  ^bb0(%x: f32, %y: f32):
    %0 = arith.addf %y, %x : f32
    linalg.yield %0 : f32
  }
  return
}

// Near miss: y = a*x - y.
// CHECK-LABEL: func.func @axpy_minus_y
// CHECK-NOT: kernel.launch
// CHECK: linalg.generic
// REMARK: remark: no template matches linalg.generic; closest
func.func @axpy_minus_y(%x: memref<?xf32>, %y: memref<?xf32>, %a: f32) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%x : memref<?xf32>) outs(%y : memref<?xf32>) {
  ^bb0(%xi: f32, %yi: f32):
    %0 = arith.mulf %a, %xi : f32
    %1 = arith.subf %0, %yi : f32
    linalg.yield %1 : f32
  }
  return
}

// y = a*x + x never reads y: no axpy. It is ew.axpbyz (z = a*x + b*y) derived with
// b = 1 and its two inputs one array, which computes the same bits.
// CHECK-LABEL: func.func @axpy_x_twice(
// CHECK-SAME: %[[X:[a-z0-9_-]+]]: memref<?xf64>, %[[Y:[a-z0-9_-]+]]: memref<?xf64>, %[[A:[a-z0-9_-]+]]: f64)
// CHECK-NEXT: %[[ONE:.*]] = arith.constant 1.000000e+00 : f64
// CHECK-NEXT: "kernel.launch"(%[[Y]], %[[X]], %[[X]], %[[A]], %[[ONE]]) {b = 1.000000e+00 : f64, callee = @axpbyz_f64, {{.*}}template = "ew.axpbyz"}
// CHECK-NEXT: return
// REMARK: remark: matched ew.axpbyz with b = 1 (1 op) -> @axpbyz_f64
func.func @axpy_x_twice(%x: memref<?xf64>, %y: memref<?xf64>, %a: f64) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%x : memref<?xf64>) outs(%y : memref<?xf64>) {
  ^bb0(%xi: f64, %yi: f64):
    %0 = arith.mulf %a, %xi : f64
    %1 = arith.addf %0, %xi : f64
    linalg.yield %1 : f64
  }
  return
}

// -----

// Axpby, f32.
// CHECK-LABEL: func.func @axpby_f32(
// CHECK-SAME: %[[X:[a-z0-9_-]+]]: memref<?xf32>, %[[Y:[a-z0-9_-]+]]: memref<?xf32>, %[[A:[a-z0-9_-]+]]: f32, %[[B:[a-z0-9_-]+]]: f32)
// CHECK-NEXT: "kernel.launch"(%[[Y]], %[[X]], %[[A]], %[[B]]) {callee = @axpby_f32, source_order_matches = true, template = "blas.axpby"} : (memref<?xf32>, memref<?xf32>, f32, f32) -> ()
// CHECK-NEXT: return
// REMARK: remark: matched blas.axpby (1 op) -> @axpby_f32
func.func @axpby_f32(%x: memref<?xf32>, %y: memref<?xf32>, %a: f32, %b: f32) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%x : memref<?xf32>) outs(%y : memref<?xf32>) {
  ^bb0(%xi: f32, %yi: f32):
    %0 = arith.mulf %a, %xi : f32
    %1 = arith.mulf %b, %yi : f32
    %2 = arith.addf %0, %1 : f32
    linalg.yield %2 : f32
  }
  return
}

// Axpby written (y * b) + (x * a), f64: the operands of one + or * swap bit-exactly.
// CHECK-LABEL: func.func @axpby_swapped_f64(
// CHECK-SAME: %[[X:[a-z0-9_-]+]]: memref<?xf64>, %[[Y:[a-z0-9_-]+]]: memref<?xf64>, %[[A:[a-z0-9_-]+]]: f64, %[[B:[a-z0-9_-]+]]: f64)
// CHECK-NEXT: "kernel.launch"(%[[Y]], %[[X]], %[[A]], %[[B]]) {callee = @axpby_f64, source_order_matches = true, template = "blas.axpby"} : (memref<?xf64>, memref<?xf64>, f64, f64) -> ()
// CHECK-NEXT: return
// REMARK: remark: matched blas.axpby (1 op) -> @axpby_f64
func.func @axpby_swapped_f64(%x: memref<?xf64>, %y: memref<?xf64>, %a: f64, %b: f64) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%x : memref<?xf64>) outs(%y : memref<?xf64>) {
  ^bb0(%xi: f64, %yi: f64):
    %0 = arith.mulf %yi, %b : f64
    %1 = arith.mulf %xi, %a : f64
    %2 = arith.addf %0, %1 : f64
    linalg.yield %2 : f64
  }
  return
}

// Near miss: y = a*x - b*y.
// CHECK-LABEL: func.func @axpby_minus
// CHECK-NOT: kernel.launch
// CHECK: linalg.generic
// REMARK: remark: no template matches linalg.generic; closest
func.func @axpby_minus(%x: memref<?xf64>, %y: memref<?xf64>, %a: f64, %b: f64) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%x : memref<?xf64>) outs(%y : memref<?xf64>) {
  ^bb0(%xi: f64, %yi: f64):
    %0 = arith.mulf %a, %xi : f64
    %1 = arith.mulf %b, %yi : f64
    %2 = arith.subf %0, %1 : f64
    linalg.yield %2 : f64
  }
  return
}

// y = a*x + b*x is no axpby (it does not read y): the out-of-place form with both
// inputs x (inputs may share memory; only an output may not).
// CHECK-LABEL: func.func @axpby_x_twice(
// CHECK-SAME: %[[X:[a-z0-9_-]+]]: memref<?xf64>, %[[Y:[a-z0-9_-]+]]: memref<?xf64>, %[[A:[a-z0-9_-]+]]: f64, %[[B:[a-z0-9_-]+]]: f64)
// CHECK-NEXT: "kernel.launch"(%[[Y]], %[[X]], %[[X]], %[[A]], %[[B]]) {callee = @axpbyz_f64, source_order_matches = true, template = "ew.axpbyz"}
// REMARK: remark: matched ew.axpbyz (1 op) -> @axpbyz_f64
func.func @axpby_x_twice(%x: memref<?xf64>, %y: memref<?xf64>, %a: f64, %b: f64) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%x : memref<?xf64>) outs(%y : memref<?xf64>) {
  ^bb0(%xi: f64, %yi: f64):
    %0 = arith.mulf %a, %xi : f64
    %1 = arith.mulf %b, %xi : f64
    %2 = arith.addf %0, %1 : f64
    linalg.yield %2 : f64
  }
  return
}

// -----

// Dot into a 0-d memref, f64.
// CHECK-LABEL: func.func @dot_f64(
// CHECK-SAME: %[[X:[a-z0-9_-]+]]: memref<?xf64>, %[[Y:[a-z0-9_-]+]]: memref<?xf64>, %[[R:[a-z0-9_-]+]]: memref<f64>)
// CHECK-NEXT: "kernel.launch"(%[[R]], %[[X]], %[[Y]]) {callee = @dot_f64, source_order_matches = true, template = "blas.dot"} : (memref<f64>, memref<?xf64>, memref<?xf64>) -> ()
// CHECK-NEXT: return
// REMARK: remark: matched blas.dot (1 op) -> @dot_f64
func.func @dot_f64(%x: memref<?xf64>, %y: memref<?xf64>, %r: memref<f64>) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>], iterator_types = ["reduction"]}
      ins(%x, %y : memref<?xf64>, memref<?xf64>) outs(%r : memref<f64>) {
  ^bb0(%xi: f64, %yi: f64, %ri: f64):
    %0 = arith.mulf %xi, %yi : f64
    %1 = arith.addf %ri, %0 : f64
    linalg.yield %1 : f64
  }
  return
}

// Dot written y*x, r on the right, f32.
// CHECK-LABEL: func.func @dot_f32_commuted(
// CHECK-SAME: %[[X:[a-z0-9_-]+]]: memref<16xf32>, %[[Y:[a-z0-9_-]+]]: memref<16xf32>, %[[R:[a-z0-9_-]+]]: memref<f32>)
// CHECK-NEXT: "kernel.launch"(%[[R]], %[[Y]], %[[X]]) {callee = @dot_f32, source_order_matches = true, template = "blas.dot"} : (memref<f32>, memref<16xf32>, memref<16xf32>) -> ()
// CHECK-NEXT: return
// REMARK: remark: matched blas.dot (1 op) -> @dot_f32
func.func @dot_f32_commuted(%x: memref<16xf32>, %y: memref<16xf32>, %r: memref<f32>) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>], iterator_types = ["reduction"]}
      ins(%x, %y : memref<16xf32>, memref<16xf32>) outs(%r : memref<f32>) {
  ^bb0(%xi: f32, %yi: f32, %ri: f32):
    %0 = arith.mulf %yi, %xi : f32
    %1 = arith.addf %0, %ri : f32
    linalg.yield %1 : f32
  }
  return
}

// C's `r[2] += x[i] * y[i]` into one element of a vector: the raising writes it through
// a rank-reducing 0-d subview, which the launch takes as the template's 0-d r.
// CHECK-LABEL: func.func @dot_into_element(
// CHECK-SAME: %[[X:[a-z0-9_-]+]]: memref<?xf64>, %[[Y:[a-z0-9_-]+]]: memref<?xf64>, %[[R:[a-z0-9_-]+]]: memref<?xf64>)
// CHECK: %[[SR:.*]] = memref.subview %[[R]][2] [1] [1] : memref<?xf64> to memref<f64, strided<[], offset: 2>>
// CHECK-NEXT: "kernel.launch"(%[[SR]], %[[X]], %[[Y]]) {callee = @dot_f64, source_order_matches = true, template = "blas.dot"} : (memref<f64, strided<[], offset: 2>>, memref<?xf64>, memref<?xf64>) -> ()
// CHECK-NEXT: return
// REMARK: remark: matched blas.dot (1 op) -> @dot_f64
func.func @dot_into_element(%x: memref<?xf64>, %y: memref<?xf64>, %r: memref<?xf64>) {
  %e = memref.subview %r[2] [1] [1] : memref<?xf64> to memref<f64, strided<[], offset: 2>>
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>], iterator_types = ["reduction"]}
      ins(%x, %y : memref<?xf64>, memref<?xf64>) outs(%e : memref<f64, strided<[], offset: 2>>) {
  ^bb0(%xi: f64, %yi: f64, %ri: f64):
    %0 = arith.mulf %xi, %yi : f64
    %1 = arith.addf %ri, %0 : f64
    linalg.yield %1 : f64
  }
  return
}

// Near miss: `x[0] += x[i] * y[i]`: the element written is one of the vector read.
// CHECK-LABEL: func.func @dot_into_own_input
// CHECK-NOT: kernel.launch
// CHECK: linalg.generic
// REMARK: remark: no template matches linalg.generic; closest blas.dot: output r aliases x
func.func @dot_into_own_input(%x: memref<?xf64>, %y: memref<?xf64>) {
  %e = memref.subview %x[0] [1] [1] : memref<?xf64> to memref<f64, strided<[]>>
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>], iterator_types = ["reduction"]}
      ins(%x, %y : memref<?xf64>, memref<?xf64>) outs(%e : memref<f64, strided<[]>>) {
  ^bb0(%xi: f64, %yi: f64, %ri: f64):
    %0 = arith.mulf %xi, %yi : f64
    %1 = arith.addf %ri, %0 : f64
    linalg.yield %1 : f64
  }
  return
}

// Near miss: r[i] += x[i]*y[i] accumulates into a vector, no reduction.
// CHECK-LABEL: func.func @dot_into_vector
// CHECK-NOT: kernel.launch
// CHECK: linalg.generic
// REMARK: remark: no template matches linalg.generic; closest
func.func @dot_into_vector(%x: memref<?xf64>, %y: memref<?xf64>, %r: memref<?xf64>) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%x, %y : memref<?xf64>, memref<?xf64>) outs(%r : memref<?xf64>) {
  ^bb0(%xi: f64, %yi: f64, %ri: f64):
    %0 = arith.mulf %xi, %yi : f64
    %1 = arith.addf %ri, %0 : f64
    linalg.yield %1 : f64
  }
  return
}

// Near miss: r += x[i] + y[i].
// CHECK-LABEL: func.func @dot_sum_not_product
// CHECK-NOT: kernel.launch
// CHECK: linalg.generic
// REMARK: remark: no template matches linalg.generic; closest red.sumsq_acc: payload sums 3 terms, the template 2: 1 extra
func.func @dot_sum_not_product(%x: memref<?xf64>, %y: memref<?xf64>, %r: memref<f64>) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>], iterator_types = ["reduction"]}
      ins(%x, %y : memref<?xf64>, memref<?xf64>) outs(%r : memref<f64>) {
  ^bb0(%xi: f64, %yi: f64, %ri: f64):
    %0 = arith.addf %xi, %yi : f64
    %1 = arith.addf %ri, %0 : f64
    linalg.yield %1 : f64
  }
  return
}

// Near miss: r = x[i]*y[i] overwrites r, it does not accumulate.
// CHECK-LABEL: func.func @dot_overwrites
// CHECK-NOT: kernel.launch
// CHECK: linalg.generic
// REMARK: remark: no template matches linalg.generic; closest blas.dot: the op overwrites r[], the template accumulates into it (+=)
func.func @dot_overwrites(%x: memref<?xf64>, %y: memref<?xf64>, %r: memref<f64>) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>], iterator_types = ["reduction"]}
      ins(%x, %y : memref<?xf64>, memref<?xf64>) outs(%r : memref<f64>) {
  ^bb0(%xi: f64, %yi: f64, %ri: f64):
    %0 = arith.mulf %xi, %yi : f64
    linalg.yield %0 : f64
  }
  return
}
