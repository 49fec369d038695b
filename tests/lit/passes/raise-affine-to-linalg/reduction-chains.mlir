// RUN: polylift-opt %S/../../../exec/inputs/raise/window_chain.mlir --raise-affine-to-linalg | FileCheck %s --check-prefix=POS
// RUN: polylift-opt %s --split-input-file --raise-affine-to-linalg --verify-diagnostics | FileCheck %s
// A reduction carried through a chain of loops becomes an init generic and one
// reduction generic over all the chained loops; window loops get a shape-only operand.

// POS-LABEL: func.func @maxpool
// POS: %[[W:.*]] = memref.alloca() : memref<2x2xi8>
// POS: linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "parallel", "parallel"]
// POS-NEXT: ^bb0(%in: f32, %out: f32):
// POS-NEXT: linalg.yield %in : f32
// POS: linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%{{.*}}, %[[W]] :
// POS: arith.cmpf ogt, %in, %out
// POS-LABEL: func.func @box3x3
// POS: memref.alloca() : memref<3x3xi8>
// POS: iterator_types = ["parallel", "parallel", "reduction", "reduction"]
// POS: arith.mulf %out, %out

// The initial value is the accumulator of the previous x iteration, not out[x]: the
// nest over x stays. The reduction over k inside it starts from that value, read as it
// is on each iteration of x, into a 0-d buffer whose load the store and the yield read.
// CHECK-LABEL: func.func @init_carried
// CHECK: %[[HOME:.*]] = memref.alloca() : memref<f32>
// CHECK: affine.for %{{.*}} = 0 to 8 iter_args(%[[PREV:.*]] = %{{.*}}) -> (f32)
// CHECK: linalg.generic {{.*}}iterator_types = []} outs(%[[HOME]] : memref<f32>)
// CHECK-NEXT: ^bb0(%out: f32):
// CHECK-NEXT: linalg.yield %[[PREV]] : f32
// CHECK: linalg.generic {{.*}}iterator_types = ["reduction"]}
// CHECK: %[[S:.*]] = affine.load %[[HOME]][] : memref<f32>
// CHECK-NEXT: affine.store %[[S]]
// CHECK-NEXT: affine.yield %[[S]] : f32
func.func @init_carried(%in: memref<8x8xf32>, %out: memref<8xf32>) {
  %z = arith.constant 0.0 : f32
  %f = affine.for %x = 0 to 8 iter_args(%prev = %z) -> (f32) {
    // expected-remark@+3 {{not raised: the reduction's initial value is carried from the previous iteration of an enclosing loop}}
    // expected-remark@+2 {{raised to linalg.generic ()}}
    // expected-remark@+1 {{raised to linalg.generic (reduction)}}
    %s = affine.for %k = 0 to 8 iter_args(%a = %prev) -> (f32) {
      %v = affine.load %in[%x, %k] : memref<8x8xf32>
      %u = arith.addf %a, %v : f32
      affine.yield %u : f32
    }
    affine.store %s, %out[%x] : memref<8xf32>
    affine.yield %s : f32
  }
  return
}

// -----

// The outer loop of the chain also stores: not a perfect chain, so the nest over x
// stays, and so does the loop over dy; the loop over dx inside it is a reduction of its
// own, raised into a 0-d buffer that the yield reads back.
// CHECK-LABEL: func.func @not_perfect
// CHECK: %[[HOME:.*]] = memref.alloca() : memref<f32>
// CHECK: affine.for
// CHECK: affine.for
// CHECK: linalg.generic {{.*}}iterator_types = ["reduction"]}
// CHECK: %[[R:.*]] = affine.load %[[HOME]][] : memref<f32>
// CHECK-NEXT: affine.yield %[[R]] : f32
func.func @not_perfect(%in: memref<8x8xf32>, %out: memref<8xf32>, %t: memref<8xf32>) {
  affine.for %x = 0 to 4 {
    %z = arith.constant 0.0 : f32
    // expected-remark@+1 {{not raised: the accumulator goes through loops that are not a perfect chain of reductions}}
    %s = affine.for %dy = 0 to 2 iter_args(%a = %z) -> (f32) {
      affine.store %z, %t[%dy] : memref<8xf32>
      // expected-remark@+2 {{raised to linalg.generic ()}}
      // expected-remark@+1 {{raised to linalg.generic (reduction)}}
      %r = affine.for %dx = 0 to 2 iter_args(%b = %a) -> (f32) {
        %v = affine.load %in[%x + %dy, %x + %dx] : memref<8x8xf32>
        %u = arith.addf %b, %v : f32
        affine.yield %u : f32
      }
      affine.yield %r : f32
    }
    affine.store %s, %out[%x] : memref<8xf32>
  }
  return
}

// -----

// A second accumulator that changes (not a pass-through) is refused.
// CHECK-LABEL: func.func @two_accumulators
// CHECK: affine.for
// CHECK-NOT: linalg.generic
func.func @two_accumulators(%in: memref<8x8xf32>, %out: memref<8xf32>) {
  affine.for %x = 0 to 8 {
    %z = arith.constant 0.0 : f32
    // expected-remark@+1 {{not raised: loop with several iter_args values or uses}}
    %s:2 = affine.for %k = 0 to 8 iter_args(%a = %z, %b = %z) -> (f32, f32) {
      %v = affine.load %in[%x, %k] : memref<8x8xf32>
      %u = arith.addf %a, %v : f32
      %w = arith.mulf %b, %v : f32
      affine.yield %u, %w : f32, f32
    }
    affine.store %s#0, %out[%x] : memref<8xf32>
  }
  return
}
