// RUN: polylift-cc %s --function=kernel_sum | FileCheck %s --check-prefix=SUM
// RUN: polylift-cc %s --function=kernel_branch | FileCheck %s --check-prefix=BR
// RUN: polylift-cc %s --function=kernel_select | FileCheck %s --check-prefix=SEL
#include <math.h>

void kernel_sum(int n, int m, double A[n][m], double s[n])
{
  double acc;
  for (int i = 0; i < n; i++) {
    acc = 0.0;
    for (int j = 0; j < m; j++)
      acc += A[i][j];
    s[i] = sqrt(acc);
  }
}
// `acc` is carried by the inner loop only: the outer loop sets it before reading it.
// SUM-LABEL: func.func @kernel_sum
// SUM: affine.for %[[I:arg[0-9]+]] {{.*}}= 0 to %arg0 {
// SUM-NEXT: %[[Z:.*]] = arith.constant 0.000000e+00 : f64
// SUM-NEXT: %[[R:.*]] = affine.for %[[J:arg[0-9]+]] {{.*}}= 0 to %arg1 iter_args(%[[ACC:.*]] = %[[Z]]) -> (f64) {
// SUM-NEXT: %[[L:.*]] = affine.load %arg2[%[[I]], %[[J]]] : memref<?x?xf64>
// SUM-NEXT: %[[N:.*]] = arith.addf %[[ACC]], %[[L]] : f64
// SUM-NEXT: affine.yield %[[N]] : f64
// SUM-NEXT: }
// SUM-NEXT: %[[Q:.*]] = math.sqrt %[[R]] : f64
// SUM-NEXT: affine.store %[[Q]], %arg3[%[[I]]] : memref<?xf64>

void kernel_branch(int n, float A[n], float B[n])
{
  for (int i = 0; i < n; i++) {
    float t;
    if (i < n - 1)
      t = A[i + 1];
    else
      t = 0.0f;
    if (A[i] > t)
      t = fabsf(A[i]) * t;
    B[i] = t;
  }
}
// SUM-NOT: memref.alloca
// BR-LABEL: func.func @kernel_branch
// BR: %[[T1:.*]] = affine.if #set(%[[I:arg[0-9]+]])[%arg0] -> f32 {
// BR-NEXT: %[[V:.*]] = affine.load %arg1[%[[I]] + 1] : memref<?xf32>
// BR-NEXT: affine.yield %[[V]] : f32
// BR-NEXT: } else {
// BR: affine.yield %{{.*}} : f32
// BR: %[[C:.*]] = arith.cmpf ogt, %{{.*}}, %[[T1]] : f32
// BR-NEXT: %[[T2:.*]] = scf.if %[[C]] -> (f32) {
// BR: math.absf
// BR: scf.yield %{{.*}} : f32
// BR-NEXT: } else {
// BR-NEXT: scf.yield %[[T1]] : f32
// BR: affine.store %[[T2]], %arg2[%[[I]]] : memref<?xf32>

void kernel_select(int n, double A[n], double B[n])
{
  for (int i = 0; i < n; i++)
    B[i] = A[i] > 0.0 ? A[i] : -A[i];
}
// SEL-LABEL: func.func @kernel_select
// SEL: %[[C:.*]] = arith.cmpf ogt, %[[A:.*]], %{{.*}} : f64
// SEL: %[[N:.*]] = arith.negf
// SEL-NEXT: %[[S:.*]] = arith.select %[[C]], %{{.*}}, %[[N]] : f64
// SEL-NEXT: affine.store %[[S]]
