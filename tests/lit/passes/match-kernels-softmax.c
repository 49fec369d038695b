// RUN: polylift-cc %s | polylift-opt --raise-affine-to-linalg --match-kernels --expressions=false | FileCheck %s
// RUN: polylift-cc %s | polylift-opt --raise-affine-to-linalg --match-kernels --expressions=false --remarks=missed 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// Softmax's exponentials with a temperature and their sum in one loop, as a plain-C
// framework writes it (ew.expsum_scaled): the raising makes of the loop the map, the
// sum's start and the sum, one launch. Near misses: another scale in the exponent, and
// a sum of something else than what is stored.

#include <math.h>

// CHECK-LABEL: func.func @expsum(
// CHECK-SAME: %{{[a-z0-9_-]+}}: index, %[[T:[a-z0-9_-]+]]: f32, %[[M:[a-z0-9_-]+]]: f32, %[[X:[a-z0-9_-]+]]: memref<?xf32> {llvm.noalias}, %[[Y:[a-z0-9_-]+]]: memref<?xf32> {llvm.noalias}) -> f32
// CHECK: %[[R:[a-z0-9_-]+]] = memref.alloca() : memref<f32>
// CHECK: %[[SX:[a-z0-9_-]+]] = memref.subview %[[X]][0]
// CHECK: %[[SY:[a-z0-9_-]+]] = memref.subview %[[Y]][0]
// CHECK: %[[ZERO:[a-z0-9_-]+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: "kernel.launch"(%[[SY]], %[[R]], %[[SX]], %[[T]], %[[M]], %[[ZERO]]) {callee = @expsum_scaled_f32, s = 0.000000e+00 : f32, source_order_matches = true, template = "ew.expsum_scaled"}
// CHECK-NOT: linalg.generic
// CHECK: %[[SUM:[a-z0-9_-]+]] = affine.load %[[R]][]
// CHECK-NEXT: return %[[SUM]] : f32
float expsum(int n, float t, float m, float *restrict x, float *restrict y)
{
  float sum = 0;
  for (int i = 0; i < n; ++i) {
    float e = expf(x[i] / t - m / t);
    sum += e;
    y[i] = e;
  }
  return sum;
}

// Through a stride, the sum stored into an array (benchmarks/framework/softmax.c).
// CHECK-LABEL: func.func private @expsum_strided.delinearized(
// CHECK-SAME: %[[IN:[a-z0-9_-]+]]: memref<?x?xf32, strided<[?, 1]>> {llvm.noalias}, %{{[a-z0-9_-]+}}: index, %[[T:[a-z0-9_-]+]]: f32, %{{[a-z0-9_-]+}}: index, %[[L:[a-z0-9_-]+]]: f32, %[[OUT:[a-z0-9_-]+]]: memref<?x?xf32, strided<[?, 1]>> {llvm.noalias}, %[[TOTAL:[a-z0-9_-]+]]: memref<?xf32> {llvm.noalias})
// CHECK: %[[IN2:[a-z0-9_-]+]] = memref.subview %[[IN]][0, 0]
// CHECK: %[[OUT2:[a-z0-9_-]+]] = memref.subview %[[OUT]][0, 0]
// CHECK: %[[R:[a-z0-9_-]+]] = memref.subview %[[TOTAL]][0] [1] [1]
// CHECK: %[[SY:[a-z0-9_-]+]] = memref.subview %[[OUT2]][0, 0]
// CHECK: %[[SX:[a-z0-9_-]+]] = memref.subview %[[IN2]][0, 0]
// CHECK: %[[ZERO:[a-z0-9_-]+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: "kernel.launch"(%[[SY]], %[[R]], %[[SX]], %[[T]], %[[L]], %[[ZERO]]) {callee = @expsum_scaled_f32, s = 0.000000e+00 : f32, source_order_matches = true, template = "ew.expsum_scaled"}
// CHECK-NEXT: return
void expsum_strided(float *restrict input, int n, float temp, int stride, float largest,
                    float *restrict output, float *restrict total)
{
  float sum = 0;
  for (int i = 0; i < n; ++i) {
    float e = expf(input[i * stride] / temp - largest / temp);
    sum += e;
    output[i * stride] = e;
  }
  total[0] = sum;
}

// Near miss: the maximum divided by another scale than x.
// CHECK-LABEL: func.func @expsum_other_scale(
// CHECK-NOT: kernel.launch
// CHECK: linalg.generic
// CHECK: return
// REMARK: remark: no template matches linalg.generic; closest ew.expsum_scaled: step 1 (y[i] = exp(((x[i] / t) - (m / t)))): scalar t is bound to two different values
float expsum_other_scale(int n, float t, float u, float m, float *restrict x,
                         float *restrict y)
{
  float sum = 0;
  for (int i = 0; i < n; ++i) {
    float e = expf(x[i] / t - m / u);
    sum += e;
    y[i] = e;
  }
  return sum;
}

// Near miss: the loop sums the squares of what it stores.
// CHECK-LABEL: func.func @expsum_of_squares(
// CHECK-NOT: kernel.launch
// CHECK: linalg.generic
// CHECK: return
// REMARK: remark: no template matches linalg.generic; closest ew.expsum_scaled: the op is step 1 of ew.expsum_scaled; step 2 (r[] = s), step 3 (r[] += exp(((x[i] / t) - (m / t)))) are missing after it
float expsum_of_squares(int n, float t, float m, float *restrict x, float *restrict y)
{
  float sum = 0;
  for (int i = 0; i < n; ++i) {
    float e = expf(x[i] / t - m / t);
    sum += e * e;
    y[i] = e;
  }
  return sum;
}
