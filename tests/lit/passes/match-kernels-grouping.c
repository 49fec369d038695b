// RUN: polylift-cc %s | polylift-opt --raise-affine-to-linalg --match-kernels --expressions=false | FileCheck %s
// RUN: polylift-cc %s | polylift-opt --raise-affine-to-linalg --match-kernels --expressions=false --remarks=all 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK

// Sums regrouped against an `accuracy exact` template. Swapping the two operands of one
// `+` keeps every bit, so that always matches (in order). Regrouping a float sum gives
// other bits and the template declares no bound, so the op stays; integer sums wrap and
// are the same bits in any grouping, so they match (out of the template's order).

// CHECK-LABEL: func.func @jacobi2d_swapped(
// CHECK-SAME: %[[N:[a-z0-9_-]+]]: index, %[[A:[a-z0-9_-]+]]: memref<?x?xf64> {llvm.noalias}, %[[B:[a-z0-9_-]+]]: memref<?x?xf64> {llvm.noalias})
// CHECK: %[[SA:[a-z0-9_-]+]] = memref.subview %[[A]][1, 1] [%{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}] [1, 1]
// CHECK: %[[SB:[a-z0-9_-]+]] = memref.subview %[[B]][1, 1] [%{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}] [1, 1]
// CHECK-NEXT: %[[F0_2:[a-z0-9_-]+]] = arith.constant 2.000000e-01 : f64
// CHECK: "kernel.launch"(%[[SB]], %[[SA]], %[[F0_2]]) {{.*}}source_order_matches = true, template = "stencil.jacobi2d"}
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

// CHECK-LABEL: func.func @conv3x3_shift_regrouped(
// CHECK-SAME: %[[N:[a-z0-9_-]+]]: index, %[[A:[a-z0-9_-]+]]: memref<?x?xi32> {llvm.noalias}, %[[B:[a-z0-9_-]+]]: memref<?x?xi32> {llvm.noalias})
// CHECK: %[[SA:[a-z0-9_-]+]] = memref.subview %[[A]][1, 1] [%{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}] [1, 1]
// CHECK: %[[SB:[a-z0-9_-]+]] = memref.subview %[[B]][1, 1] [%{{[a-z0-9_-]+}}, %{{[a-z0-9_-]+}}] [1, 1]
// CHECK-NEXT: %[[MINUS_ONE:[a-z0-9_-]+]] = arith.constant -1 : i32
// CHECK-NEXT: %[[C4:[a-z0-9_-]+]] = arith.constant 4 : i32
// CHECK-NEXT: %[[C5:[a-z0-9_-]+]] = arith.constant 5 : i32
// CHECK-NEXT: %[[C6:[a-z0-9_-]+]] = arith.constant 6 : i32
// CHECK-NEXT: %[[TWO:[a-z0-9_-]+]] = arith.constant 2 : i32
// CHECK-NEXT: %[[C7:[a-z0-9_-]+]] = arith.constant 7 : i32
// CHECK-NEXT: %[[C8:[a-z0-9_-]+]] = arith.constant 8 : i32
// CHECK-NEXT: %[[C9:[a-z0-9_-]+]] = arith.constant 9 : i32
// CHECK-NEXT: %[[C3:[a-z0-9_-]+]] = arith.constant 3 : i32
// CHECK-NEXT: %[[C3_2:[a-z0-9_-]+]] = arith.constant 3 : i32
// CHECK: "kernel.launch"(%[[SB]], %[[SA]], %[[MINUS_ONE]], %[[C4]], %[[C5]], %[[C6]], %[[TWO]], %[[C7]], %[[C8]], %[[C9]], %[[C3]], %[[C3_2]]) {{.*}}source_order_matches = false, template = "stencil.conv3x3_shift"}
void conv3x3_shift_regrouped(int n, int A[restrict n][n], int B[restrict n][n])
{
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < n - 1; j++)
      B[i][j] = (3 * A[i + 1][j + 1] + (2 * A[i][j] + (-1 * A[i - 1][j - 1] + 4 * A[i - 1][j]))
                 + (5 * A[i - 1][j + 1] + 6 * A[i][j - 1]) + 7 * A[i][j + 1]
                 + 8 * A[i + 1][j - 1] + 9 * A[i + 1][j]) >> 3;
}
