// RUN: polylift-cc %s | polylift-opt --raise-affine-to-linalg --remarks=all 2>&1 | FileCheck %s

// A reduction inside the nest whose result the code after it reads as a value (l2
// normalisation: a sum over the channels, its root, then every channel divided by it):
// the result gets a temporary T[b][i], one element per iteration of the enclosing
// loops, summed in the source's order; the statements after it read T there. Splitting
// the loops is legal because no statement writes what another (b, i) reads.

// CHECK: expanded-reduction.c:[[# @LINE + 26]]:7: remark: raised to linalg.generic (parallel, parallel)
// CHECK-NEXT: expanded-reduction.c:[[# @LINE + 25]]:7: remark: raised to linalg.generic (parallel, parallel, reduction)
// CHECK-NEXT: expanded-reduction.c:[[# @LINE + 28]]:9: remark: raised to linalg.generic (parallel, parallel, parallel)
// CHECK-NEXT: expanded-reduction.c:[[# @LINE + 28]]:9: remark: raised to linalg.generic (parallel, parallel, parallel)
// CHECK-NEXT: expanded-reduction.c:[[# @LINE + 48]]:7: remark: not raised: loop fission would reverse a dependence between two stores of this nest
// CHECK-NEXT: expanded-reduction.c:[[# @LINE + 44]]:5: remark: not raised: the loop's results are used by something other than one store
// CHECK-NEXT: expanded-reduction.c:[[# @LINE + 46]]:7: remark: raised to linalg.generic (parallel)
// CHECK-LABEL: func.func @l2normalize(
// CHECK-SAME: %[[X:[a-z0-9_-]+]]: memref<2x4x3xf32> {llvm.noalias}, %[[DX:[a-z0-9_-]+]]: memref<2x4x3xf32> {llvm.noalias}
// CHECK: %[[T:[a-z0-9_-]+]] = memref.alloc() : memref<2x3xf32>
// CHECK: linalg.generic {{.*}} outs(%[[T]] : memref<2x3xf32>)
// CHECK: arith.constant 0.000000e+00 : f32
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "reduction"]} ins(%[[X]] : memref<2x4x3xf32>) outs(%[[T]] : memref<2x3xf32>)
// CHECK: arith.mulf
// CHECK-NEXT: arith.addf
// CHECK: linalg.generic {{.*}} ins(%[[T]] : memref<2x3xf32>) outs(%[[X]] : memref<2x4x3xf32>)
// CHECK: math.sqrt
// CHECK-NEXT: arith.divf
// CHECK: linalg.generic {{.*}} ins(%[[X]], %[[T]] : memref<2x4x3xf32>, memref<2x3xf32>) outs(%[[DX]] : memref<2x4x3xf32>)
// CHECK: memref.dealloc %[[T]]
// CHECK-NOT: affine.for
void l2normalize(float x[restrict 2][4][3], float dx[restrict 2][4][3])
{
  for (int b = 0; b < 2; ++b) {
    for (int i = 0; i < 3; ++i) {
      float sum = 0;
      for (int f = 0; f < 4; ++f)
        sum += x[b][f][i] * x[b][f][i];
      sum = sqrtf(sum);
      for (int f = 0; f < 4; ++f) {
        x[b][f][i] /= sum;
        dx[b][f][i] = (1 - x[b][f][i]) / sum;
      }
    }
  }
}

// Refused: the statement after the sum writes the column the next iteration sums, so
// splitting the loops would sum values written later in the source. The loop over i
// stays; the store's own loop is raised inside it.
// CHECK-LABEL: func.func @shifted(
// CHECK: affine.for
// CHECK: %[[SUM:[a-z0-9_-]+]] = affine.for
// CHECK: linalg.generic
// CHECK: arith.addf %in, %[[SUM]] : f32
void shifted(float x[restrict 4][4])
{
  for (int i = 0; i < 3; ++i) {
    float sum = 0;
    for (int f = 0; f < 4; ++f)
      sum += x[f][i];
    for (int f = 0; f < 4; ++f)
      x[f][i + 1] = x[f][i] + sum;
  }
}
