// RUN: polylift-cc %s | polylift-opt --raise-affine-to-linalg --match-kernels | FileCheck %s
// RUN: polylift-cc %s | polylift-opt --raise-affine-to-linalg --match-kernels --remarks=all 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK

// A template vector may be a row or a column of a matrix (the launch takes a
// rank-reducing view), and a template scalar an element the op reads on every
// iteration and does not write (the launch loads it first).

// CHECK-LABEL: func.func @row_fill(
// CHECK-SAME: %[[N:[a-z0-9_-]+]]: index, %[[M:[a-z0-9_-]+]]: index, %[[T:[a-z0-9_-]+]]: index, %[[A:[a-z0-9_-]+]]: memref<?x?xf64> {llvm.noalias}, %[[FICT:[a-z0-9_-]+]]: memref<?xf64> {llvm.noalias})
void row_fill(int n, int m, int t, double A[restrict n][m], double fict[restrict n])
{
  for (int j = 0; j < m; j++)
    A[t][j] = fict[t];
}
// CHECK: %[[ELEM:.*]] = memref.subview %[[FICT]][%[[T]]] [1] [1] : memref<?xf64> to memref<1xf64, strided<[1], offset: ?>>
// CHECK-NEXT: %[[AROW:.*]] = memref.subview %[[A]][%[[T]], 0] [1, %{{.*}}] [1, 1] : memref<?x?xf64> to memref<1x?xf64, strided<[?, 1], offset: ?>>
// CHECK: %[[ROW:.*]] = memref.subview %[[AROW]][0, 0] [1, %{{.*}}] [1, 1] : memref<1x?xf64, strided<[?, 1], offset: ?>> to memref<?xf64, strided<[1], offset: ?>>
// CHECK: %[[ALPHA:.*]] = memref.load %[[ELEM]][%{{.*}}] : memref<1xf64, strided<[1], offset: ?>>
// CHECK: "kernel.launch"(%[[ROW]], %[[ALPHA]]) {callee = @fill_f64

// CHECK-LABEL: func.func @column_copy(
// CHECK-SAME: %[[N:[a-z0-9_-]+]]: index, %[[M:[a-z0-9_-]+]]: index, %[[A:[a-z0-9_-]+]]: memref<?x?xf64> {llvm.noalias}, %[[V:[a-z0-9_-]+]]: memref<?xf64> {llvm.noalias})
void column_copy(int n, int m, double A[restrict n][m], double v[restrict n])
{
  for (int i = 0; i < n; i++)
    A[i][m - 1] = v[i];
}
// CHECK: %[[SV:[a-z0-9_-]+]] = memref.subview %[[V]][0] [%{{[a-z0-9_-]+}}] [1]
// CHECK: %[[ACOL:[a-z0-9_-]+]] = memref.subview %[[A]][0, %{{[a-z0-9_-]+}}] [%{{[a-z0-9_-]+}}, 1] [1, 1]
// CHECK: %[[COL:.*]] = memref.subview %[[ACOL]][0, 0] [%{{.*}}, 1] [1, 1] : memref<?x1xf64, strided<[?, 1], offset: ?>> to memref<?xf64, strided<[?], offset: ?>>
// CHECK: "kernel.launch"(%[[COL]], %[[SV]]) {callee = @copy_f64

// A column read by a reduction (Gram-Schmidt's R[k][j] = Q[:, k] . A[:, j]): x of
// gemv_t is column k of Q, y is row k of R.
// CHECK-LABEL: func.func @column_times_matrix(
// CHECK-SAME: %[[M:[a-z0-9_-]+]]: index, %[[N:[a-z0-9_-]+]]: index, %[[K:[a-z0-9_-]+]]: index, %[[Q:[a-z0-9_-]+]]: memref<?x?xf64> {llvm.noalias}, %[[A:[a-z0-9_-]+]]: memref<?x?xf64> {llvm.noalias}, %[[R:[a-z0-9_-]+]]: memref<?x?xf64> {llvm.noalias})
void column_times_matrix(int m, int n, int k, double Q[restrict m][n],
                         double A[restrict m][n], double R[restrict n][n])
{
  for (int j = 0; j < n; j++) {
    R[k][j] = 0.0;
    for (int i = 0; i < m; i++)
      R[k][j] += Q[i][k] * A[i][j];
  }
}
// CHECK: %[[RROW:[a-z0-9_-]+]] = memref.subview %[[R]][%[[K]], 0] [1, %{{[a-z0-9_-]+}}] [1, 1]
// CHECK-NEXT: %[[QCOL:[a-z0-9_-]+]] = memref.subview %[[Q]][0, %[[K]]] [%{{[a-z0-9_-]+}}, 1] [1, 1]
// CHECK-NEXT: %[[SA:[a-z0-9_-]+]] = memref.subview %[[A]][0, 0] [%{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}] [1, 1]
// CHECK: %[[Y:.*]] = memref.subview %[[RROW]][0, 0] [1, %{{.*}}] [1, 1] : memref<1x?xf64, strided<[?, 1], offset: ?>> to memref<?xf64, strided<[1], offset: ?>>
// CHECK: %[[X:.*]] = memref.subview %[[QCOL]][0, 0] [%{{.*}}, 1] [1, 1] : memref<?x1xf64, strided<[?, 1], offset: ?>> to memref<?xf64, strided<[?], offset: ?>>
// CHECK-NEXT: %[[ONE:[a-z0-9_-]+]] = arith.constant 1.000000e+00 : f64
// CHECK-NEXT: %[[ZERO:[a-z0-9_-]+]] = arith.constant 0.000000e+00 : f64
// CHECK: "kernel.launch"(%[[Y]], %[[SA]], %[[X]], %[[ONE]], %[[ZERO]]) {{{.*}}callee = @gemv_t_f64, source_order_matches = true, template = "blas.gemv_t_zero1", trans_a = true}

// The element read is in the matrix the op writes: no scalar can stand for it.
// CHECK-LABEL: func.func @self_fill
void self_fill(int n, int m, double A[restrict n][m])
{
  for (int j = 0; j < m; j++)
    A[0][j] = A[1][0];
}
// CHECK-NOT: kernel.launch
// CHECK: linalg.generic

// REMARK: remark: matched blas.fill (1 op) -> @fill_f64
// REMARK: remark: matched blas.copy (1 op) -> @copy_f64
// REMARK: remark: matched blas.gemv_t_zero1 (2 ops) -> @gemv_t_f64
// REMARK: remark: no template matches linalg.generic
// REMARK: remark: match-kernels: @row_fill: coverage FULL, 1 launch(es), 0 residual op(s)
// REMARK: remark: match-kernels: @column_copy: coverage FULL, 1 launch(es), 0 residual op(s)
// REMARK: remark: match-kernels: @self_fill: coverage NONE
