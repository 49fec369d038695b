// RUN: polylift-cc %s | polylift-opt --raise-affine-to-linalg --match-kernels | FileCheck %s
// RUN: polylift-cc %s | polylift-opt --raise-affine-to-linalg --match-kernels --remarks=applied 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK

#include <math.h>

// Forward substitution as the linalg suite writes it: x = L^-1 b, b kept.
// CHECK-LABEL: func.func @trisolv(
// CHECK-SAME: %[[N:[a-z0-9_-]+]]: index, %[[L:[a-z0-9_-]+]]: memref<?x?xf64> {llvm.noalias}, %[[X:[a-z0-9_-]+]]: memref<?xf64> {llvm.noalias}, %[[B:[a-z0-9_-]+]]: memref<?xf64> {llvm.noalias})
// CHECK: %[[VL1:[a-z0-9_-]+]] = memref.subview %[[L]][0, 0] [%[[N]], %[[N]]] [1, 1]
// CHECK-NEXT: %[[VB2:[a-z0-9_-]+]] = memref.subview %[[B]][0] [%[[N]]] [1]
// CHECK-NEXT: %[[VX3:[a-z0-9_-]+]] = memref.subview %[[X]][0] [%[[N]]] [1]
// CHECK-NEXT: "kernel.launch"(%[[VL1]], %[[VB2]], %[[VX3]]) {callee = @trsv_lower_f64, source_order_matches = true, template = "lapack.trsv_lower"}
// CHECK-NEXT: return
void trisolv(int n, double L[restrict n][n], double x[restrict n], double b[restrict n])
{
  for (int i = 0; i < n; i++) {
    x[i] = b[i];
    for (int j = 0; j < i; j++)
      x[i] -= L[i][j] * x[j];
    x[i] = x[i] / L[i][i];
  }
}

// Cholesky in place, row by row (the strict upper triangle is left alone).
// CHECK-LABEL: func.func @cholesky(
// CHECK-SAME: %[[N:[a-z0-9_-]+]]: index, %[[A:[a-z0-9_-]+]]: memref<?x?xf64> {llvm.noalias})
// CHECK: %[[VA1:[a-z0-9_-]+]] = memref.subview %[[A]][0, 0] [%[[N]], %[[N]]] [1, 1]
// CHECK-NEXT: "kernel.launch"(%[[VA1]]) {callee = @potrf_lower_f64, source_order_matches = true, template = "lapack.potrf_lower"}
// CHECK-NEXT: return
void cholesky(int n, double A[restrict n][n])
{
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < i; j++) {
      for (int k = 0; k < j; k++)
        A[i][j] -= A[i][k] * A[j][k];
      A[i][j] /= A[j][j];
    }
    for (int k = 0; k < i; k++)
      A[i][i] -= A[i][k] * A[i][k];
    A[i][i] = sqrt(A[i][i]);
  }
}

// LU without pivoting in place (Doolittle, row by row), in single precision.
// CHECK-LABEL: func.func @lu(
// CHECK-SAME: %[[N:[a-z0-9_-]+]]: index, %[[A:[a-z0-9_-]+]]: memref<?x?xf32> {llvm.noalias})
// CHECK: %[[VA1:[a-z0-9_-]+]] = memref.subview %[[A]][0, 0] [%[[N]], %[[N]]] [1, 1]
// CHECK-NEXT: "kernel.launch"(%[[VA1]]) {callee = @getrf_nopivot_f32, source_order_matches = true, template = "lapack.getrf_nopivot"}
// CHECK-NEXT: return
void lu(int n, float A[restrict n][n])
{
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < i; j++) {
      for (int k = 0; k < j; k++)
        A[i][j] -= A[i][k] * A[k][j];
      A[i][j] /= A[j][j];
    }
    for (int j = i; j < n; j++)
      for (int k = 0; k < i; k++)
        A[i][j] -= A[i][k] * A[k][j];
  }
}

// LU through a scalar accumulator, then two solves through it: each is the
// element form (matcher/program/promote.py); the backward loop is `reversed`.
// CHECK-LABEL: func.func @ludcmp(
// CHECK-SAME: %[[N:[a-z0-9_-]+]]: index, %[[A:[a-z0-9_-]+]]: memref<?x?xf64> {llvm.noalias}, %[[B:[a-z0-9_-]+]]: memref<?xf64> {llvm.noalias}, %[[X:[a-z0-9_-]+]]: memref<?xf64> {llvm.noalias}, %[[Y:[a-z0-9_-]+]]: memref<?xf64> {llvm.noalias})
// CHECK: %[[VA1:[a-z0-9_-]+]] = memref.subview %[[A]][0, 0] [%[[N]], %[[N]]] [1, 1]
// CHECK-NEXT: "kernel.launch"(%[[VA1]]) {callee = @getrf_nopivot_f64, source_order_matches = true, template = "lapack.getrf_nopivot"}
// CHECK-NEXT: %[[VA2:[a-z0-9_-]+]] = memref.subview %[[A]][0, 0] [%[[N]], %[[N]]] [1, 1]
// CHECK-NEXT: %[[VB3:[a-z0-9_-]+]] = memref.subview %[[B]][0] [%[[N]]] [1]
// CHECK-NEXT: %[[VY4:[a-z0-9_-]+]] = memref.subview %[[Y]][0] [%[[N]]] [1]
// CHECK-NEXT: "kernel.launch"(%[[VA2]], %[[VB3]], %[[VY4]]) {callee = @trsv_lower_unit_f64, source_order_matches = true, template = "lapack.trsv_lower_unit"}
// CHECK-NEXT: %[[VA5:[a-z0-9_-]+]] = memref.subview %[[A]][0, 0] [%[[N]], %[[N]]] [1, 1]
// CHECK-NEXT: %[[VY6:[a-z0-9_-]+]] = memref.subview %[[Y]][0] [%[[N]]] [1]
// CHECK-NEXT: %[[VX7:[a-z0-9_-]+]] = memref.subview %[[X]][0] [%[[N]]] [1]
// CHECK-NEXT: "kernel.launch"(%[[VA5]], %[[VY6]], %[[VX7]]) {callee = @trsv_upper_f64, source_order_matches = true, template = "lapack.trsv_upper"}
// CHECK-NEXT: return
void ludcmp(int n, double A[restrict n][n], double b[restrict n], double x[restrict n],
            double y[restrict n])
{
  double w;
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < i; j++) {
      w = A[i][j];
      for (int k = 0; k < j; k++)
        w -= A[i][k] * A[k][j];
      A[i][j] = w / A[j][j];
    }
    for (int j = i; j < n; j++) {
      w = A[i][j];
      for (int k = 0; k < i; k++)
        w -= A[i][k] * A[k][j];
      A[i][j] = w;
    }
  }
  for (int i = 0; i < n; i++) {
    w = b[i];
    for (int j = 0; j < i; j++)
      w -= A[i][j] * y[j];
    y[i] = w;
  }
  for (int i = n - 1; i >= 0; i--) {
    w = y[i];
    for (int j = i + 1; j < n; j++)
      w -= A[i][j] * x[j];
    x[i] = w / A[i][i];
  }
}

// C = alpha * A.B + beta * C with A in its lower triangle, row by row, its
// row sum carried in a scalar: a loop program with a local.
// CHECK-LABEL: func.func @symm(
// CHECK-SAME: %[[M:[a-z0-9_-]+]]: index, %[[N:[a-z0-9_-]+]]: index, %[[ALPHA:[a-z0-9_-]+]]: f64, %[[BETA:[a-z0-9_-]+]]: f64, %[[C:[a-z0-9_-]+]]: memref<?x?xf64> {llvm.noalias}, %[[A:[a-z0-9_-]+]]: memref<?x?xf64> {llvm.noalias}, %[[B:[a-z0-9_-]+]]: memref<?x?xf64> {llvm.noalias})
// CHECK: %[[VC1:[a-z0-9_-]+]] = memref.subview %[[C]][0, 0] [%[[M]], %[[N]]] [1, 1]
// CHECK-NEXT: %[[VA2:[a-z0-9_-]+]] = memref.subview %[[A]][0, 0] [%[[M]], %[[M]]] [1, 1]
// CHECK-NEXT: %[[VB3:[a-z0-9_-]+]] = memref.subview %[[B]][0, 0] [%[[M]], %[[N]]] [1, 1]
// CHECK-NEXT: "kernel.launch"(%[[VC1]], %[[VA2]], %[[VB3]], %[[ALPHA]], %[[BETA]]) {callee = @symm_lower_rows_f64, source_order_matches = true, template = "blas.symm_lower_rows"}
// CHECK-NEXT: return
void symm(int m, int n, double alpha, double beta, double C[restrict m][n],
          double A[restrict m][m], double B[restrict m][n])
{
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++) {
      double temp2 = 0.0;
      for (int k = 0; k < i; k++) {
        C[k][j] += alpha * B[i][j] * A[i][k];
        temp2 += B[k][j] * A[i][k];
      }
      C[i][j] = beta * C[i][j] + alpha * B[i][j] * A[i][i] + alpha * temp2;
    }
}

// The in-place solves (BLAS ?trsv), and the unit upper one with a right-hand side.
// CHECK-LABEL: func.func @trsv_upper_unit_inplace(
// CHECK-SAME: %[[N:[a-z0-9_-]+]]: index, %[[U:[a-z0-9_-]+]]: memref<?x?xf64> {llvm.noalias}, %[[X:[a-z0-9_-]+]]: memref<?xf64> {llvm.noalias})
// CHECK: %[[VU1:[a-z0-9_-]+]] = memref.subview %[[U]][0, 0] [%[[N]], %[[N]]] [1, 1]
// CHECK-NEXT: %[[VX2:[a-z0-9_-]+]] = memref.subview %[[X]][0] [%[[N]]] [1]
// CHECK-NEXT: "kernel.launch"(%[[VU1]], %[[VX2]]) {callee = @trsv_upper_unit_inplace_f64, source_order_matches = true, template = "lapack.trsv_upper_unit_inplace"}
// CHECK-NEXT: return
void trsv_upper_unit_inplace(int n, double U[restrict n][n], double x[restrict n])
{
  for (int i = n - 1; i >= 0; i--)
    for (int j = i + 1; j < n; j++)
      x[i] -= U[i][j] * x[j];
}

// CHECK-LABEL: func.func @trsv_lower_inplace(
// CHECK-SAME: %[[N:[a-z0-9_-]+]]: index, %[[L:[a-z0-9_-]+]]: memref<?x?xf64> {llvm.noalias}, %[[X:[a-z0-9_-]+]]: memref<?xf64> {llvm.noalias})
// CHECK: %[[VL1:[a-z0-9_-]+]] = memref.subview %[[L]][0, 0] [%[[N]], %[[N]]] [1, 1]
// CHECK-NEXT: %[[VX2:[a-z0-9_-]+]] = memref.subview %[[X]][0] [%[[N]]] [1]
// CHECK-NEXT: "kernel.launch"(%[[VL1]], %[[VX2]]) {callee = @trsv_lower_inplace_f64, source_order_matches = true, template = "lapack.trsv_lower_inplace"}
// CHECK-NEXT: return
void trsv_lower_inplace(int n, double L[restrict n][n], double x[restrict n])
{
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < i; j++)
      x[i] -= L[i][j] * x[j];
    x[i] /= L[i][i];
  }
}

// CHECK-LABEL: func.func @trsv_upper_unit(
// CHECK-SAME: %[[N:[a-z0-9_-]+]]: index, %[[U:[a-z0-9_-]+]]: memref<?x?xf64> {llvm.noalias}, %[[B:[a-z0-9_-]+]]: memref<?xf64> {llvm.noalias}, %[[X:[a-z0-9_-]+]]: memref<?xf64> {llvm.noalias})
// CHECK: %[[VU1:[a-z0-9_-]+]] = memref.subview %[[U]][0, 0] [%[[N]], %[[N]]] [1, 1]
// CHECK-NEXT: %[[VB2:[a-z0-9_-]+]] = memref.subview %[[B]][0] [%[[N]]] [1]
// CHECK-NEXT: %[[VX3:[a-z0-9_-]+]] = memref.subview %[[X]][0] [%[[N]]] [1]
// CHECK-NEXT: "kernel.launch"(%[[VU1]], %[[VB2]], %[[VX3]]) {callee = @trsv_upper_unit_f64, source_order_matches = true, template = "lapack.trsv_upper_unit"}
// CHECK-NEXT: return
void trsv_upper_unit(int n, double U[restrict n][n], double b[restrict n], double x[restrict n])
{
  for (int i = n - 1; i >= 0; i--) {
    x[i] = b[i];
    for (int j = i + 1; j < n; j++)
      x[i] -= U[i][j] * x[j];
  }
}

// CHECK-LABEL: func.func @trsv_lower_unit_inplace(
// CHECK-SAME: %[[N:[a-z0-9_-]+]]: index, %[[L:[a-z0-9_-]+]]: memref<?x?xf64> {llvm.noalias}, %[[X:[a-z0-9_-]+]]: memref<?xf64> {llvm.noalias})
// CHECK: %[[VL1:[a-z0-9_-]+]] = memref.subview %[[L]][0, 0] [%[[N]], %[[N]]] [1, 1]
// CHECK-NEXT: %[[VX2:[a-z0-9_-]+]] = memref.subview %[[X]][0] [%[[N]]] [1]
// CHECK-NEXT: "kernel.launch"(%[[VL1]], %[[VX2]]) {callee = @trsv_lower_unit_inplace_f64, source_order_matches = true, template = "lapack.trsv_lower_unit_inplace"}
// CHECK-NEXT: return
void trsv_lower_unit_inplace(int n, double L[restrict n][n], double x[restrict n])
{
  for (int i = 0; i < n; i++)
    for (int j = 0; j < i; j++)
      x[i] -= L[i][j] * x[j];
}

// CHECK-LABEL: func.func @trsv_upper_inplace(
// CHECK-SAME: %[[N:[a-z0-9_-]+]]: index, %[[U:[a-z0-9_-]+]]: memref<?x?xf64> {llvm.noalias}, %[[X:[a-z0-9_-]+]]: memref<?xf64> {llvm.noalias})
// CHECK: %[[VU1:[a-z0-9_-]+]] = memref.subview %[[U]][0, 0] [%[[N]], %[[N]]] [1, 1]
// CHECK-NEXT: %[[VX2:[a-z0-9_-]+]] = memref.subview %[[X]][0] [%[[N]]] [1]
// CHECK-NEXT: "kernel.launch"(%[[VU1]], %[[VX2]]) {callee = @trsv_upper_inplace_f64, source_order_matches = true, template = "lapack.trsv_upper_inplace"}
// CHECK-NEXT: return
void trsv_upper_inplace(int n, double U[restrict n][n], double x[restrict n])
{
  for (int i = n - 1; i >= 0; i--) {
    for (int j = i + 1; j < n; j++)
      x[i] -= U[i][j] * x[j];
    x[i] = x[i] / U[i][i];
  }
}

// The launches, one per nest, each proved against its template's loop program.
// REMARK: {{.*}}match-kernels-programs.c:16:3: remark: matched lapack.trsv_lower (1 op) -> @trsv_lower_f64
// REMARK: {{.*}}match-kernels-programs.c:32:3: remark: matched lapack.potrf_lower (1 op) -> @potrf_lower_f64
// REMARK: {{.*}}match-kernels-programs.c:52:3: remark: matched lapack.getrf_nopivot (1 op) -> @getrf_nopivot_f32
// REMARK: {{.*}}match-kernels-programs.c:83:3: remark: matched lapack.getrf_nopivot (1 op) -> @getrf_nopivot_f64
// REMARK: {{.*}}match-kernels-programs.c:97:3: remark: matched lapack.trsv_lower_unit (1 op) -> @trsv_lower_unit_f64
// REMARK: {{.*}}match-kernels-programs.c:103:3: remark: matched lapack.trsv_upper (1 op) -> @trsv_upper_f64
// REMARK: {{.*}}match-kernels-programs.c:123:3: remark: matched blas.symm_lower_rows (1 op) -> @symm_lower_rows_f64
// REMARK: {{.*}}match-kernels-programs.c:143:3: remark: matched lapack.trsv_upper_unit_inplace (1 op) -> @trsv_upper_unit_inplace_f64
// REMARK: {{.*}}match-kernels-programs.c:156:3: remark: matched lapack.trsv_lower_inplace (1 op) -> @trsv_lower_inplace_f64
// REMARK: {{.*}}match-kernels-programs.c:172:3: remark: matched lapack.trsv_upper_unit (1 op) -> @trsv_upper_unit_f64
// REMARK: {{.*}}match-kernels-programs.c:187:3: remark: matched lapack.trsv_lower_unit_inplace (1 op) -> @trsv_lower_unit_inplace_f64
// REMARK: {{.*}}match-kernels-programs.c:200:3: remark: matched lapack.trsv_upper_inplace (1 op) -> @trsv_upper_inplace_f64
