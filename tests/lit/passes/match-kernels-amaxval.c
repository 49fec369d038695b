// RUN: polylift-cc %s | polylift-opt --raise-affine-to-linalg --match-kernels --expressions=false | FileCheck %s
// RUN: polylift-cc %s | polylift-opt --raise-affine-to-linalg --match-kernels --expressions=false --remarks=missed 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// The largest magnitude (red.amaxval): `fabs(x[i]) > m ? fabs(x[i]) : m` computes fabs
// twice, once to compare and once to take it; the raising reads both as one value.

// From a scalar, through a branch, the result stored once.
// CHECK-LABEL: func.func @amax(
// CHECK-SAME: %[[N:[a-z0-9_-]+]]: index, %[[X:[a-z0-9_-]+]]: memref<?xf32> {llvm.noalias}, %[[R:[a-z0-9_-]+]]: memref<?xf32> {llvm.noalias}
// CHECK: %[[SR:[a-z0-9_-]+]] = memref.subview %[[R]][0] [1] [1]
// CHECK: %[[SX:[a-z0-9_-]+]] = memref.subview %[[X]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: %[[C:[a-z0-9_-]+]] = arith.constant 0.000000e+00 : f32
// CHECK: "kernel.launch"(%[[SR]], %[[SX]], %[[C]]) {callee = @amaxval_f32, s = 0.000000e+00 : f32, source_order_matches = true, template = "red.amaxval"}
// CHECK-NOT: linalg.generic
void amax(int n, float *restrict x, float *restrict r)
{
  float m = 0.0f;
  for (int i = 0; i < n; i++)
    if (fabsf(x[i]) > m)
      m = fabsf(x[i]);
  r[0] = m;
}

// A select, double, returned.
// CHECK-LABEL: func.func @amax_ret(
// CHECK-SAME: %[[N:[a-z0-9_-]+]]: index, %[[X:[a-z0-9_-]+]]: memref<?xf64> {llvm.noalias}
// CHECK: %[[H:[a-z0-9_-]+]] = memref.alloca() : memref<f64>
// CHECK: %[[SX:[a-z0-9_-]+]] = memref.subview %[[X]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: %[[C:[a-z0-9_-]+]] = arith.constant -1.000000e+00 : f64
// CHECK: "kernel.launch"(%[[H]], %[[SX]], %[[C]]) {callee = @amaxval_f64, s = -1.000000e+00 : f64, source_order_matches = true, template = "red.amaxval"}
// CHECK-NOT: linalg.generic
double amax_ret(int n, double *restrict x)
{
  double m = -1.0;
  for (int i = 0; i < n; i++)
    m = fabs(x[i]) > m ? fabs(x[i]) : m;
  return m;
}

// Near misses: `<` for `>` (the smallest magnitude: no template), the magnitude of
// another array taken (a wrong operand), a loop that skips the last element (an
// off-by-one bound: n - 1 elements, matched with that size), and fabs compared but
// the element itself taken.
// CHECK-LABEL: func.func @amin_miss(
// CHECK-NOT: kernel.launch
// CHECK: return
// REMARK-DAG: {{.*}}:[[# @LINE + 6]]:3: remark: no template matches linalg.generic; closest red.minval_acc: payload has 1 'abs', the template 0
void amin_miss(int n, float *restrict x, float *restrict r)
{
  float m = 1e30f;
  for (int i = 0; i < n; i++)
    m = fabsf(x[i]) < m ? fabsf(x[i]) : m;
  r[0] = m;
}

// CHECK-LABEL: func.func @other_operand(
// CHECK-NOT: kernel.launch
// CHECK: return
// REMARK-DAG: {{.*}}:[[# @LINE + 5]]:33: remark: not raised: a branch reads an element that the body does not read whichever way it goes, so evaluating both arms may read out of bounds
void other_operand(int n, float *restrict x, float *restrict y, float *restrict r)
{
  float m = 0.0f;
  for (int i = 0; i < n; i++)
    m = fabsf(x[i]) > m ? fabsf(y[i]) : m;
  r[0] = m;
}

// CHECK-LABEL: func.func @short_by_one(
// CHECK-SAME: %[[N:[a-z0-9_-]+]]: index, %[[X:[a-z0-9_-]+]]: memref<?xf32> {llvm.noalias}, %[[R:[a-z0-9_-]+]]: memref<?xf32> {llvm.noalias}
// CHECK: %[[SR:[a-z0-9_-]+]] = memref.subview %[[R]][0] [1] [1]
// CHECK: %[[SX:[a-z0-9_-]+]] = memref.subview %[[X]][0] [%[[M:[a-z0-9_]+]]] [1]
// CHECK: %[[C:[a-z0-9_-]+]] = arith.constant 0.000000e+00 : f32
// CHECK: "kernel.launch"(%[[SR]], %[[SX]], %[[C]]) {callee = @amaxval_f32, s = 0.000000e+00 : f32, source_order_matches = true, template = "red.amaxval"}
void short_by_one(int n, float *restrict x, float *restrict r)
{
  float m = 0.0f;
  for (int i = 0; i < n - 1; i++)
    m = fabsf(x[i]) > m ? fabsf(x[i]) : m;
  r[0] = m;
}

// CHECK-LABEL: func.func @signed_taken(
// CHECK-NOT: kernel.launch
// CHECK: return
// REMARK-DAG: {{.*}}:[[# @LINE + 6]]:3: remark: not raised: loop over loop at [[# @LINE + 4]]:3 updates the output with 'arith.select', not a recognised reduction
void signed_taken(int n, float *restrict x, float *restrict r)
{
  float m = 0.0f;
  for (int i = 0; i < n; i++)
    m = fabsf(x[i]) > m ? x[i] : m;
  r[0] = m;
}
