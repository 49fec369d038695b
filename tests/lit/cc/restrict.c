// RUN: polylift-cc %s --function=kernel_restrict | FileCheck %s
// RUN: polylift-cc %s --function=kernel_rows | FileCheck %s --check-prefix=ROWS

// A `restrict` array or pointer parameter is marked `{llvm.noalias}` (lower-to-llvm puts
// it on the pointer the memref becomes); a parameter without `restrict` is not.
void kernel_restrict(int n, double A[restrict n][n], double *restrict x, double *y,
                     double B[n][n])
{
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) {
      A[i][j] = B[i][j] * x[j];
      y[i] = A[i][j];
    }
}
// CHECK-LABEL: func.func @kernel_restrict(
// CHECK-SAME: %arg0: index loc(
// CHECK-SAME: %arg1: memref<?x?xf64> {llvm.noalias} loc(
// CHECK-SAME: %arg2: memref<?xf64> {llvm.noalias} loc(
// CHECK-SAME: %arg3: memref<?xf64> loc(
// CHECK-SAME: %arg4: memref<?x?xf64> loc(

// The dispatcher and both versions of a delinearised function keep the marks.
void kernel_rows(int n, int ld, float *restrict C, const float *restrict D)
{
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      C[i * ld + j] = D[i * ld + j];
}
// ROWS-LABEL: func.func @kernel_rows(
// ROWS-SAME: %arg2: memref<?xf32> {llvm.noalias} loc({{.*}}%arg3: memref<?xf32> {llvm.noalias} loc(
// ROWS-LABEL: func.func private @kernel_rows.delinearized(
// ROWS-SAME: %arg2: memref<?x?xf32, strided<[?, 1]>> {llvm.noalias} loc({{.*}}%arg3: memref<?x?xf32, strided<[?, 1]>> {llvm.noalias} loc(
// ROWS-LABEL: func.func private @kernel_rows.flat(
// ROWS-SAME: %arg2: memref<?xf32> {llvm.noalias} loc({{.*}}%arg3: memref<?xf32> {llvm.noalias} loc(
