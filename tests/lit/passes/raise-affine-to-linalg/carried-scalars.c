// RUN: polylift-cc %s | polylift-opt --raise-affine-to-linalg --remarks=all 2>&1 | FileCheck %s

// A scalar that one loop nest carries and a later nest reads: for the later nest it is
// a value computed before it, like a parameter, not a reduction of its own (its loop is
// in another block: once a StopIteration looking for that loop among the nest's).

// CHECK: carried-scalars.c:[[# @LINE + 15]]:53: remark: not raised: the stored value depends on a value carried from the previous iteration
// CHECK-NEXT: carried-scalars.c:[[# @LINE + 14]]:53: remark: raised to linalg.generic (parallel)
// CHECK-NEXT: carried-scalars.c:[[# @LINE + 14]]:27: remark: raised to linalg.generic (parallel)
// CHECK-NEXT: carried-scalars.c:[[# @LINE + 28]]:7: remark: raised to linalg.generic (parallel, parallel)
// CHECK-NEXT: carried-scalars.c:[[# @LINE + 27]]:7: remark: raised to linalg.generic (parallel, parallel, reduction)
// CHECK-LABEL: func.func @carried(
// CHECK: %[[C:.*]] = affine.for %{{.*}} = 0 to %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (f64) {
// CHECK: linalg.generic
// CHECK: arith.addf %out, %[[ACC]] : f64
// CHECK: affine.yield
// CHECK: linalg.generic {{.*}}outs(%{{.*}} : memref<?xf64, strided<[1]>>)
// CHECK-NEXT: ^bb0(%out: f64):
// CHECK-NEXT: linalg.yield %[[C]] : f64
void carried(int n, int m, double W[restrict n][m], double x[restrict n])
{ int i, j; double c; c = 1.0;
  for (i = 0; i < n; i++) { for (j = 0; j < m; j++) W[i][j] += c; c = c + 1.0; }
  for (i = 0; i < n; i++) x[i] = c; }

// A loop of the nest itself stays a reduction where a deeper loop stores its result:
// a row's sum stored in every column is that sum per (i, j), in the same order.
// CHECK-LABEL: func.func @row_broadcast(
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "parallel"]}
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "reduction"]}
// CHECK-NOT: affine.for
void row_broadcast(int n, int m, double A[restrict n][m], double B[restrict n][m])
{
  for (int i = 0; i < n; i++) {
    double c = 0.0;
    for (int j = 0; j < m; j++)
      c += A[i][j];
    for (int j = 0; j < m; j++)
      B[i][j] = c;
  }
}
