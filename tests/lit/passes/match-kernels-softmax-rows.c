// RUN: polylift-cc %s --function='*' | polylift-opt --raise-affine-to-linalg --match-kernels | FileCheck %s
// RUN: polylift-cc %s --function='*' | polylift-opt --raise-affine-to-linalg --match-kernels --remarks=missed 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// A plain-C framework's softmax over the groups of each image of a batch (softmax_cpu of
// benchmarks/framework/softmax.c): the per-group softmax inlined at group and batch
// offsets, delinearised into views [batch][groups][n], is three launches over that grid
// of rows: the largest value of each row (red.maxval_rows, from the raising's fill of
// the per-row temporary with -FLT_MAX), the exponentials and their sum per row
// (ew.expsum_scaled_rows, from the fill of the sums with 0, the sum and the map) and the
// division of each row by its sum (ew.divs_rows_ip). Near miss: another scale for the
// row's largest value in the exponent.

#include <float.h>
#include <math.h>

static void softmax(float *input, int n, float temp, float *output)
{
  int i;
  float sum = 0;
  float largest = -FLT_MAX;
  for (i = 0; i < n; ++i)
    if (input[i] > largest)
      largest = input[i];
  for (i = 0; i < n; ++i) {
    float e = expf(input[i] / temp - largest / temp);
    sum += e;
    output[i] = e;
  }
  for (i = 0; i < n; ++i)
    output[i] /= sum;
}

// CHECK-LABEL: func.func private @softmax_rows.delinearized(
// CHECK-SAME: %[[IN:[a-z0-9_-]+]]: memref<?x?x?xf32, strided<[?, ?, 1]>> {llvm.noalias}, %{{[a-z0-9_-]+}}: index, %{{[a-z0-9_-]+}}: index, %{{[a-z0-9_-]+}}: index, %{{[a-z0-9_-]+}}: index, %{{[a-z0-9_-]+}}: index, %[[T:[a-z0-9_-]+]]: f32, %[[OUT:[a-z0-9_-]+]]: memref<?x?x?xf32, strided<[?, ?, 1]>> {llvm.noalias})
// CHECK: %[[LARGEST:[a-z0-9_-]+]] = memref.alloc(
// CHECK: %[[SUMS:[a-z0-9_-]+]] = memref.alloc(
// CHECK: %[[M:[a-z0-9_-]+]] = memref.subview %[[LARGEST]][0, 0]
// CHECK: %[[X:[a-z0-9_-]+]] = memref.subview %[[IN]][0, 0, 0]
// CHECK: %[[LOWEST:[a-z0-9_-]+]] = arith.constant -3.40282347E+38 : f32
// CHECK-NEXT: "kernel.launch"(%[[M]], %[[X]], %[[LOWEST]]) {callee = @maxval_rows_f32, s = -3.40282347E+38 : f32, source_order_matches = true, template = "red.maxval_rows"}
// CHECK: %[[R:[a-z0-9_-]+]] = memref.subview %[[SUMS]][0, 0]
// CHECK: %[[Y:[a-z0-9_-]+]] = memref.subview %[[OUT]][0, 0, 0]
// CHECK: %[[ZERO:[a-z0-9_-]+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: "kernel.launch"(%[[R]], %[[Y]], %[[X]], %[[M]], %[[T]], %[[ZERO]]) {callee = @expsum_scaled_rows_f32, s = 0.000000e+00 : f32, source_order_matches = true, template = "ew.expsum_scaled_rows"}
// CHECK-NEXT: "kernel.launch"(%[[Y]], %[[R]]) {callee = @divs_rows_ip_f32, source_order_matches = true, template = "ew.divs_rows_ip"}
// CHECK-NOT: linalg.generic
// CHECK: return
void softmax_rows(float *restrict input, int n, int batch, int batch_offset, int groups,
                  int group_offset, float temp, float *restrict output)
{
  for (int b = 0; b < batch; ++b)
    for (int g = 0; g < groups; ++g)
      softmax(input + b * batch_offset + g * group_offset, n, temp,
              output + b * batch_offset + g * group_offset);
}

static void softmax_other_scale(float *input, int n, float temp, float u, float *output)
{
  int i;
  float sum = 0;
  float largest = -FLT_MAX;
  for (i = 0; i < n; ++i)
    if (input[i] > largest)
      largest = input[i];
  for (i = 0; i < n; ++i) {
    float e = expf(input[i] / temp - largest / u);
    sum += e;
    output[i] = e;
  }
  for (i = 0; i < n; ++i)
    output[i] /= sum;
}

// Near miss: the largest value divided by another scale than x: the maximum and the
// division still match, the exponentials and their sum stay.
// CHECK-LABEL: func.func private @softmax_rows_other_scale.delinearized(
// CHECK-SAME: %[[IN:[a-z0-9_-]+]]: memref<?x?x?xf32, strided<[?, ?, 1]>> {llvm.noalias}, %{{[a-z0-9_-]+}}: index, %{{[a-z0-9_-]+}}: index, %{{[a-z0-9_-]+}}: index, %{{[a-z0-9_-]+}}: index, %{{[a-z0-9_-]+}}: index, %{{[a-z0-9_-]+}}: f32, %{{[a-z0-9_-]+}}: f32, %[[OUT:[a-z0-9_-]+]]: memref<?x?x?xf32, strided<[?, ?, 1]>> {llvm.noalias})
// CHECK: %[[LARGEST:[a-z0-9_-]+]] = memref.alloc(
// CHECK: %[[SUMS:[a-z0-9_-]+]] = memref.alloc(
// CHECK: %[[M:[a-z0-9_-]+]] = memref.subview %[[LARGEST]][0, 0]
// CHECK: %[[X:[a-z0-9_-]+]] = memref.subview %[[IN]][0, 0, 0]
// CHECK: %[[LOWEST:[a-z0-9_-]+]] = arith.constant -3.40282347E+38 : f32
// CHECK-NEXT: "kernel.launch"(%[[M]], %[[X]], %[[LOWEST]]) {callee = @maxval_rows_f32, s = -3.40282347E+38 : f32, source_order_matches = true, template = "red.maxval_rows"}
// CHECK: %[[R:[a-z0-9_-]+]] = memref.subview %[[SUMS]][0, 0]
// CHECK: %[[ZERO:[a-z0-9_-]+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: "kernel.launch"(%[[R]], %[[ZERO]]) {alpha = 0.000000e+00 : f32, callee = @fill2d_f32, source_order_matches = true, template = "blas.fill2d"}
// CHECK-NEXT: linalg.generic {{.*}} ins(%[[X]], %[[M]] : {{.*}}) outs(%[[R]] :
// CHECK: %[[Y:[a-z0-9_-]+]] = memref.subview %[[OUT]][0, 0, 0]
// CHECK-NEXT: linalg.generic {{.*}} ins(%[[X]], %[[M]] : {{.*}}) outs(%[[Y]] :
// CHECK: "kernel.launch"(%[[Y]], %[[R]]) {callee = @divs_rows_ip_f32, source_order_matches = true, template = "ew.divs_rows_ip"}
// CHECK: return
// REMARK: remark: no template matches linalg.generic; closest ew.expsum_scaled_rows: {{.*}}scalar t is bound to two different values
void softmax_rows_other_scale(float *restrict input, int n, int batch, int batch_offset,
                              int groups, int group_offset, float temp, float u,
                              float *restrict output)
{
  for (int b = 0; b < batch; ++b)
    for (int g = 0; g < groups; ++g)
      softmax_other_scale(input + b * batch_offset + g * group_offset, n, temp, u,
                          output + b * batch_offset + g * group_offset);
}
