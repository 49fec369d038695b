// RUN: polylift-cc %s | polylift-opt --raise-affine-to-linalg --match-kernels | FileCheck %s
// RUN: polylift-cc %s | polylift-opt --raise-affine-to-linalg --match-kernels --remarks=all 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK

// Sums regrouped against an `accuracy exact` template. Swapping the two operands of one
// `+` keeps every bit, so that always matches (in order). Regrouping a float sum gives
// other bits and the template declares no bound, so the op stays; integer sums wrap and
// are the same bits in any grouping, so they match (out of the template's order).

// CHECK-LABEL: func.func @jacobi2d_swapped
// CHECK: "kernel.launch"({{.*}}source_order_matches = true, template = "stencil.jacobi2d"}
void jacobi2d_swapped(int n, double A[restrict n][n], double B[restrict n][n])
{
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < n - 1; j++)
      B[i][j] = 0.2 * (A[i][j + 1] + (A[i][j - 1] + A[i][j]) + A[i + 1][j] + A[i - 1][j]);
}

// CHECK-LABEL: func.func @jacobi2d_regrouped
// CHECK-NOT: kernel.launch
// CHECK: linalg.generic
// REMARK: remark: no template matches linalg.generic; closest stencil.jacobi2d: the op groups its arithmetic otherwise than the template, which is declared exact
void jacobi2d_regrouped(int n, double A[restrict n][n], double B[restrict n][n])
{
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < n - 1; j++)
      B[i][j] = 0.2 * ((A[i][j] + A[i][j - 1]) + (A[i][j + 1] + A[i + 1][j]) + A[i - 1][j]);
}

// CHECK-LABEL: func.func @conv3x3_shift_regrouped
// CHECK: "kernel.launch"({{.*}}source_order_matches = false, template = "stencil.conv3x3_shift"}
void conv3x3_shift_regrouped(int n, int A[restrict n][n], int B[restrict n][n])
{
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < n - 1; j++)
      B[i][j] = (3 * A[i + 1][j + 1] + (2 * A[i][j] + (-1 * A[i - 1][j - 1] + 4 * A[i - 1][j]))
                 + (5 * A[i - 1][j + 1] + 6 * A[i][j - 1]) + 7 * A[i][j + 1]
                 + 8 * A[i + 1][j - 1] + 9 * A[i + 1][j]) >> 3;
}
