// RUN: polylift-opt %s --split-input-file --lower-masked-generics | FileCheck %s
// A generic masked to a triangle is lowered to loops over the triangle only, storing
// the unmasked value; a mask the pass cannot turn into loop bounds stays a generic.

// CHECK-LABEL: func.func @lower_triangle(
// CHECK: %[[N:.*]] = memref.dim %arg0, %{{.*}} : memref<?x?xf64>
// CHECK: %[[M:.*]] = memref.dim %arg0, %{{.*}} : memref<?x?xf64>
// CHECK: scf.for %[[I:.*]] = %{{.*}} to %[[N]] step
// CHECK: %[[I1:.*]] = arith.addi %{{.*}}, %[[I]] : index
// CHECK: %[[UB:.*]] = arith.minsi %[[M]], %[[I1]] : index
// CHECK: scf.for %[[J:.*]] = %{{.*}} to %[[UB]] step
// CHECK: %[[C:.*]] = memref.load %arg0[%[[I]], %[[J]]]
// CHECK: %[[NEW:.*]] = arith.mulf %[[C]], %arg1 : f64
// CHECK: memref.store %[[NEW]], %arg0[%[[I]], %[[J]]]
// CHECK-NOT: linalg.generic
func.func @lower_triangle(%C: memref<?x?xf64>, %beta: f64) {
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      outs(%C : memref<?x?xf64>) {
  ^bb0(%c: f64):
    %0 = arith.mulf %c, %beta : f64
    %j = linalg.index 1 : index
    %i = linalg.index 0 : index
    %i1 = affine.apply affine_map<(d0) -> (d0 + 1)>(%i)
    %in = arith.cmpi slt, %j, %i1 : index
    %r = arith.select %in, %0, %c : f64
    linalg.yield %r : f64
  }
  return
}

// -----

// The upper triangle from the diagonal, with a reduction inside: the lower bound of
// the second loop is the first loop's counter.
// CHECK-LABEL: func.func @upper_with_reduction(
// CHECK: scf.for %[[I:.*]] = %{{.*}} to
// CHECK: %[[LB:.*]] = arith.maxsi %{{.*}}, %{{.*}} : index
// CHECK: scf.for %[[J:.*]] = %[[LB]] to
// CHECK: scf.for %[[K:.*]] = %{{.*}} to
// CHECK: arith.addf
// CHECK: memref.store
func.func @upper_with_reduction(%A: memref<5x4xf32>, %C: memref<4x4xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (k, i)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%A, %A : memref<5x4xf32>, memref<5x4xf32>) outs(%C : memref<4x4xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %0 = arith.mulf %a, %b : f32
    %1 = arith.addf %c, %0 : f32
    %j = linalg.index 1 : index
    %i = linalg.index 0 : index
    %in = arith.cmpi sge, %j, %i : index
    %r = arith.select %in, %1, %c : f32
    linalg.yield %r : f32
  }
  return
}

// -----

// A mask `2*j <= i` puts a coefficient of 2 on the innermost dim it names: the pass
// cuts loops at `d < bound` only, so this generic stays for the upstream lowering
// (correct, over the whole box). A coefficient of 2 on an outer dim is fine.
// CHECK-LABEL: func.func @steep(
// CHECK: linalg.generic
func.func @steep(%C: memref<4x8xf64>, %beta: f64) {
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      outs(%C : memref<4x8xf64>) {
  ^bb0(%c: f64):
    %0 = arith.mulf %c, %beta : f64
    %j = linalg.index 1 : index
    %i = linalg.index 0 : index
    %j2 = affine.apply affine_map<(d0) -> (d0 * 2)>(%j)
    %in = arith.cmpi sle, %j2, %i : index
    %r = arith.select %in, %0, %c : f64
    linalg.yield %r : f64
  }
  return
}

// -----

// The triangle `j <= 2*i` (a coefficient of 2 on the outer dim): j's loop ends at 2*i + 1.
// CHECK-LABEL: func.func @wide(
// CHECK: scf.for %[[I:.*]] = %{{.*}} to
// CHECK: %[[TWO:.*]] = arith.muli %[[I]], %{{.*}} : index
// CHECK: %[[END:.*]] = arith.addi %{{.*}}, %[[TWO]] : index
// CHECK: %[[UB:.*]] = arith.minsi %{{.*}}, %[[END]] : index
// CHECK: scf.for %{{.*}} = %{{.*}} to %[[UB]]
// CHECK-NOT: linalg.generic
func.func @wide(%C: memref<4x8xf64>, %beta: f64) {
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      outs(%C : memref<4x8xf64>) {
  ^bb0(%c: f64):
    %0 = arith.mulf %c, %beta : f64
    %j = linalg.index 1 : index
    %i = linalg.index 0 : index
    %i2 = affine.apply affine_map<(d0) -> (d0 * 2)>(%i)
    %in = arith.cmpi sle, %j, %i2 : index
    %r = arith.select %in, %0, %c : f64
    linalg.yield %r : f64
  }
  return
}
