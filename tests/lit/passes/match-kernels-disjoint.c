// RUN: polylift-cc %s | polylift-opt --raise-affine-to-linalg --match-kernels | FileCheck %s
// RUN: polylift-cc %s | polylift-opt --raise-affine-to-linalg --match-kernels --remarks=all 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK

// An output may share its buffer with an input when the two views are provably
// disjoint boxes of it. PolyBench's in-place trmm updates row i of B from the rows
// below it: per row, y = row i of B and A = rows i+1.. of B, so gemv_t applies.

// CHECK-LABEL: func.func @rows_below(
// CHECK-SAME: %[[M:[a-z0-9_-]+]]: index, %[[N:[a-z0-9_-]+]]: index, %[[A:[a-z0-9_-]+]]: memref<?x?xf64>, %[[B:[a-z0-9_-]+]]: memref<?x?xf64>)
// CHECK: affine.for %[[I:.*]] = 0 to
// CHECK: %[[BELOW:.*]] = affine.apply #{{.*}}(%[[I]])
// CHECK-NEXT: %[[ACOL:[a-z0-9_-]+]] = memref.subview %[[A]][%[[BELOW]], %[[I]]] [%{{.*}}, 1] [1, 1]
// CHECK-NEXT: %[[BBELOW:[a-z0-9_-]+]] = memref.subview %[[B]][%[[BELOW]], 0]
// CHECK-NEXT: %[[BROW:[a-z0-9_-]+]] = memref.subview %[[B]][%[[I]], 0] [1, %{{.*}}]
// CHECK: %[[Y:[a-z0-9_-]+]] = memref.subview %[[BROW]][0, 0] [1, %{{.*}}] [1, 1]
// CHECK: %[[X:[a-z0-9_-]+]] = memref.subview %[[ACOL]][0, 0] [%{{.*}}, 1] [1, 1]
// CHECK-NEXT: %[[ONE:[a-z0-9_-]+]] = arith.constant 1.000000e+00 : f64
// CHECK-NEXT: "kernel.launch"(%[[Y]], %[[BBELOW]], %[[X]], %[[ONE]]) {alpha = 1.000000e+00 : f64, callee = @gemv_t_acc_f64, source_order_matches = true, template = "blas.gemv_t_acc1", trans_a = true}
void rows_below(int m, int n, double A[m][m], double B[m][n])
{
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      for (int k = i + 1; k < m; k++)
        B[i][j] += A[k][i] * B[k][j];
}

// Near miss: the rows above row i (k < i) are disjoint from it too, but their count is
// max(i, 0), which the proof does not reduce to i: the op stays, with the reason.
// CHECK-LABEL: func.func @rows_above(
// CHECK-NOT: kernel.launch
// CHECK: linalg.generic
void rows_above(int m, int n, double A[m][m], double B[m][n])
{
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      for (int k = 0; k < i; k++)
        B[i][j] += A[i][k] * B[k][j];
}

// REMARK: disjoint.c:24:9: remark: matched blas.gemv_t_acc1 (1 op) -> @gemv_t_acc_f64
// REMARK: disjoint.c:37:9: remark: no template matches linalg.generic; closest blas.gemv_t_acc1: output y aliases A
