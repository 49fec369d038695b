// RUN: polylift-opt %s --split-input-file --raise-affine-to-linalg | FileCheck %s
// A reduction's initial value, raised to a 0-d fill, stands right before its reduction
// when the loop also computes other statements that do not touch it (raising/statements/order.py),
// and a post-op's operand computed after the loop from values before it moves ahead of
// the loop (raising/statements/result_home.py).

// softmax's middle loop: x[i] = exp(x[i] - m), then the sum of the new x into s.
// CHECK-LABEL: func.func @exp_and_sum(
// CHECK-SAME: %[[X:[a-z0-9_-]+]]: memref<?xf32>, %[[M:[a-z0-9_-]+]]: f32, %[[R:[a-z0-9_-]+]]: memref<1xf32>, %[[N:[a-z0-9_-]+]]: index)
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel"]} outs(%{{.*}} : memref<?xf32, strided<[1]>>)
// CHECK: math.exp
// CHECK: linalg.generic {{.*}}iterator_types = []} outs(%[[S:.*]] : memref<f32, strided<[]>>)
// CHECK-NEXT: ^bb0(%{{.*}}: f32):
// CHECK-NEXT: linalg.yield %{{.*}} : f32
// CHECK-NEXT: }
// CHECK-NEXT: linalg.generic {{.*}}iterator_types = ["reduction"]} ins(%{{.*}} : memref<?xf32, strided<[1]>>) outs(%[[S]] : memref<f32, strided<[]>>)
func.func @exp_and_sum(%x: memref<?xf32>, %m: f32, %r: memref<1xf32>, %n: index) {
  %zero = arith.constant 0.0 : f32
  %s = affine.for %i = 0 to %n iter_args(%acc = %zero) -> f32 {
    %v = affine.load %x[%i] : memref<?xf32>
    %d = arith.subf %v, %m : f32
    %e = math.exp %d : f32
    affine.store %e, %x[%i] : memref<?xf32>
    %w = affine.load %x[%i] : memref<?xf32>
    %t = arith.addf %acc, %w : f32
    affine.yield %t : f32
  }
  affine.store %s, %r[0] : memref<1xf32>
  return
}

// -----

// `r[0] = s / n`: (float) n is computed after the loop from n, so it moves ahead of the
// loop, and the division is the third generic, reading it as a scalar.
// CHECK-LABEL: func.func @mean(
// CHECK-SAME: %[[X:[a-z0-9_-]+]]: memref<?xf32>, %[[R:[a-z0-9_-]+]]: memref<1xf32>, %[[N:[a-z0-9_-]+]]: index, %[[N32:[a-z0-9_-]+]]: i32)
// CHECK: %[[COUNT:.*]] = arith.sitofp %[[N32]] : i32 to f32
// CHECK: linalg.generic {{.*}}iterator_types = []}
// CHECK: linalg.generic {{.*}}iterator_types = ["reduction"]}
// CHECK: linalg.generic {{.*}}iterator_types = []}
// CHECK-NEXT: ^bb0(%[[OUT:.*]]: f32):
// CHECK-NEXT: %[[Q:.*]] = arith.divf %[[OUT]], %[[COUNT]] : f32
// CHECK-NEXT: linalg.yield %[[Q]] : f32
func.func @mean(%x: memref<?xf32>, %r: memref<1xf32>, %n: index, %n32: i32) {
  %zero = arith.constant 0.0 : f32
  %s = affine.for %i = 0 to %n iter_args(%acc = %zero) -> f32 {
    %v = affine.load %x[%i] : memref<?xf32>
    %t = arith.addf %acc, %v : f32
    affine.yield %t : f32
  }
  %count = arith.sitofp %n32 : i32 to f32
  %q = arith.divf %s, %count : f32
  affine.store %q, %r[0] : memref<1xf32>
  return
}
