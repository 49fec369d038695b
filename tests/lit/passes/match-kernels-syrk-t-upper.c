// RUN: polylift-cc %s | polylift-opt --raise-affine-to-linalg --match-kernels | FileCheck %s
// RUN: polylift-cc %s | polylift-opt --raise-affine-to-linalg --match-kernels --remarks=all 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK

// The upper triangle of A^T.A from zero, as covariance computes it from centred data
// (the lower triangle is not written): blas.syrk_t_upper.
// CHECK-LABEL: func.func @ata_upper(
// CHECK-SAME: %[[M:[a-z0-9_-]+]]: index, %[[N:[a-z0-9_-]+]]: index, %[[A:[a-z0-9_-]+]]: memref<?x?xf64> {llvm.noalias}, %[[C:[a-z0-9_-]+]]: memref<?x?xf64> {llvm.noalias})
// CHECK: %[[MM:[a-z0-9_-]+]] = affine.max #{{[a-z0-9_]+}}(%[[M]])
// CHECK-NEXT: %[[NN:[a-z0-9_-]+]] = affine.max #{{[a-z0-9_]+}}(%[[N]])
// CHECK-NEXT: %[[VC:[a-z0-9_-]+]] = memref.subview %[[C]][0, 0] [%[[MM]], %[[MM]]] [1, 1]
// CHECK-NEXT: %[[VA:[a-z0-9_-]+]] = memref.subview %[[A]][0, 0] [%[[NN]], %[[MM]]] [1, 1]
// CHECK-NEXT: "kernel.launch"(%[[VC]], %[[VA]]) {callee = @syrk_t_upper_f64, source_order_matches = true, template = "blas.syrk_t_upper"}
// CHECK-NEXT: return
void ata_upper(int m, int n, double A[restrict n][m], double C[restrict m][m])
{
  for (int i = 0; i < m; i++)
    for (int j = i; j < m; j++) {
      C[i][j] = 0.0;
      for (int k = 0; k < n; k++)
        C[i][j] += A[k][i] * A[k][j];
    }
}

// Near miss: the sum starts from C itself, not from zero.
// CHECK-LABEL: func.func @ata_upper_acc(
// CHECK-NOT: kernel.launch
// CHECK: linalg.generic
// CHECK-NOT: kernel.launch
// CHECK: return
void ata_upper_acc(int m, int n, double A[restrict n][m], double C[restrict m][m])
{
  for (int i = 0; i < m; i++)
    for (int j = i; j < m; j++)
      for (int k = 0; k < n; k++)
        C[i][j] += A[k][i] * A[k][j];
}

// REMARK: {{.*}}match-kernels-syrk-t-upper.c:20:9: remark: matched blas.syrk_t_upper (2 ops) -> @syrk_t_upper_f64
// REMARK: {{.*}}match-kernels-syrk-t-upper.c:35:9: remark: no template matches linalg.generic; closest blas.syrk_t_upper: the op is step 2 of blas.syrk_t_upper; step 1 (C[i, j] = 0 where j >= i) is missing before it
