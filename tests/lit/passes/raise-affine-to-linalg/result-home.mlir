// RUN: polylift-opt %s --split-input-file --raise-affine-to-linalg --verify-diagnostics | FileCheck %s
// A reduction whose result the function returns, or reads after the loop, gets a 0-d
// buffer at the function's entry (raising/statements/result_home.py): the generics reduce into it
// and a load stands for the result. A nest that stays keeps its result as it was.

// CHECK-LABEL: func.func @dot
// CHECK-SAME: (%[[A:[a-z0-9_-]+]]: memref<?xf32>, %[[B:[a-z0-9_-]+]]: memref<?xf32>, %[[N:[a-z0-9_-]+]]: index) -> f32
// CHECK-NEXT: %[[HOME:.*]] = memref.alloca() : memref<f32>
// CHECK: linalg.generic {{.*}}iterator_types = []} outs(%[[HOME]] : memref<f32>)
// CHECK: linalg.generic {{.*}}iterator_types = ["reduction"]} ins(%{{.*}}, %{{.*}} : memref<?xf32, strided<[1]>>, memref<?xf32, strided<[1]>>) outs(%[[HOME]] : memref<f32>)
// CHECK: %[[S:.*]] = affine.load %[[HOME]][] : memref<f32>
// CHECK-NEXT: return %[[S]] : f32
func.func @dot(%a: memref<?xf32>, %b: memref<?xf32>, %n: index) -> f32 {
  %zero = arith.constant 0.0 : f32
  // expected-remark@+2 {{raised to linalg.generic ()}}
  // expected-remark@+1 {{raised to linalg.generic (reduction)}}
  %r = affine.for %i = 0 to %n iter_args(%s = %zero) -> f32 {
    %x = affine.load %a[%i] : memref<?xf32>
    %y = affine.load %b[%i] : memref<?xf32>
    %p = arith.mulf %x, %y : f32
    %t = arith.addf %s, %p : f32
    affine.yield %t : f32
  }
  return %r : f32
}

// -----

// The sum, then a map that divides by it: the second nest reads the load.
// CHECK-LABEL: func.func @normalise
// CHECK-NEXT: %[[HOME:.*]] = memref.alloca() : memref<f32>
// CHECK: linalg.generic {{.*}}iterator_types = ["reduction"]} ins(%{{.*}} : memref<?xf32, strided<[1]>>) outs(%[[HOME]] : memref<f32>)
// CHECK: %[[S:.*]] = affine.load %[[HOME]][] : memref<f32>
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel"]}
// CHECK-NEXT: ^bb0(%[[IN:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: arith.divf %[[IN]], %[[S]] : f32
func.func @normalise(%x: memref<?xf32>, %y: memref<?xf32>, %n: index) {
  %zero = arith.constant 0.0 : f32
  // expected-remark@+2 {{raised to linalg.generic ()}}
  // expected-remark@+1 {{raised to linalg.generic (reduction)}}
  %r = affine.for %i = 0 to %n iter_args(%s = %zero) -> f32 {
    %v = affine.load %x[%i] : memref<?xf32>
    %t = arith.addf %s, %v : f32
    affine.yield %t : f32
  }
  affine.for %i = 0 to %n {
    %v = affine.load %x[%i] : memref<?xf32>
    %q = arith.divf %v, %r : f32
    // expected-remark@+1 {{raised to linalg.generic (parallel)}}
    affine.store %q, %y[%i] : memref<?xf32>
  }
  return
}

// -----

// Near miss: a recurrence (`s = 2 * s + x[i]`) is no reduction; the buffer made for its
// result is taken back and the function is as it was.
// CHECK-LABEL: func.func @horner
// CHECK-NOT: memref.alloca
// CHECK: %[[R:.*]] = affine.for
// CHECK: return %[[R]] : f32
func.func @horner(%a: memref<?xf32>, %n: index) -> f32 {
  %zero = arith.constant 0.0 : f32
  %two = arith.constant 2.0 : f32
  // The buffer's store stands at the loop: the remark is there.
  // expected-remark@+1 {{not raised: loop over loop at 68:8 updates the output with 'arith.addf', not a recognised reduction}}
  %r = affine.for %i = 0 to %n iter_args(%s = %zero) -> f32 {
    %x = affine.load %a[%i] : memref<?xf32>
    %m = arith.mulf %s, %two : f32
    %t = arith.addf %m, %x : f32
    affine.yield %t : f32
  }
  return %r : f32
}
