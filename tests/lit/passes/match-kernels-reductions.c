// RUN: polylift-cc %s | polylift-opt --raise-affine-to-linalg --match-kernels --expressions=false | FileCheck %s
// RUN: polylift-cc %s | polylift-opt --raise-affine-to-linalg --match-kernels --expressions=false --remarks=all 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// RUN: polylift-cc %s | polylift-opt --raise-affine-to-linalg --remarks=missed 2>&1 >/dev/null | FileCheck %s --check-prefix=RAISE
// Reductions into one element (reductions.tpl): from a scalar (the initial value the
// raising makes a 0-d op, or a store outside loops) or accumulating into the element.

// A sum in a local from 0, stored once: the raising's fill of r[0] (the initial value,
// the scalar s of the template) and the reduction are one launch.
// CHECK-LABEL: func.func @sum(
// CHECK-SAME: %[[N:[a-z0-9_-]+]]: index, %[[X:[a-z0-9_-]+]]: memref<?xf32> {llvm.noalias}, %[[R:[a-z0-9_-]+]]: memref<?xf32> {llvm.noalias}
// CHECK: %[[SR:[a-z0-9_-]+]] = memref.subview %[[R]][0] [1] [1]
// CHECK: %[[SX:[a-z0-9_-]+]] = memref.subview %[[X]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: %[[C:[a-z0-9_-]+]] = arith.constant 0.000000e+00 : f32
// CHECK: "kernel.launch"(%[[SR]], %[[SX]], %[[C]]) {callee = @sum_f32, s = 0.000000e+00 : f32, source_order_matches = true, template = "red.sum"}
// CHECK-NOT: linalg.generic
void sum(int n, float *restrict x, float *restrict r)
{
  float s = 0.0f;
  for (int i = 0; i < n; i++)
    s += x[i];
  r[0] = s;
}

// Accumulating into r[0] as it is.
// CHECK-LABEL: func.func @sum_acc(
// CHECK-SAME: %[[N:[a-z0-9_-]+]]: index, %[[X:[a-z0-9_-]+]]: memref<?xf64> {llvm.noalias}, %[[R:[a-z0-9_-]+]]: memref<?xf64> {llvm.noalias}
// CHECK: %[[SX:[a-z0-9_-]+]] = memref.subview %[[X]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: %[[SR:[a-z0-9_-]+]] = memref.subview %[[R]][0] [1] [1]
// CHECK: "kernel.launch"(%[[SR]], %[[SX]]) {callee = @sum_acc_f64, source_order_matches = true, template = "red.sum_acc"}
// CHECK-NOT: linalg.generic
void sum_acc(int n, double *restrict x, double *restrict r)
{
  for (int i = 0; i < n; i++)
    r[0] += x[i];
}

// The initial value stored before the loop (a store outside loops) and the loop.
// CHECK-LABEL: func.func @dot(
// CHECK-SAME: %[[N:[a-z0-9_-]+]]: index, %[[X:[a-z0-9_-]+]]: memref<?xf32> {llvm.noalias}, %[[Y:[a-z0-9_-]+]]: memref<?xf32> {llvm.noalias}, %[[R:[a-z0-9_-]+]]: memref<?xf32> {llvm.noalias}
// CHECK: %[[SX:[a-z0-9_-]+]] = memref.subview %[[X]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: %[[SY:[a-z0-9_-]+]] = memref.subview %[[Y]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: %[[SR:[a-z0-9_-]+]] = memref.subview %[[R]][0] [1] [1]
// CHECK: %[[C:[a-z0-9_-]+]] = arith.constant 0.000000e+00 : f32
// CHECK: "kernel.launch"(%[[SR]], %[[SX]], %[[SY]], %[[C]]) {callee = @dot_init_f32, s = 0.000000e+00 : f32, source_order_matches = true, template = "red.dot"}
// CHECK-NOT: linalg.generic
void dot(int n, float *restrict x, float *restrict y, float *restrict r)
{
  r[0] = 0.0f;
  for (int i = 0; i < n; i++)
    r[0] += x[i] * y[i];
}

// The sum of squares.
// CHECK-LABEL: func.func @sumsq(
// CHECK-SAME: %[[N:[a-z0-9_-]+]]: index, %[[X:[a-z0-9_-]+]]: memref<?xf64> {llvm.noalias}, %[[R:[a-z0-9_-]+]]: memref<?xf64> {llvm.noalias}
// CHECK: %[[SR:[a-z0-9_-]+]] = memref.subview %[[R]][0] [1] [1]
// CHECK: %[[SX:[a-z0-9_-]+]] = memref.subview %[[X]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: %[[C:[a-z0-9_-]+]] = arith.constant 0.000000e+00 : f64
// CHECK: "kernel.launch"(%[[SR]], %[[SX]], %[[C]]) {callee = @sumsq_f64, s = 0.000000e+00 : f64, source_order_matches = true, template = "red.sumsq"}
// CHECK-NOT: linalg.generic
void sumsq(int n, double *restrict x, double *restrict r)
{
  double s = 0.0;
  for (int i = 0; i < n; i++)
    s += x[i] * x[i];
  r[0] = s;
}

// Accumulated into r[0].
// CHECK-LABEL: func.func @sumsq_acc(
// CHECK-SAME: %[[N:[a-z0-9_-]+]]: index, %[[X:[a-z0-9_-]+]]: memref<?xf32> {llvm.noalias}, %[[R:[a-z0-9_-]+]]: memref<?xf32> {llvm.noalias}
// CHECK: %[[SX:[a-z0-9_-]+]] = memref.subview %[[X]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: %[[SR:[a-z0-9_-]+]] = memref.subview %[[R]][0] [1] [1]
// CHECK: "kernel.launch"(%[[SR]], %[[SX]]) {callee = @sumsq_acc_f32, source_order_matches = true, template = "red.sumsq_acc"}
// CHECK-NOT: linalg.generic
void sumsq_acc(int n, float *restrict x, float *restrict r)
{
  for (int i = 0; i < n; i++)
    r[0] += x[i] * x[i];
}

// The sum of magnitudes: only where the source takes fabsf.
// CHECK-LABEL: func.func @asum(
// CHECK-SAME: %[[N:[a-z0-9_-]+]]: index, %[[X:[a-z0-9_-]+]]: memref<?xf32> {llvm.noalias}, %[[R:[a-z0-9_-]+]]: memref<?xf32> {llvm.noalias}
// CHECK: %[[SR:[a-z0-9_-]+]] = memref.subview %[[R]][0] [1] [1]
// CHECK: %[[SX:[a-z0-9_-]+]] = memref.subview %[[X]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: %[[C:[a-z0-9_-]+]] = arith.constant 0.000000e+00 : f32
// CHECK: "kernel.launch"(%[[SR]], %[[SX]], %[[C]]) {callee = @asum_f32, s = 0.000000e+00 : f32, source_order_matches = true, template = "red.asum"}
// CHECK-NOT: linalg.generic
void asum(int n, float *restrict x, float *restrict r)
{
  float s = 0.0f;
  for (int i = 0; i < n; i++)
    s += fabsf(x[i]);
  r[0] = s;
}

// The Euclidean length: the sum of squares, then the root stored (three generics).
// CHECK-LABEL: func.func @nrm2(
// CHECK-SAME: %[[N:[a-z0-9_-]+]]: index, %[[X:[a-z0-9_-]+]]: memref<?xf32> {llvm.noalias}, %[[R:[a-z0-9_-]+]]: memref<?xf32> {llvm.noalias}
// CHECK: %[[SR:[a-z0-9_-]+]] = memref.subview %[[R]][0] [1] [1]
// CHECK: %[[SX:[a-z0-9_-]+]] = memref.subview %[[X]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: %[[C:[a-z0-9_-]+]] = arith.constant 0.000000e+00 : f32
// CHECK: "kernel.launch"(%[[SR]], %[[SX]], %[[C]]) {callee = @nrm2_f32, s = 0.000000e+00 : f32, source_order_matches = true, template = "red.nrm2"}
// CHECK-NOT: linalg.generic
void nrm2(int n, float *restrict x, float *restrict r)
{
  float s = 0.0f;
  for (int i = 0; i < n; i++)
    s += x[i] * x[i];
  r[0] = sqrtf(s);
}

// The maximum from x[0] over the others: `if (x[i] > m) m = x[i];` becomes max(x[i], m),
// and x from its second element is the launch's vector (the view starts there).
// CHECK-LABEL: func.func @maxval(
// CHECK-SAME: %[[N:[a-z0-9_-]+]]: index, %[[X:[a-z0-9_-]+]]: memref<?xf32> {llvm.noalias}, %[[R:[a-z0-9_-]+]]: memref<?xf32> {llvm.noalias}
// CHECK: %[[V:[a-z0-9_-]+]] = affine.load %[[X]][0]
// CHECK: %[[SR:[a-z0-9_-]+]] = memref.subview %[[R]][0] [1] [1]
// CHECK: %[[SX:[a-z0-9_-]+]] = memref.subview %[[X]][1] [%{{[a-z0-9_]+}}] [1]
// CHECK: "kernel.launch"(%[[SR]], %[[SX]], %[[V]]) {callee = @maxval_f32, source_order_matches = true, template = "red.maxval"}
// CHECK-NOT: linalg.generic
void maxval(int n, float *restrict x, float *restrict r)
{
  float m = x[0];
  for (int i = 1; i < n; i++)
    if (x[i] > m)
      m = x[i];
  r[0] = m;
}

// A running maximum in r[0].
// CHECK-LABEL: func.func @maxval_acc(
// CHECK-SAME: %[[N:[a-z0-9_-]+]]: index, %[[X:[a-z0-9_-]+]]: memref<?xf32> {llvm.noalias}, %[[R:[a-z0-9_-]+]]: memref<?xf32> {llvm.noalias}
// CHECK: %[[SX:[a-z0-9_-]+]] = memref.subview %[[X]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: %[[SR:[a-z0-9_-]+]] = memref.subview %[[R]][0] [1] [1]
// CHECK: "kernel.launch"(%[[SR]], %[[SX]]) {callee = @maxval_acc_f32, source_order_matches = true, template = "red.maxval_acc"}
// CHECK-NOT: linalg.generic
void maxval_acc(int n, float *restrict x, float *restrict r)
{
  for (int i = 0; i < n; i++)
    r[0] = x[i] > r[0] ? x[i] : r[0];
}

// A minimum from a constant.
// CHECK-LABEL: func.func @minval(
// CHECK-SAME: %[[N:[a-z0-9_-]+]]: index, %[[X:[a-z0-9_-]+]]: memref<?xf64> {llvm.noalias}, %[[R:[a-z0-9_-]+]]: memref<?xf64> {llvm.noalias}
// CHECK: %[[SR:[a-z0-9_-]+]] = memref.subview %[[R]][0] [1] [1]
// CHECK: %[[SX:[a-z0-9_-]+]] = memref.subview %[[X]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: %[[C:[a-z0-9_-]+]] = arith.constant 1.000000e+300 : f64
// CHECK: "kernel.launch"(%[[SR]], %[[SX]], %[[C]]) {callee = @minval_f64, s = 1.000000e+300 : f64, source_order_matches = true, template = "red.minval"}
// CHECK-NOT: linalg.generic
void minval(int n, double *restrict x, double *restrict r)
{
  double m = 1e300;
  for (int i = 0; i < n; i++)
    m = x[i] < m ? x[i] : m;
  r[0] = m;
}

// A running minimum in r[0], through a branch.
// CHECK-LABEL: func.func @minval_acc(
// CHECK-SAME: %[[N:[a-z0-9_-]+]]: index, %[[X:[a-z0-9_-]+]]: memref<?xf64> {llvm.noalias}, %[[R:[a-z0-9_-]+]]: memref<?xf64> {llvm.noalias}
// CHECK: %[[SX:[a-z0-9_-]+]] = memref.subview %[[X]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: %[[SR:[a-z0-9_-]+]] = memref.subview %[[R]][0] [1] [1]
// CHECK: "kernel.launch"(%[[SR]], %[[SX]]) {callee = @minval_acc_f64, source_order_matches = true, template = "red.minval_acc"}
// CHECK-NOT: linalg.generic
void minval_acc(int n, double *restrict x, double *restrict r)
{
  for (int i = 0; i < n; i++)
    if (x[i] < r[0])
      r[0] = x[i];
}

// The mean: the sum divided by the count, `(float)n` computed after the loop from a
// value known before it (moved ahead of the loop, so the division reads a scalar).
// CHECK-LABEL: func.func @mean(
// CHECK-SAME: %[[N:[a-z0-9_-]+]]: index, %[[X:[a-z0-9_-]+]]: memref<?xf32> {llvm.noalias}, %[[R:[a-z0-9_-]+]]: memref<?xf32> {llvm.noalias}
// CHECK: %[[N32:[a-z0-9_-]+]] = arith.index_cast %[[N]] : index to i32
// CHECK: %[[COUNT:[a-z0-9_-]+]] = arith.sitofp %[[N32]] : i32 to f32
// CHECK: %[[SR:[a-z0-9_-]+]] = memref.subview %[[R]][0] [1] [1]
// CHECK: %[[SX:[a-z0-9_-]+]] = memref.subview %[[X]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: %[[C:[a-z0-9_-]+]] = arith.constant 0.000000e+00 : f32
// CHECK: "kernel.launch"(%[[SR]], %[[SX]], %[[C]], %[[COUNT]]) {callee = @mean_f32, s = 0.000000e+00 : f32, source_order_matches = true, template = "red.mean"}
// CHECK-NOT: linalg.generic
void mean(int n, float *restrict x, float *restrict r)
{
  float s = 0.0f;
  for (int i = 0; i < n; i++)
    s += x[i];
  r[0] = s / n;
}

// Near misses. `-` for `+`: a subtraction does not reduce, the loop stays.
// CHECK-LABEL: func.func @minus(
// CHECK-NOT: kernel.launch
// CHECK: affine.for
// RAISE: remark: not raised: loop over loop at {{.*}} updates the output with 'arith.subf', not a recognised reduction
void minus(int n, float *restrict x, float *restrict r)
{
  float s = 0.0f;
  for (int i = 0; i < n; i++)
    s -= x[i];
  r[0] = s;
}

// `>=` for `>`: raised (a reduction by a select), but no template: of +0 and -0 it keeps
// the later one, and NaN compares otherwise.
// CHECK-LABEL: func.func @max_or_equal(
// CHECK-NOT: kernel.launch
// CHECK: linalg.generic
// REMARK: remark: no template matches linalg.generic; closest red.sumsq_acc: select is not a max or min (an equality, unsigned or non-strict float comparison)
void max_or_equal(int n, float *restrict x, float *restrict r)
{
  float m = x[0];
  for (int i = 0; i < n; i++)
    m = x[i] >= m ? x[i] : m;
  r[0] = m;
}

// A reduction whose result is not used: no launch (nothing it computes is kept).
// CHECK-LABEL: func.func @unused(
// CHECK-NOT: kernel.launch
// CHECK: return
void unused(int n, float *restrict x, float *restrict r)
{
  float s = 0.0f;
  for (int i = 0; i < n; i++)
    s += x[i];
  r[0] = 1.0f;
}

// The sum of a product with the wrong operand: x * r[0] reads the result, no dot.
// CHECK-LABEL: func.func @dot_wrong(
// CHECK-NOT: kernel.launch
// CHECK: affine.for
void dot_wrong(int n, float *restrict x, float *restrict y, float *restrict r)
{
  r[0] = 0.0f;
  for (int i = 0; i < n; i++)
    r[0] += x[i] * r[0];
}
