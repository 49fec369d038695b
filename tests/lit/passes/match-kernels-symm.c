// RUN: polylift-cc %s --assume-noalias | polylift-opt --raise-affine-to-linalg --match-kernels | FileCheck %s
// RUN: polylift-cc %s --assume-noalias | polylift-opt --raise-affine-to-linalg --match-kernels --remarks=all 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK

// symm as C loops (A symmetric, read from its lower triangle). The third nest's
// `k = i + 1 .. m` is a strict triangle: its last row (i = m - 1) is empty, which
// raising refuses (the box would touch row m - 1 of C and column m - 1 of A, which
// this nest never does), so the nest stays a loop over i around a per-row generic and
// no blas.symm_lower launch forms. match-kernels-symm.mlir matches the three masked
// generics a raising of that triangle over the second nest's box gives. The per-row
// generic is a gemv_t: row i of C plus alpha times column i of A (below the diagonal)
// times the rows of B below row i.

// CHECK-LABEL: func.func @kernel_symm(
// CHECK-SAME: %[[M:[a-z0-9_-]+]]: index, %[[N:[a-z0-9_-]+]]: index, %[[ALPHA:[a-z0-9_-]+]]: f64, %[[BETA:[a-z0-9_-]+]]: f64, %[[A:[a-z0-9_-]+]]: memref<?x?xf64>, %[[B:[a-z0-9_-]+]]: memref<?x?xf64>, %[[C:[a-z0-9_-]+]]: memref<?x?xf64>)
// CHECK: %[[SC:[a-z0-9_-]+]] = memref.subview %[[C]][0, 0] [%{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}] [1, 1]
// CHECK: "kernel.launch"(%[[SC]], %[[BETA]]) {callee = @scal2d_f64
// CHECK-NOT: symm_lower
// CHECK: linalg.generic
// CHECK: affine.for
// CHECK: %[[SA:[a-z0-9_-]+]] = memref.subview %[[A]][%{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}] [%{{[a-z0-9_-]+}}, 1] [1, 1]
// CHECK-NEXT: %[[SB:[a-z0-9_-]+]] = memref.subview %[[B]][%{{[a-z0-9_-]+}}, 0] [%{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}] [1, 1]
// CHECK-NEXT: %[[SC:[a-z0-9_-]+]] = memref.subview %[[C]][%{{[a-z0-9_-]+}}, 0] [1, %{{[a-z0-9_-]+}}] [1, 1]
// CHECK: %[[SSC:[a-z0-9_-]+]] = memref.subview %[[SC]][0, 0] [1, %{{[a-z0-9_-]+}}] [1, 1]
// CHECK: %[[SSA:[a-z0-9_-]+]] = memref.subview %[[SA]][0, 0] [%{{[a-z0-9_-]+}}, 1] [1, 1]
// CHECK: "kernel.launch"(%[[SSC]], %[[SB]], %[[SSA]], %[[ALPHA]]) {callee = @gemv_t_acc_f64, source_order_matches = false, template = "blas.gemv_t_acc", trans_a = true}
// CHECK-NEXT: }
// CHECK-NEXT: return
void kernel_symm(int m, int n, double alpha, double beta, double A[m][m], double B[m][n],
                 double C[m][n])
{
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      C[i][j] = beta * C[i][j];
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      for (int k = 0; k <= i; k++)
        C[i][j] += alpha * A[i][k] * B[k][j];
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      for (int k = i + 1; k < m; k++)
        C[i][j] += alpha * A[k][i] * B[k][j];
}

// Near miss: the third sum starts at the diagonal (k = i), so A[i][i] counts twice. Its
// rows are never empty and all three nests raise, but the masks are not symm's: the
// scaling alone becomes a launch.
// CHECK-LABEL: func.func @diagonal_twice(
// CHECK-SAME: %[[M:[a-z0-9_-]+]]: index, %[[N:[a-z0-9_-]+]]: index, %[[ALPHA:[a-z0-9_-]+]]: f64, %[[BETA:[a-z0-9_-]+]]: f64, %[[A:[a-z0-9_-]+]]: memref<?x?xf64>, %[[B:[a-z0-9_-]+]]: memref<?x?xf64>, %[[C:[a-z0-9_-]+]]: memref<?x?xf64>)
// CHECK-NOT: symm_lower
// CHECK: %[[SC:[a-z0-9_-]+]] = memref.subview %[[C]][0, 0] [%{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}] [1, 1]
// CHECK: "kernel.launch"(%[[SC]], %[[BETA]]) {callee = @scal2d_f64
// CHECK-NOT: symm_lower
// CHECK: linalg.generic
// CHECK: linalg.generic
// CHECK-NOT: symm_lower
// CHECK: return
void diagonal_twice(int m, int n, double alpha, double beta, double A[m][m],
                    double B[m][n], double C[m][n])
{
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      C[i][j] = beta * C[i][j];
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      for (int k = 0; k <= i; k++)
        C[i][j] += alpha * A[i][k] * B[k][j];
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      for (int k = i; k < m; k++)
        C[i][j] += alpha * A[k][i] * B[k][j];
}

// Raising: the strict triangle of kernel_symm stays a loop; diagonal_twice raises whole.
// REMARK: symm.c:37:9: remark: raised to linalg.generic (parallel, parallel, reduction; masked to loop at 36:7 < loop at 34:3 + 1)
// REMARK-NEXT: symm.c:40:7: remark: not raised: loop at 40:7 runs over a triangle with rows that may be empty
// REMARK-NEXT: symm.c:41:9: remark: raised to linalg.generic (parallel, reduction)
// REMARK: symm.c:70:9: remark: raised to linalg.generic (parallel, parallel, reduction; masked to loop at 69:7 >= loop at 67:3)
// Matching: the second nest is step 2 of symm with the others missing.
// REMARK: symm.c:41:9: remark: matched blas.gemv_t_acc (1 op) -> @gemv_t_acc_f64
// REMARK: symm.c:33:7: remark: matched blas.scal2d (1 op) -> @scal2d_f64
// REMARK-NEXT: symm.c:37:9: remark: no template matches linalg.generic; closest blas.symm_lower: the op is step 2 of blas.symm_lower; step 1 {{.*}} is missing before it; step 3 {{.*}} where k > i) is missing after it
// REMARK: symm.c:62:7: remark: matched blas.scal2d (1 op) -> @scal2d_f64
// REMARK-NEXT: symm.c:66:9: remark: no template matches linalg.generic; closest blas.symm_lower: the op is step 2 of blas.symm_lower
// REMARK-NEXT: symm.c:70:9: remark: no template matches linalg.generic; closest {{.*}}: the op is masked to -d0 + d2 >= 0, the template has no 'where'
// REMARK: remark: match-kernels: @kernel_symm: coverage PARTIAL, 2 launch(es), 1 residual op(s)
// REMARK: remark: match-kernels: @diagonal_twice: coverage PARTIAL, 1 launch(es), 2 residual op(s)
