// RUN: polylift-cc %s | polylift-opt --raise-affine-to-linalg --match-kernels | FileCheck %s
// RUN: polylift-cc %s | polylift-opt --raise-affine-to-linalg --remarks=all 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK

// Found by polylift fuzz (issue 22), shrunk: a loop whose constant bounds give it no
// iteration was raised to a generic over an empty dimension, and match-kernels built a
// view of that dimension at offset 0, which the verifier rejects ("module does not
// verify"). The loop has no effect: it is erased, and a sum it would carry is its
// initial value.

// REMARK: [[@LINE+7]]:3: remark: erased: the loop runs no iteration (from 2 to 1)
// CHECK-LABEL: func.func @fill_none(
// CHECK-NOT: linalg.generic
// CHECK-NOT: kernel.launch
// CHECK: return
void fill_none(double beta, double C[restrict 1][3])
{
  for (int j = 2; j < 1; j++)
    C[0][j] = beta;
}

// REMARK: [[@LINE+9]]:3: remark: erased: the loop runs no iteration (from 4 to 4)
// CHECK-LABEL: func.func @sum_none(
// CHECK-SAME: %[[X:[a-z0-9_-]+]]: memref<8xf32>
// CHECK-SAME: %[[OUT:[a-z0-9_-]+]]: memref<1xf32>
// CHECK: %[[ZERO:[a-z0-9_]+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: affine.store %[[ZERO]], %[[OUT]][0]
void sum_none(float x[restrict 8], float out[restrict 1])
{
  float s = 0.0f;
  for (int i = 4; i < 4; i++)
    s += x[i];
  out[0] = s;
}

// Only the inner loop is empty: the outer one still stores.
// REMARK: [[@LINE+9]]:5: remark: erased: the loop runs no iteration (from 3 to 0)
// CHECK-LABEL: func.func @inner_none(
// CHECK-SAME: %[[Y:[a-z0-9_-]+]]: memref<4xf32> {llvm.noalias}
// CHECK: %[[ZERO:[a-z0-9_]+]] = arith.constant 0.000000e+00 : f32
// CHECK: "kernel.launch"(%[[Y]], %[[ZERO]]) {alpha = 0.000000e+00 : f32, callee = @fill_f32, source_order_matches = true, template = "blas.fill"}
void inner_none(float y[restrict 4], float z[restrict 4][4])
{
  for (int i = 0; i < 4; i++) {
    y[i] = 0.0f;
    for (int j = 3; j < 0; j++)
      z[i][j] = 1.0f;
  }
}
