// RUN: polylift-cc %s | polylift-opt --raise-affine-to-linalg --match-kernels --expressions=false | FileCheck %s
// RUN: polylift-cc %s | polylift-opt --raise-affine-to-linalg --match-kernels --expressions=false --remarks=all 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// Activations in place (activations.tpl), each the exact C expression of a framework's
// activation: ReLU as a product with the comparison read as a number, leaky ReLU with
// its slope as a scalar, the logistic sigmoid and tanh through the C library. The
// identity (`x[i] = x[i]`) is erased by the raising. The near misses at the end (a
// wrong operand, another comparison, `-` for `+`) stay generics.

// CHECK-LABEL: func.func @relu(
// CHECK-SAME: %[[N:[a-z0-9_-]+]]: index, %[[X:[a-z0-9_-]+]]: memref<?xf32>
// CHECK: %[[SX:[a-z0-9_-]+]] = memref.subview %[[X]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: "kernel.launch"(%[[SX]]) {callee = @relu_ip_f32, source_order_matches = true, template = "act.relu"}
// CHECK-NOT: linalg.generic
void relu(int n, float *x)
{
  for (int i = 0; i < n; i++)
    x[i] = x[i] * (x[i] > 0);
}

// The slope 0.1f is the scalar a: the launch passes the float constant.
// CHECK-LABEL: func.func @leaky(
// CHECK-SAME: %[[N:[a-z0-9_-]+]]: index, %[[X:[a-z0-9_-]+]]: memref<?xf32>
// CHECK: %[[SX:[a-z0-9_-]+]] = memref.subview %[[X]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: %[[A:[a-z0-9_-]+]] = arith.constant 1.000000e-01 : f32
// CHECK: "kernel.launch"(%[[SX]], %[[A]]) {a = 1.000000e-01 : f32, callee = @leaky_ip_f32, source_order_matches = true, template = "act.leaky"}
// CHECK-NOT: linalg.generic
void leaky(int n, float *x)
{
  for (int i = 0; i < n; i++)
    x[i] = (x[i] > 0) ? x[i] : .1f * x[i];
}

// CHECK-LABEL: func.func @logistic(
// CHECK-SAME: %[[N:[a-z0-9_-]+]]: index, %[[X:[a-z0-9_-]+]]: memref<?xf64>
// CHECK: %[[SX:[a-z0-9_-]+]] = memref.subview %[[X]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: "kernel.launch"(%[[SX]]) {callee = @logistic_ip_f64, source_order_matches = true, template = "act.logistic"}
// CHECK-NOT: linalg.generic
void logistic(int n, double *x)
{
  for (int i = 0; i < n; i++)
    x[i] = 1. / (1. + exp(-x[i]));
}

// CHECK-LABEL: func.func @act_tanh(
// CHECK-SAME: %[[N:[a-z0-9_-]+]]: index, %[[X:[a-z0-9_-]+]]: memref<?xf32>
// CHECK: %[[SX:[a-z0-9_-]+]] = memref.subview %[[X]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: "kernel.launch"(%[[SX]]) {callee = @tanh_ip_f32, source_order_matches = true, template = "act.tanh"}
// CHECK-NOT: linalg.generic
void act_tanh(int n, float *x)
{
  for (int i = 0; i < n; i++)
    x[i] = tanhf(x[i]);
}

// REMARK: [[@LINE+7]]:5: remark: erased: the loop stores every element it reads back unchanged
// CHECK-LABEL: func.func @linear(
// CHECK-NOT: linalg.generic
// CHECK: return
void linear(int n, float *x)
{
  for (int i = 0; i < n; i++)
    x[i] = x[i];
}

// Not the identity: a scalar argument is a block argument too, but storing it is a fill
// (found by polylift fuzz: the raising erased it, and the array kept its old values,
// when the argument's number was the generic's output argument's: first here).
// REMARK-NOT: erased
// REMARK: [[@LINE+8]]:5: remark: raised to linalg.generic (parallel)
// CHECK-LABEL: func.func @fill_with_argument(
// CHECK-SAME: %[[A:[a-z0-9_-]+]]: f32, %[[N:[a-z0-9_-]+]]: index, %[[X:[a-z0-9_-]+]]: memref<?xf32>
// CHECK: %[[SX:[a-z0-9_-]+]] = memref.subview %[[X]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: "kernel.launch"(%[[SX]], %[[A]]) {callee = @fill_f32, source_order_matches = true, template = "blas.fill"}
void fill_with_argument(float a, int n, float *x)
{
  for (int i = 0; i < n; i++)
    x[i] = a;
}

// Near miss: the comparison read as a number, but of another element.
// REMARK: [[@LINE+7]]:5: remark: no template matches linalg.generic; closest act.relu: payload has 3 scalars or constants, the template 2
// CHECK-LABEL: func.func @relu_other(
// CHECK: linalg.generic
// CHECK-NOT: kernel.launch
void relu_other(int n, float *restrict x, float *restrict y)
{
  for (int i = 0; i < n; i++)
    x[i] = x[i] * (y[i] > 0);
}

// Near miss: `>=` where the framework's ReLU has `>` (at 0 the sign of the zero differs).
// REMARK: [[@LINE+7]]:5: remark: no template matches linalg.generic; closest act.relu: payload has 3 scalars or constants, the template 2
// CHECK-LABEL: func.func @relu_ge(
// CHECK: linalg.generic
// CHECK-NOT: kernel.launch
void relu_ge(int n, float *x)
{
  for (int i = 0; i < n; i++)
    x[i] = x[i] * (x[i] >= 0);
}

// Near miss: the comparison converted as a signed one-bit value (-1 or 0) is no 0 or 1.
// REMARK: [[@LINE+7]]:5: remark: no template matches linalg.generic; closest blas.scal: payload converts types ('arith.sitofp')
// CHECK-LABEL: func.func @relu_neg(
// CHECK: linalg.generic
// CHECK-NOT: kernel.launch
void relu_neg(int n, float *x)
{
  for (int i = 0; i < n; i++)
    x[i] = x[i] * -(x[i] > 0);
}

// Near miss: `-` for `+` in the sigmoid's denominator.
// REMARK: [[@LINE+7]]:5: remark: no template matches linalg.generic; closest act.logistic: payload has 0 '+', the template 1
// CHECK-LABEL: func.func @logistic_minus(
// CHECK: linalg.generic
// CHECK-NOT: kernel.launch
void logistic_minus(int n, float *x)
{
  for (int i = 0; i < n; i++)
    x[i] = 1.f / (1.f - expf(-x[i]));
}

// Near miss: the leaky arms swapped.
// REMARK: [[@LINE+7]]:5: remark: no template matches linalg.generic; closest act.relu: payload product has 1 terms, the template has 2
// CHECK-LABEL: func.func @leaky_swapped(
// CHECK: linalg.generic
// CHECK-NOT: kernel.launch
void leaky_swapped(int n, float *x)
{
  for (int i = 0; i < n; i++)
    x[i] = (x[i] > 0) ? .1f * x[i] : x[i];
}
