// RUN: polylift-cc %s | polylift-opt --raise-affine-to-linalg --match-kernels | FileCheck %s
// RUN: polylift-cc %s | polylift-opt --raise-affine-to-linalg --match-kernels --remarks=all 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK

// Loop programs written otherwise than the templates, with the same operations in the
// same order: renamed loops, `+= -` for `-=`, scalar accumulators, a loop split where the
// dependences allow it. Then near misses, refused with the first difference.

#include <math.h>


// Renamed counters and `x += -e`: the raising makes the inner loop a reduction
// generic inside the kept nest, read back as its loop (matcher/program/from_generic.py).
// CHECK-LABEL: func.func @trsv_renamed(
// CHECK-SAME: %[[N:[a-z0-9_-]+]]: index, %[[L:[a-z0-9_-]+]]: memref<?x?xf64> {llvm.noalias}, %[[X:[a-z0-9_-]+]]: memref<?xf64> {llvm.noalias}, %[[B:[a-z0-9_-]+]]: memref<?xf64> {llvm.noalias})
// CHECK: %[[VL1:[a-z0-9_-]+]] = memref.subview %[[L]][0, 0] [%[[N]], %[[N]]] [1, 1]
// CHECK-NEXT: %[[VB2:[a-z0-9_-]+]] = memref.subview %[[B]][0] [%[[N]]] [1]
// CHECK-NEXT: %[[VX3:[a-z0-9_-]+]] = memref.subview %[[X]][0] [%[[N]]] [1]
// CHECK-NEXT: "kernel.launch"(%[[VL1]], %[[VB2]], %[[VX3]]) {callee = @trsv_lower_f64, source_order_matches = true, template = "lapack.trsv_lower"}
// CHECK-NEXT: return
void trsv_renamed(int n, double L[restrict n][n], double x[restrict n], double b[restrict n])
{
  for (int r = 0; r < n; r++) {
    x[r] = b[r];
    for (int c = 0; c < r; c++)
      x[r] += -L[r][c] * x[c];
    x[r] = x[r] / L[r][r];
  }
}

// The element carried in a scalar from its first value to its last store.
// CHECK-LABEL: func.func @trsv_scalar(
// CHECK-SAME: %[[N:[a-z0-9_-]+]]: index, %[[L:[a-z0-9_-]+]]: memref<?x?xf64> {llvm.noalias}, %[[X:[a-z0-9_-]+]]: memref<?xf64> {llvm.noalias}, %[[B:[a-z0-9_-]+]]: memref<?xf64> {llvm.noalias})
// CHECK: %[[VL1:[a-z0-9_-]+]] = memref.subview %[[L]][0, 0] [%[[N]], %[[N]]] [1, 1]
// CHECK-NEXT: %[[VB2:[a-z0-9_-]+]] = memref.subview %[[B]][0] [%[[N]]] [1]
// CHECK-NEXT: %[[VX3:[a-z0-9_-]+]] = memref.subview %[[X]][0] [%[[N]]] [1]
// CHECK-NEXT: "kernel.launch"(%[[VL1]], %[[VB2]], %[[VX3]]) {callee = @trsv_lower_f64, source_order_matches = true, template = "lapack.trsv_lower"}
// CHECK-NEXT: return
void trsv_scalar(int n, double L[restrict n][n], double x[restrict n], double b[restrict n])
{
  for (int i = 0; i < n; i++) {
    double w = b[i];
    for (int j = 0; j < i; j++)
      w -= L[i][j] * x[j];
    x[i] = w / L[i][i];
  }
}

// Both sums of Cholesky through scalars, one written `s = s - ...`.
// CHECK-LABEL: func.func @cholesky_scalars(
// CHECK-SAME: %[[N:[a-z0-9_-]+]]: index, %[[A:[a-z0-9_-]+]]: memref<?x?xf64> {llvm.noalias})
// CHECK: %[[VA1:[a-z0-9_-]+]] = memref.subview %[[A]][0, 0] [%[[N]], %[[N]]] [1, 1]
// CHECK-NEXT: "kernel.launch"(%[[VA1]]) {callee = @potrf_lower_f64, source_order_matches = true, template = "lapack.potrf_lower"}
// CHECK-NEXT: return
void cholesky_scalars(int n, double A[restrict n][n])
{
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < i; j++) {
      double s = A[i][j];
      for (int k = 0; k < j; k++)
        s = s - A[i][k] * A[j][k];
      A[i][j] = s / A[j][j];
    }
    double d = A[i][i];
    for (int k = 0; k < i; k++)
      d -= A[i][k] * A[i][k];
    A[i][i] = sqrt(d);
  }
}

// The k loop split in two: the instances run in another order, which no dependence
// sees (polyhedra.same_order), so it is the template's program.
// CHECK-LABEL: func.func @symm_split(
// CHECK-SAME: %[[M:[a-z0-9_-]+]]: index, %[[N:[a-z0-9_-]+]]: index, %[[ALPHA:[a-z0-9_-]+]]: f64, %[[BETA:[a-z0-9_-]+]]: f64, %[[C:[a-z0-9_-]+]]: memref<?x?xf64> {llvm.noalias}, %[[A:[a-z0-9_-]+]]: memref<?x?xf64> {llvm.noalias}, %[[B:[a-z0-9_-]+]]: memref<?x?xf64> {llvm.noalias})
// CHECK: %[[VC1:[a-z0-9_-]+]] = memref.subview %[[C]][0, 0] [%[[M]], %[[N]]] [1, 1]
// CHECK-NEXT: %[[VA2:[a-z0-9_-]+]] = memref.subview %[[A]][0, 0] [%[[M]], %[[M]]] [1, 1]
// CHECK-NEXT: %[[VB3:[a-z0-9_-]+]] = memref.subview %[[B]][0, 0] [%[[M]], %[[N]]] [1, 1]
// CHECK-NEXT: "kernel.launch"(%[[VC1]], %[[VA2]], %[[VB3]], %[[ALPHA]], %[[BETA]]) {callee = @symm_lower_rows_f64, source_order_matches = true, template = "blas.symm_lower_rows"}
// CHECK-NEXT: return
void symm_split(int m, int n, double alpha, double beta, double C[restrict m][n],
                double A[restrict m][m], double B[restrict m][n])
{
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++) {
      double t = 0.0;
      for (int k = 0; k < i; k++)
        C[k][j] += alpha * B[i][j] * A[i][k];
      for (int k = 0; k < i; k++)
        t += B[k][j] * A[i][k];
      C[i][j] = beta * C[i][j] + alpha * B[i][j] * A[i][i] + alpha * t;
    }
}

// Near misses. A bound off by one:
// CHECK-LABEL: func.func @trsv_off_by_one(
// CHECK-NOT: kernel.launch
// CHECK: affine.for
// CHECK-NOT: kernel.launch
// CHECK: return
void trsv_off_by_one(int n, double L[restrict n][n], double x[restrict n], double b[restrict n])
{
  for (int i = 0; i < n; i++) {
    x[i] = b[i];
    for (int j = 0; j < i - 1; j++)
      x[i] -= L[i][j] * x[j];
    x[i] = x[i] / L[i][i];
  }
}

// The division before the sum: the same statements, in an order a dependence sees.
// CHECK-LABEL: func.func @trsv_divided_first(
// CHECK-NOT: kernel.launch
// CHECK: affine.for
// CHECK-NOT: kernel.launch
// CHECK: return
void trsv_divided_first(int n, double L[restrict n][n], double x[restrict n],
                        double b[restrict n])
{
  for (int i = 0; i < n; i++) {
    x[i] = b[i];
    x[i] = x[i] / L[i][i];
    for (int j = 0; j < i; j++)
      x[i] -= L[i][j] * x[j];
  }
}

// A missing statement:
// CHECK-LABEL: func.func @lu_no_division(
// CHECK-NOT: kernel.launch
// CHECK: affine.for
// CHECK-NOT: kernel.launch
// CHECK: return
void lu_no_division(int n, double A[restrict n][n])
{
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < i; j++)
      for (int k = 0; k < j; k++)
        A[i][j] -= A[i][k] * A[k][j];
    for (int j = i; j < n; j++)
      for (int k = 0; k < i; k++)
        A[i][j] -= A[i][k] * A[k][j];
  }
}

// A swapped pivot:
// CHECK-LABEL: func.func @lu_swapped_pivot(
// CHECK-NOT: kernel.launch
// CHECK: affine.for
// CHECK-NOT: kernel.launch
// CHECK: return
void lu_swapped_pivot(int n, double A[restrict n][n])
{
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < i; j++) {
      for (int k = 0; k < j; k++)
        A[i][j] -= A[i][k] * A[k][j];
      A[i][j] /= A[i][i];
    }
    for (int j = i; j < n; j++)
      for (int k = 0; k < i; k++)
        A[i][j] -= A[i][k] * A[k][j];
  }
}

// The upper triangle instead of the lower one:
// CHECK-LABEL: func.func @cholesky_upper(
// CHECK-NOT: kernel.launch
// CHECK: affine.for
// CHECK-NOT: kernel.launch
// CHECK: return
void cholesky_upper(int n, double A[restrict n][n])
{
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < i; j++) {
      for (int k = 0; k < j; k++)
        A[j][i] -= A[k][i] * A[k][j];
      A[j][i] /= A[j][j];
    }
    for (int k = 0; k < i; k++)
      A[i][i] -= A[k][i] * A[k][i];
    A[i][i] = sqrt(A[i][i]);
  }
}

// Arrays that may alias: the version that runs when they are apart takes the launch,
// the fallback keeps its loops (the library takes its arrays as distinct).
// CHECK-LABEL: func.func private @trsv_may_alias.noalias(
// CHECK-SAME: %[[N:[a-z0-9_-]+]]: index, %[[L:[a-z0-9_-]+]]: memref<?x?xf64>, %[[X:[a-z0-9_-]+]]: memref<?xf64>, %[[B:[a-z0-9_-]+]]: memref<?xf64>)
// CHECK: %[[VL1:[a-z0-9_-]+]] = memref.subview %[[L]][0, 0] [%[[N]], %[[N]]] [1, 1]
// CHECK-NEXT: %[[VB2:[a-z0-9_-]+]] = memref.subview %[[B]][0] [%[[N]]] [1]
// CHECK-NEXT: %[[VX3:[a-z0-9_-]+]] = memref.subview %[[X]][0] [%[[N]]] [1]
// CHECK-NEXT: "kernel.launch"(%[[VL1]], %[[VB2]], %[[VX3]]) {callee = @trsv_lower_f64, source_order_matches = true, template = "lapack.trsv_lower"}
// CHECK-NEXT: return
// CHECK-LABEL: func.func private @trsv_may_alias.flat(
// CHECK-NOT: kernel.launch
// CHECK: affine.for
// CHECK-NOT: kernel.launch
// CHECK: return
void trsv_may_alias(int n, double L[n][n], double x[n], double b[n])
{
  for (int i = 0; i < n; i++) {
    x[i] = b[i];
    for (int j = 0; j < i; j++)
      x[i] -= L[i][j] * x[j];
    x[i] = x[i] / L[i][i];
  }
}

// Matches, then the near misses with their first difference.
// REMARK: {{.*}}match-kernels-programs-variants.c:22:3: remark: matched lapack.trsv_lower (1 op) -> @trsv_lower_f64
// REMARK: {{.*}}match-kernels-programs-variants.c:40:3: remark: matched lapack.trsv_lower (1 op) -> @trsv_lower_f64
// REMARK: {{.*}}match-kernels-programs-variants.c:56:3: remark: matched lapack.potrf_lower (1 op) -> @potrf_lower_f64
// REMARK: {{.*}}match-kernels-programs-variants.c:82:3: remark: matched blas.symm_lower_rows (1 op) -> @symm_lower_rows_f64
// REMARK: {{.*}}match-kernels-programs-variants.c:101:3: remark: no template matches the loop nest; closest lapack.trsv_lower: statement 2 (x[i] -= (L[i, j] * x[j])): the loop of 'j' runs from 0 to i - 1 in the nest, from 0 to i in the template
// REMARK: {{.*}}match-kernels-programs-variants.c:118:3: remark: no template matches the loop nest; closest lapack.trsv_lower: the nest runs its statements in another order than the template, and a dependence between them sees the difference
// REMARK: {{.*}}match-kernels-programs-variants.c:134:3: remark: no template matches the loop nest; closest lapack.getrf_nopivot: statement 2 (A[i, j] = (A[i, j] / A[j, j])) of the template has no counterpart: no statement of the nest is left inside 2 loop(s)
// REMARK: {{.*}}match-kernels-programs-variants.c:152:3: remark: no template matches the loop nest; closest lapack.getrf_nopivot: statement 2 (A[i, j] = (A[i, j] / A[j, j])): the nest has A[i, i] where the template has A[j, j]
// REMARK: {{.*}}match-kernels-programs-variants.c:172:3: remark: no template matches the loop nest; closest lapack.potrf_lower: statement 1 (A[i, j] -= (A[i, k] * A[j, k])): the nest writes argument 1[j, i] where the template writes A[i, j]
// REMARK: {{.*}}match-kernels-programs-variants.c:200:3: remark: matched lapack.trsv_lower (1 op) -> @trsv_lower_f64
// REMARK: {{.*}}match-kernels-programs-variants.c:200:3: remark: no template matches the loop nest; closest lapack.trsv_lower: may alias: x and b; the library routine takes its arrays as distinct
