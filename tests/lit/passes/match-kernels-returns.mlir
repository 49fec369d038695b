// RUN: polylift-opt %s --split-input-file --raise-affine-to-linalg --match-kernels | FileCheck %s
// RUN: polylift-opt %s --split-input-file --raise-affine-to-linalg --match-kernels --lower-kernel-launch-to-ref | FileCheck %s --check-prefix=REF
// Reductions whose result the function returns, or reads after the loop, as the front end
// translates `float dot(...) { ...; return s; }`: the raising gives the result a 0-d
// buffer (raising/statements/result_home.py), the reduction is a launch into it, and the load of
// the buffer is what the function returns or the next loop reads (a scalar of its launch).

// CHECK-LABEL: func.func @dot(
// CHECK-SAME: %[[X:[a-z0-9_-]+]]: memref<?xf32>, %[[Y:[a-z0-9_-]+]]: memref<?xf32>, %[[N:[a-z0-9_-]+]]: index) -> f32
// CHECK-NEXT: %[[HOME:[a-z0-9_-]+]] = memref.alloca() : memref<f32>
// CHECK: %[[SX:[a-z0-9_-]+]] = memref.subview %[[X]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: %[[SY:[a-z0-9_-]+]] = memref.subview %[[Y]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: %[[ZERO:[a-z0-9_-]+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: "kernel.launch"(%[[HOME]], %[[SX]], %[[SY]], %[[ZERO]]) {callee = @dot_init_f32, s = 0.000000e+00 : f32, source_order_matches = true, template = "red.dot"}
// CHECK-NEXT: %[[S:[a-z0-9_-]+]] = affine.load %[[HOME]][] : memref<f32>
// CHECK-NEXT: return %[[S]] : f32
// REF-LABEL: func.func @dot(
// REF: call @polylift_ref_dot_init_f32(
func.func @dot(%x: memref<?xf32>, %y: memref<?xf32>, %n: index) -> f32 {
  %zero = arith.constant 0.0 : f32
  %r = affine.for %i = 0 to %n iter_args(%s = %zero) -> f32 {
    %a = affine.load %x[%i] : memref<?xf32>
    %b = affine.load %y[%i] : memref<?xf32>
    %p = arith.mulf %a, %b : f32
    %t = arith.addf %s, %p : f32
    affine.yield %t : f32
  }
  return %r : f32
}

// -----

// The maximum from x[0] over the rest (the view of x starts at its second element).
// CHECK-LABEL: func.func @max_from_first(
// CHECK-SAME: %[[X:[a-z0-9_-]+]]: memref<?xf64>, %[[N:[a-z0-9_-]+]]: index) -> f64
// CHECK-NEXT: %[[HOME:[a-z0-9_-]+]] = memref.alloca() : memref<f64>
// CHECK-NEXT: %[[X0:[a-z0-9_-]+]] = affine.load %[[X]][0] : memref<?xf64>
// CHECK: %[[SX:[a-z0-9_-]+]] = memref.subview %[[X]][1] [%{{[a-z0-9_]+}}] [1]
// CHECK-NEXT: "kernel.launch"(%[[HOME]], %[[SX]], %[[X0]]) {callee = @maxval_f64, source_order_matches = true, template = "red.maxval"}
// CHECK-NEXT: %[[M:[a-z0-9_-]+]] = affine.load %[[HOME]][] : memref<f64>
// CHECK-NEXT: return %[[M]] : f64
func.func @max_from_first(%x: memref<?xf64>, %n: index) -> f64 {
  %x0 = affine.load %x[0] : memref<?xf64>
  %r = affine.for %i = 1 to %n iter_args(%m = %x0) -> f64 {
    %a = affine.load %x[%i] : memref<?xf64>
    %gt = arith.cmpf ogt, %a, %m : f64
    %next = arith.select %gt, %a, %m : f64
    affine.yield %next : f64
  }
  return %r : f64
}

// -----

// `return sqrtf(s)`: the sum of squares is the launch, the root of its load is scalar
// code after it (no loop, nothing left to cover).
// CHECK-LABEL: func.func @length(
// CHECK-SAME: %[[X:[a-z0-9_-]+]]: memref<?xf32>, %[[N:[a-z0-9_-]+]]: index) -> f32
// CHECK-NEXT: %[[HOME:[a-z0-9_-]+]] = memref.alloca() : memref<f32>
// CHECK: %[[SX:[a-z0-9_-]+]] = memref.subview %[[X]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK-NEXT: %[[ZERO:[a-z0-9_-]+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: "kernel.launch"(%[[HOME]], %[[SX]], %[[ZERO]]) {callee = @sumsq_f32, s = 0.000000e+00 : f32, source_order_matches = true, template = "red.sumsq"}
// CHECK-NEXT: %[[S:[a-z0-9_-]+]] = affine.load %[[HOME]][] : memref<f32>
// CHECK-NEXT: %[[L:[a-z0-9_-]+]] = math.sqrt %[[S]] : f32
// CHECK-NEXT: return %[[L]] : f32
func.func @length(%x: memref<?xf32>, %n: index) -> f32 {
  %zero = arith.constant 0.0 : f32
  %r = affine.for %i = 0 to %n iter_args(%s = %zero) -> f32 {
    %a = affine.load %x[%i] : memref<?xf32>
    %p = arith.mulf %a, %a : f32
    %t = arith.addf %s, %p : f32
    affine.yield %t : f32
  }
  %l = math.sqrt %r : f32
  return %l : f32
}

// -----

// Two passes: the sum, then every element divided by it; the second launch takes the
// load of the first one's buffer as its scalar.
// CHECK-LABEL: func.func @normalise(
// CHECK-SAME: %[[X:[a-z0-9_-]+]]: memref<?xf32>, %[[Y:[a-z0-9_-]+]]: memref<?xf32>, %[[N:[a-z0-9_-]+]]: index)
// CHECK-NEXT: %[[HOME:[a-z0-9_-]+]] = memref.alloca() : memref<f32>
// CHECK: %[[SX:[a-z0-9_-]+]] = memref.subview %[[X]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK-NEXT: %[[ZERO:[a-z0-9_-]+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: "kernel.launch"(%[[HOME]], %[[SX]], %[[ZERO]]) {callee = @sum_f32, s = 0.000000e+00 : f32, source_order_matches = true, template = "red.sum"}
// CHECK-NEXT: %[[S:[a-z0-9_-]+]] = affine.load %[[HOME]][] : memref<f32>
// CHECK: %[[SX2:[a-z0-9_-]+]] = memref.subview %[[X]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK-NEXT: %[[SY:[a-z0-9_-]+]] = memref.subview %[[Y]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK-NEXT: "kernel.launch"(%[[SY]], %[[SX2]], %[[S]]) {callee = @divs_f32, source_order_matches = true, template = "ew.divs"}
// CHECK-NEXT: return
func.func @normalise(%x: memref<?xf32>, %y: memref<?xf32>, %n: index) {
  %zero = arith.constant 0.0 : f32
  %r = affine.for %i = 0 to %n iter_args(%s = %zero) -> f32 {
    %a = affine.load %x[%i] : memref<?xf32>
    %t = arith.addf %s, %a : f32
    affine.yield %t : f32
  }
  affine.for %i = 0 to %n {
    %a = affine.load %x[%i] : memref<?xf32>
    %q = arith.divf %a, %r : f32
    affine.store %q, %y[%i] : memref<?xf32>
  }
  return
}
