// RUN: polylift-cc %s | polylift-opt --raise-affine-to-linalg --match-kernels | FileCheck %s
// RUN: polylift-cc %s | polylift-opt --raise-affine-to-linalg --match-kernels --remarks=all 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK

// Arguments without `restrict` may alias. The gemv of a caller passing x == y reads
// x[j] after writing y[j] for j < i, which one gemv launch would not: the launch is in
// the version the entry guard calls when the ranges of A, x and y are apart, and the
// fallback keeps the loops, raised nowhere the overlap could matter.
void kernel_gemv(int n, double A[n][n], double *x, double *y)
{
  for (int i = 0; i < n; i++) {
    y[i] = 0.0;
    for (int j = 0; j < n; j++)
      y[i] = y[i] + A[i][j] * x[j];
  }
}
// CHECK-LABEL: func.func @kernel_gemv(
// CHECK-NOT: kernel.launch
// CHECK: scf.if
// CHECK-LABEL: func.func private @kernel_gemv.noalias(
// CHECK-SAME: %[[n:[a-z0-9_-]+]]: index, %[[AA:[a-z0-9_-]+]]: memref<?x?xf64>, %[[xx:[a-z0-9_-]+]]: memref<?xf64>, %[[yy:[a-z0-9_-]+]]: memref<?xf64>)
// CHECK: %[[N:.*]] = affine.max
// CHECK-NEXT: %[[Y:.*]] = memref.subview %[[yy]][0] [%[[N]]] [1]
// CHECK-NEXT: %[[A:.*]] = memref.subview %[[AA]][0, 0] [%[[N]], %[[N]]] [1, 1]
// CHECK-NEXT: %[[X:.*]] = memref.subview %[[xx]][0] [%[[N]]] [1]
// CHECK-NEXT: %[[ONE:[a-z0-9_-]+]] = arith.constant 1.000000e+00 : f64
// CHECK-NEXT: %[[ZERO:[a-z0-9_-]+]] = arith.constant 0.000000e+00 : f64
// CHECK-NEXT: "kernel.launch"(%[[Y]], %[[A]], %[[X]], %[[ONE]], %[[ZERO]]) {{.*}}template = "blas.gemv_zero1"
// CHECK-LABEL: func.func private @kernel_gemv.flat(
// CHECK-NOT: kernel.launch
// CHECK-NOT: linalg.generic
// CHECK: affine.for
// CHECK-NEXT: arith.constant
// CHECK-NEXT: affine.store
// CHECK-NEXT: affine.for

// With `restrict` the launch is as before: one function, no guard.
void kernel_gemv_restrict(int n, double A[restrict n][n], double *restrict x,
                          double *restrict y)
{
  for (int i = 0; i < n; i++) {
    y[i] = 0.0;
    for (int j = 0; j < n; j++)
      y[i] = y[i] + A[i][j] * x[j];
  }
}
// CHECK-LABEL: func.func @kernel_gemv_restrict(
// CHECK-SAME: %[[n:[a-z0-9_-]+]]: index, %[[AA:[a-z0-9_-]+]]: memref<?x?xf64> {llvm.noalias}, %[[xx:[a-z0-9_-]+]]: memref<?xf64> {llvm.noalias}, %[[yy:[a-z0-9_-]+]]: memref<?xf64> {llvm.noalias})
// CHECK-NOT: scf.if
// CHECK: %[[Y:[a-z0-9_-]+]] = memref.subview %[[yy]][0]
// CHECK-NEXT: %[[A:[a-z0-9_-]+]] = memref.subview %[[AA]][0, 0]
// CHECK-NEXT: %[[X:[a-z0-9_-]+]] = memref.subview %[[xx]][0]
// CHECK-NEXT: %[[ONE:[a-z0-9_-]+]] = arith.constant 1.000000e+00 : f64
// CHECK-NEXT: %[[ZERO:[a-z0-9_-]+]] = arith.constant 0.000000e+00 : f64
// CHECK-NEXT: "kernel.launch"(%[[Y]], %[[A]], %[[X]], %[[ONE]], %[[ZERO]]) {{.*}}template = "blas.gemv_zero1"
// CHECK-NEXT: return

// The fallback's recurrence stays a loop: a running-sum launch would read x after
// writing y where they overlap.
void kernel_cumsum(int n, double *x, double *y)
{
  y[0] = x[0];
  for (int k = 1; k < n; k++)
    y[k] = y[k - 1] + x[k];
}
// CHECK-LABEL: func.func private @kernel_cumsum.noalias(
// CHECK-SAME: %[[n:[a-z0-9_-]+]]: index, %[[x:[a-z0-9_-]+]]: memref<?xf64>, %[[yy:[a-z0-9_-]+]]: memref<?xf64>)
// CHECK: %[[Y:[a-z0-9_-]+]] = memref.subview %[[yy]][0] [%[[n]]] [1]
// CHECK-NEXT: "kernel.launch"(%[[Y]], %[[x]]) {{.*}}template = "scan.cumsum"
// CHECK-LABEL: func.func private @kernel_cumsum.flat(
// CHECK-NOT: kernel.launch
// CHECK: affine.for

// No bound covers y's accesses (its subscript is data): y's range is its whole array,
// which the guard compares with x's range (and only when y's extent is at most 2**40
// elements). The scatter stays a loop in both versions; the loop that touches x alone
// is raised and matched.
void kernel_scatter(int n, int *idx, double *x, double *y)
{
  for (int i = 0; i < n; i++)
    y[idx[i]] = x[i];
  for (int i = 0; i < n; i++)
    x[i] = 2.0 * x[i];
}
// CHECK-LABEL: func.func @kernel_scatter(
// CHECK-SAME: %{{[a-z0-9_-]+}}: index, %{{[a-z0-9_-]+}}: memref<?xi32>, %{{[a-z0-9_-]+}}: memref<?xf64>, %[[y:[a-z0-9_-]+]]: memref<?xf64>)
// CHECK: %[[DIM:[a-z0-9_-]+]] = memref.dim %[[y]], %{{.*}} : memref<?xf64>
// CHECK: %[[SMALL:[a-z0-9_-]+]] = arith.cmpi ule, %[[DIM]], %{{.*}} : index
// CHECK: scf.if
// CHECK-LABEL: func.func private @kernel_scatter.noalias(
// CHECK-SAME: %[[n:[a-z0-9_-]+]]: index, %[[idx:[a-z0-9_-]+]]: memref<?xi32>, %[[xx:[a-z0-9_-]+]]: memref<?xf64>, %[[y2:[a-z0-9_-]+]]: memref<?xf64>)
// CHECK-SAME: polylift.alias_guarded = {{\[}}["x", "y"]]
// CHECK-NEXT: affine.for
// CHECK: memref.store
// CHECK: %[[X:[a-z0-9_-]+]] = memref.subview %[[xx]][0]
// CHECK-NEXT: %[[TWO:[a-z0-9_-]+]] = arith.constant 2.000000e+00 : f64
// CHECK-NEXT: "kernel.launch"(%[[X]], %[[TWO]]) {{.*}}template = "blas.scal"

// A value read between two ops of a run reaches the launch as read before it: read
// from x, which may be y, after y is filled, the run breaks where they may overlap.
void kernel_scaled(int n, double A[restrict n][n], double *restrict z, double *x, double *y)
{
  for (int i = 0; i < n; i++)
    y[i] = 0.0;
  double alpha = x[0] + 1.0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      y[i] += alpha * A[i][j] * z[j];
}
// CHECK-LABEL: func.func private @kernel_scaled.noalias(
// CHECK-SAME: %[[n:[a-z0-9_-]+]]: index, %[[AA:[a-z0-9_-]+]]: memref<?x?xf64> {llvm.noalias}, %[[zz:[a-z0-9_-]+]]: memref<?xf64> {llvm.noalias}, %[[x:[a-z0-9_-]+]]: memref<?xf64>, %[[yy:[a-z0-9_-]+]]: memref<?xf64>)
// CHECK: %[[X0:[a-z0-9_-]+]] = affine.load %[[x]][0]
// CHECK: %[[ALPHA:[a-z0-9_-]+]] = arith.addf %[[X0]], %{{.*}} : f64
// CHECK: %[[A:[a-z0-9_-]+]] = memref.subview %[[AA]][0, 0]
// CHECK-NEXT: %[[Z:[a-z0-9_-]+]] = memref.subview %[[zz]][0]
// CHECK-NEXT: %[[Y:[a-z0-9_-]+]] = memref.subview %[[yy]][0]
// CHECK-NEXT: %[[ZERO:[a-z0-9_-]+]] = arith.constant 0.000000e+00 : f64
// CHECK-NEXT: "kernel.launch"(%[[Y]], %[[A]], %[[Z]], %[[ALPHA]], %[[ZERO]]) {{.*}}template = "blas.gemv_zero"
// CHECK-LABEL: func.func private @kernel_scaled.flat(
// CHECK-SAME: %[[n:[a-z0-9_-]+]]: index, %[[AA:[a-z0-9_-]+]]: memref<?x?xf64> {llvm.noalias}, %[[zz:[a-z0-9_-]+]]: memref<?xf64> {llvm.noalias}, %[[x:[a-z0-9_-]+]]: memref<?xf64>, %[[yy:[a-z0-9_-]+]]: memref<?xf64>)
// CHECK: %[[Y0:[a-z0-9_-]+]] = memref.subview %[[yy]][0]
// CHECK-NEXT: %[[ZERO:[a-z0-9_-]+]] = arith.constant 0.000000e+00 : f64
// CHECK-NEXT: "kernel.launch"(%[[Y0]], %[[ZERO]]) {{.*}}template = "blas.fill"
// CHECK-NEXT: %[[X0:[a-z0-9_-]+]] = affine.load %[[x]][0]
// CHECK: %[[ALPHA:[a-z0-9_-]+]] = arith.addf %[[X0]], %{{.*}} : f64
// CHECK: %[[A:[a-z0-9_-]+]] = memref.subview %[[AA]][0, 0]
// CHECK-NEXT: %[[Z:[a-z0-9_-]+]] = memref.subview %[[zz]][0]
// CHECK-NEXT: %[[Y:[a-z0-9_-]+]] = memref.subview %[[yy]][0]
// CHECK-NEXT: "kernel.launch"(%[[Y]], %[[A]], %[[Z]], %[[ALPHA]]) {{.*}}template = "blas.gemv_acc"

// The same holds for one array: alpha is y[0] after the fill, 1.
void kernel_same(int n, double A[restrict n][n], double *restrict z, double *restrict y)
{
  for (int i = 0; i < n; i++)
    y[i] = 0.0;
  double alpha = y[0] + 1.0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      y[i] += alpha * A[i][j] * z[j];
}
// CHECK-LABEL: func.func @kernel_same(
// CHECK-SAME: %[[n:[a-z0-9_-]+]]: index, %[[AA:[a-z0-9_-]+]]: memref<?x?xf64> {llvm.noalias}, %[[zz:[a-z0-9_-]+]]: memref<?xf64> {llvm.noalias}, %[[yy:[a-z0-9_-]+]]: memref<?xf64> {llvm.noalias})
// CHECK: %[[Y0:[a-z0-9_-]+]] = memref.subview %[[yy]][0]
// CHECK-NEXT: %[[ZERO:[a-z0-9_-]+]] = arith.constant 0.000000e+00 : f64
// CHECK-NEXT: "kernel.launch"(%[[Y0]], %[[ZERO]]) {{.*}}template = "blas.fill"
// CHECK-NEXT: %[[E0:[a-z0-9_-]+]] = affine.load %[[yy]][0]
// CHECK: %[[ALPHA:[a-z0-9_-]+]] = arith.addf %[[E0]], %{{.*}} : f64
// CHECK: %[[A:[a-z0-9_-]+]] = memref.subview %[[AA]][0, 0]
// CHECK-NEXT: %[[Z:[a-z0-9_-]+]] = memref.subview %[[zz]][0]
// CHECK-NEXT: %[[Y:[a-z0-9_-]+]] = memref.subview %[[yy]][0]
// CHECK-NEXT: "kernel.launch"(%[[Y]], %[[A]], %[[Z]], %[[ALPHA]]) {{.*}}template = "blas.gemv_acc"

// REMARK: alias.c:8:6: remark: may alias: A and y; guarded at entry (this version runs when their address ranges are apart)
// REMARK-NEXT: alias.c:8:6: remark: may alias: x and y; guarded at entry (this version runs when their address ranges are apart)
// REMARK: alias.c:8:6: remark: may alias: A and y; this version runs when they overlap and assumes nothing of them
// REMARK-NEXT: alias.c:8:6: remark: may alias: x and y; this version runs when they overlap and assumes nothing of them
// REMARK-NEXT: alias.c:13:21: remark: not raised: may alias: A and y (a caller may pass overlapping arrays, and the nest writes one of them)
// REMARK: alias.c:63:23: remark: not raised: may alias: x and y (a caller may pass overlapping arrays, and the nest writes one of them)
// REMARK: alias.c:77:6: remark: may alias: x and y; guarded at entry (this version runs when their address ranges are apart)
// REMARK-NEXT: alias.c:80:5: remark: not raised: 'memref.store' has a subscript that is not affine
// REMARK: alias.c:77:6: remark: may alias: x and y; this version runs when they overlap and assumes nothing of them
// REMARK-NEXT: alias.c:80:5: remark: not raised: may alias: x and y (a caller may pass overlapping arrays, and the nest writes one of them)
// REMARK: alias.c:62:3: remark: no template matches the loop nest; closest scan.cumsum: step 2 (y[k] = (y[k-1] + x[k]) where k >= 1): output y may alias x (arguments x and y may overlap)
// REMARK: remark: match-kernels: @kernel_gemv.noalias: coverage FULL, 1 launch(es), 0 residual op(s); launches guarded at entry (A and y, x and y apart)
// REMARK-NEXT: remark: match-kernels: @kernel_gemv.flat: coverage NONE, 0 launch(es), 2 residual op(s)
// REMARK: remark: match-kernels: @kernel_gemv_restrict: coverage FULL, 1 launch(es), 0 residual op(s)
