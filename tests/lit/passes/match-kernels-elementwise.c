// RUN: polylift-cc %s | polylift-opt --raise-affine-to-linalg --match-kernels --expressions=false | FileCheck %s
// RUN: polylift-cc %s | polylift-opt --raise-affine-to-linalg --match-kernels --expressions=false --remarks=all 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// RUN: polylift-cc %s | polylift-opt --raise-affine-to-linalg --remarks=missed 2>&1 >/dev/null | FileCheck %s --check-prefix=RAISE
// Element-wise maps over vectors (elementwise.tpl), written as C loops over flattened
// arrays: out of place, in place, with scalars. Each loop is one launch whose operands
// are the views the loop covers; the near misses at the end stay loops or generics.

// Out of place, float: z = x + y.
// CHECK-LABEL: func.func @add(
// CHECK-SAME: %[[N:[a-z0-9_-]+]]: index, %[[X:[a-z0-9_-]+]]: memref<?xf32> {llvm.noalias}, %[[Y:[a-z0-9_-]+]]: memref<?xf32> {llvm.noalias}, %[[Z:[a-z0-9_-]+]]: memref<?xf32> {llvm.noalias}
// CHECK: %[[SX:[a-z0-9_-]+]] = memref.subview %[[X]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: %[[SY:[a-z0-9_-]+]] = memref.subview %[[Y]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: %[[SZ:[a-z0-9_-]+]] = memref.subview %[[Z]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: "kernel.launch"(%[[SZ]], %[[SX]], %[[SY]]) {callee = @add_f32, source_order_matches = true, template = "ew.add"}
// CHECK-NOT: linalg.generic
void add(int n, float *restrict x, float *restrict y, float *restrict z)
{
  for (int i = 0; i < n; i++)
    z[i] = x[i] + y[i];
}

// double: z = x - y.
// CHECK-LABEL: func.func @sub(
// CHECK-SAME: %[[N:[a-z0-9_-]+]]: index, %[[X:[a-z0-9_-]+]]: memref<?xf64> {llvm.noalias}, %[[Y:[a-z0-9_-]+]]: memref<?xf64> {llvm.noalias}, %[[Z:[a-z0-9_-]+]]: memref<?xf64> {llvm.noalias}
// CHECK: %[[SX:[a-z0-9_-]+]] = memref.subview %[[X]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: %[[SY:[a-z0-9_-]+]] = memref.subview %[[Y]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: %[[SZ:[a-z0-9_-]+]] = memref.subview %[[Z]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: "kernel.launch"(%[[SZ]], %[[SX]], %[[SY]]) {callee = @sub_f64, source_order_matches = true, template = "ew.sub"}
// CHECK-NOT: linalg.generic
void sub(int n, double *restrict x, double *restrict y, double *restrict z)
{
  for (int i = 0; i < n; i++)
    z[i] = x[i] - y[i];
}

// The operands of * may be written either way round: y * x is x * y bit for bit.
// CHECK-LABEL: func.func @mul(
// CHECK-SAME: %[[N:[a-z0-9_-]+]]: index, %[[X:[a-z0-9_-]+]]: memref<?xf32> {llvm.noalias}, %[[Y:[a-z0-9_-]+]]: memref<?xf32> {llvm.noalias}, %[[Z:[a-z0-9_-]+]]: memref<?xf32> {llvm.noalias}
// CHECK: %[[SY:[a-z0-9_-]+]] = memref.subview %[[Y]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: %[[SX:[a-z0-9_-]+]] = memref.subview %[[X]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: %[[SZ:[a-z0-9_-]+]] = memref.subview %[[Z]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: "kernel.launch"(%[[SZ]], %[[SY]], %[[SX]]) {callee = @mul_f32, source_order_matches = true, template = "ew.mul"}
// CHECK-NOT: linalg.generic
void mul(int n, float *restrict x, float *restrict y, float *restrict z)
{
  for (int i = 0; i < n; i++)
    z[i] = y[i] * x[i];
}

// z = x / y (correctly rounded, any backend).
// CHECK-LABEL: func.func @divide(
// CHECK-SAME: %[[N:[a-z0-9_-]+]]: index, %[[X:[a-z0-9_-]+]]: memref<?xf32> {llvm.noalias}, %[[Y:[a-z0-9_-]+]]: memref<?xf32> {llvm.noalias}, %[[Z:[a-z0-9_-]+]]: memref<?xf32> {llvm.noalias}
// CHECK: %[[SX:[a-z0-9_-]+]] = memref.subview %[[X]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: %[[SY:[a-z0-9_-]+]] = memref.subview %[[Y]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: %[[SZ:[a-z0-9_-]+]] = memref.subview %[[Z]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: "kernel.launch"(%[[SZ]], %[[SX]], %[[SY]]) {callee = @div_f32, source_order_matches = true, template = "ew.div"}
// CHECK-NOT: linalg.generic
void divide(int n, float *restrict x, float *restrict y, float *restrict z)
{
  for (int i = 0; i < n; i++)
    z[i] = x[i] / y[i];
}

// C's `x > y ? x : y` is the template's max(x, y).
// CHECK-LABEL: func.func @vmax(
// CHECK-SAME: %[[N:[a-z0-9_-]+]]: index, %[[X:[a-z0-9_-]+]]: memref<?xf32> {llvm.noalias}, %[[Y:[a-z0-9_-]+]]: memref<?xf32> {llvm.noalias}, %[[Z:[a-z0-9_-]+]]: memref<?xf32> {llvm.noalias}
// CHECK: %[[SX:[a-z0-9_-]+]] = memref.subview %[[X]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: %[[SY:[a-z0-9_-]+]] = memref.subview %[[Y]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: %[[SZ:[a-z0-9_-]+]] = memref.subview %[[Z]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: "kernel.launch"(%[[SZ]], %[[SX]], %[[SY]]) {callee = @max_f32, source_order_matches = true, template = "ew.max"}
// CHECK-NOT: linalg.generic
void vmax(int n, float *restrict x, float *restrict y, float *restrict z)
{
  for (int i = 0; i < n; i++)
    z[i] = x[i] > y[i] ? x[i] : y[i];
}

// `x < y ? x : y` is min(x, y).
// CHECK-LABEL: func.func @vmin(
// CHECK-SAME: %[[N:[a-z0-9_-]+]]: index, %[[X:[a-z0-9_-]+]]: memref<?xf64> {llvm.noalias}, %[[Y:[a-z0-9_-]+]]: memref<?xf64> {llvm.noalias}, %[[Z:[a-z0-9_-]+]]: memref<?xf64> {llvm.noalias}
// CHECK: %[[SX:[a-z0-9_-]+]] = memref.subview %[[X]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: %[[SY:[a-z0-9_-]+]] = memref.subview %[[Y]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: %[[SZ:[a-z0-9_-]+]] = memref.subview %[[Z]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: "kernel.launch"(%[[SZ]], %[[SX]], %[[SY]]) {callee = @min_f64, source_order_matches = true, template = "ew.min"}
// CHECK-NOT: linalg.generic
void vmin(int n, double *restrict x, double *restrict y, double *restrict z)
{
  for (int i = 0; i < n; i++)
    z[i] = x[i] < y[i] ? x[i] : y[i];
}

// A scalar added.
// CHECK-LABEL: func.func @adds(
// CHECK-SAME: %[[N:[a-z0-9_-]+]]: index, %[[A:[a-z0-9_-]+]]: f32, %[[X:[a-z0-9_-]+]]: memref<?xf32> {llvm.noalias}, %[[Z:[a-z0-9_-]+]]: memref<?xf32> {llvm.noalias}
// CHECK: %[[SX:[a-z0-9_-]+]] = memref.subview %[[X]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: %[[SZ:[a-z0-9_-]+]] = memref.subview %[[Z]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: "kernel.launch"(%[[SZ]], %[[SX]], %[[A]]) {callee = @adds_f32, source_order_matches = true, template = "ew.adds"}
// CHECK-NOT: linalg.generic
void adds(int n, float a, float *restrict x, float *restrict z)
{
  for (int i = 0; i < n; i++)
    z[i] = x[i] + a;
}

// A scalar subtracted.
// CHECK-LABEL: func.func @subs(
// CHECK-SAME: %[[N:[a-z0-9_-]+]]: index, %[[A:[a-z0-9_-]+]]: f32, %[[X:[a-z0-9_-]+]]: memref<?xf32> {llvm.noalias}, %[[Z:[a-z0-9_-]+]]: memref<?xf32> {llvm.noalias}
// CHECK: %[[SX:[a-z0-9_-]+]] = memref.subview %[[X]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: %[[SZ:[a-z0-9_-]+]] = memref.subview %[[Z]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: "kernel.launch"(%[[SZ]], %[[SX]], %[[A]]) {callee = @subs_f32, source_order_matches = true, template = "ew.subs"}
// CHECK-NOT: linalg.generic
void subs(int n, float a, float *restrict x, float *restrict z)
{
  for (int i = 0; i < n; i++)
    z[i] = x[i] - a;
}

// The scalar minus the element.
// CHECK-LABEL: func.func @rsubs(
// CHECK-SAME: %[[N:[a-z0-9_-]+]]: index, %[[A:[a-z0-9_-]+]]: f32, %[[X:[a-z0-9_-]+]]: memref<?xf32> {llvm.noalias}, %[[Z:[a-z0-9_-]+]]: memref<?xf32> {llvm.noalias}
// CHECK: %[[SX:[a-z0-9_-]+]] = memref.subview %[[X]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: %[[SZ:[a-z0-9_-]+]] = memref.subview %[[Z]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: "kernel.launch"(%[[SZ]], %[[SX]], %[[A]]) {callee = @rsubs_f32, source_order_matches = true, template = "ew.rsubs"}
// CHECK-NOT: linalg.generic
void rsubs(int n, float a, float *restrict x, float *restrict z)
{
  for (int i = 0; i < n; i++)
    z[i] = a - x[i];
}

// A scaling into another vector (blas.scal is in place).
// CHECK-LABEL: func.func @muls(
// CHECK-SAME: %[[N:[a-z0-9_-]+]]: index, %[[A:[a-z0-9_-]+]]: f32, %[[X:[a-z0-9_-]+]]: memref<?xf32> {llvm.noalias}, %[[Z:[a-z0-9_-]+]]: memref<?xf32> {llvm.noalias}
// CHECK: %[[SX:[a-z0-9_-]+]] = memref.subview %[[X]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: %[[SZ:[a-z0-9_-]+]] = memref.subview %[[Z]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: "kernel.launch"(%[[SZ]], %[[SX]], %[[A]]) {callee = @muls_f32, source_order_matches = true, template = "ew.muls"}
// CHECK-NOT: linalg.generic
void muls(int n, float a, float *restrict x, float *restrict z)
{
  for (int i = 0; i < n; i++)
    z[i] = x[i] * a;
}

// Divided by a scalar.
// CHECK-LABEL: func.func @divs(
// CHECK-SAME: %[[N:[a-z0-9_-]+]]: index, %[[A:[a-z0-9_-]+]]: f64, %[[X:[a-z0-9_-]+]]: memref<?xf64> {llvm.noalias}, %[[Z:[a-z0-9_-]+]]: memref<?xf64> {llvm.noalias}
// CHECK: %[[SX:[a-z0-9_-]+]] = memref.subview %[[X]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: %[[SZ:[a-z0-9_-]+]] = memref.subview %[[Z]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: "kernel.launch"(%[[SZ]], %[[SX]], %[[A]]) {callee = @divs_f64, source_order_matches = true, template = "ew.divs"}
// CHECK-NOT: linalg.generic
void divs(int n, double a, double *restrict x, double *restrict z)
{
  for (int i = 0; i < n; i++)
    z[i] = x[i] / a;
}

// A scalar divided by each element.
// CHECK-LABEL: func.func @rdivs(
// CHECK-SAME: %[[N:[a-z0-9_-]+]]: index, %[[A:[a-z0-9_-]+]]: f32, %[[X:[a-z0-9_-]+]]: memref<?xf32> {llvm.noalias}, %[[Z:[a-z0-9_-]+]]: memref<?xf32> {llvm.noalias}
// CHECK: %[[SX:[a-z0-9_-]+]] = memref.subview %[[X]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: %[[SZ:[a-z0-9_-]+]] = memref.subview %[[Z]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: "kernel.launch"(%[[SZ]], %[[SX]], %[[A]]) {callee = @rdivs_f32, source_order_matches = true, template = "ew.rdivs"}
// CHECK-NOT: linalg.generic
void rdivs(int n, float a, float *restrict x, float *restrict z)
{
  for (int i = 0; i < n; i++)
    z[i] = a / x[i];
}

// 1 / x: rdivs with a fixed at 1, which the launch passes.
// CHECK-LABEL: func.func @recip(
// CHECK-SAME: %[[N:[a-z0-9_-]+]]: index, %[[X:[a-z0-9_-]+]]: memref<?xf32> {llvm.noalias}, %[[Z:[a-z0-9_-]+]]: memref<?xf32> {llvm.noalias}
// CHECK: %[[SX:[a-z0-9_-]+]] = memref.subview %[[X]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: %[[SZ:[a-z0-9_-]+]] = memref.subview %[[Z]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: %[[C:[a-z0-9_-]+]] = arith.constant 1.000000e+00 : f32
// CHECK: "kernel.launch"(%[[SZ]], %[[SX]], %[[C]]) {a = 1.000000e+00 : f32, callee = @rdivs_f32, source_order_matches = true, template = "ew.recip"}
// CHECK-NOT: linalg.generic
void recip(int n, float *restrict x, float *restrict z)
{
  for (int i = 0; i < n; i++)
    z[i] = 1.0f / x[i];
}

// Negation.
// CHECK-LABEL: func.func @neg(
// CHECK-SAME: %[[N:[a-z0-9_-]+]]: index, %[[X:[a-z0-9_-]+]]: memref<?xf32> {llvm.noalias}, %[[Z:[a-z0-9_-]+]]: memref<?xf32> {llvm.noalias}
// CHECK: %[[SX:[a-z0-9_-]+]] = memref.subview %[[X]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: %[[SZ:[a-z0-9_-]+]] = memref.subview %[[Z]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: "kernel.launch"(%[[SZ]], %[[SX]]) {callee = @neg_f32, source_order_matches = true, template = "ew.neg"}
// CHECK-NOT: linalg.generic
void neg(int n, float *restrict x, float *restrict z)
{
  for (int i = 0; i < n; i++)
    z[i] = -x[i];
}

// fabsf: the sign bit cleared.
// CHECK-LABEL: func.func @vabs(
// CHECK-SAME: %[[N:[a-z0-9_-]+]]: index, %[[X:[a-z0-9_-]+]]: memref<?xf32> {llvm.noalias}, %[[Z:[a-z0-9_-]+]]: memref<?xf32> {llvm.noalias}
// CHECK: %[[SX:[a-z0-9_-]+]] = memref.subview %[[X]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: %[[SZ:[a-z0-9_-]+]] = memref.subview %[[Z]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: "kernel.launch"(%[[SZ]], %[[SX]]) {callee = @abs_f32, source_order_matches = true, template = "ew.abs"}
// CHECK-NOT: linalg.generic
void vabs(int n, float *restrict x, float *restrict z)
{
  for (int i = 0; i < n; i++)
    z[i] = fabsf(x[i]);
}

// The square.
// CHECK-LABEL: func.func @sqr(
// CHECK-SAME: %[[N:[a-z0-9_-]+]]: index, %[[X:[a-z0-9_-]+]]: memref<?xf32> {llvm.noalias}, %[[Z:[a-z0-9_-]+]]: memref<?xf32> {llvm.noalias}
// CHECK: %[[SX:[a-z0-9_-]+]] = memref.subview %[[X]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: %[[SZ:[a-z0-9_-]+]] = memref.subview %[[Z]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: "kernel.launch"(%[[SZ]], %[[SX]]) {callee = @sqr_f32, source_order_matches = true, template = "ew.sqr"}
// CHECK-NOT: linalg.generic
void sqr(int n, float *restrict x, float *restrict z)
{
  for (int i = 0; i < n; i++)
    z[i] = x[i] * x[i];
}

// x * x * x, evaluated (x * x) * x.
// CHECK-LABEL: func.func @cube(
// CHECK-SAME: %[[N:[a-z0-9_-]+]]: index, %[[X:[a-z0-9_-]+]]: memref<?xf32> {llvm.noalias}, %[[Z:[a-z0-9_-]+]]: memref<?xf32> {llvm.noalias}
// CHECK: %[[SX:[a-z0-9_-]+]] = memref.subview %[[X]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: %[[SZ:[a-z0-9_-]+]] = memref.subview %[[Z]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: "kernel.launch"(%[[SZ]], %[[SX]]) {callee = @cube_f32, source_order_matches = true, template = "ew.cube"}
// CHECK-NOT: linalg.generic
void cube(int n, float *restrict x, float *restrict z)
{
  for (int i = 0; i < n; i++)
    z[i] = x[i] * x[i] * x[i];
}

// The square root.
// CHECK-LABEL: func.func @vsqrt(
// CHECK-SAME: %[[N:[a-z0-9_-]+]]: index, %[[X:[a-z0-9_-]+]]: memref<?xf64> {llvm.noalias}, %[[Z:[a-z0-9_-]+]]: memref<?xf64> {llvm.noalias}
// CHECK: %[[SX:[a-z0-9_-]+]] = memref.subview %[[X]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: %[[SZ:[a-z0-9_-]+]] = memref.subview %[[Z]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: "kernel.launch"(%[[SZ]], %[[SX]]) {callee = @sqrt_f64, source_order_matches = true, template = "ew.sqrt"}
// CHECK-NOT: linalg.generic
void vsqrt(int n, double *restrict x, double *restrict z)
{
  for (int i = 0; i < n; i++)
    z[i] = sqrt(x[i]);
}

// A clamp written with two ?: (the inner one is min(hi, x)).
// CHECK-LABEL: func.func @clamp(
// CHECK-SAME: %[[N:[a-z0-9_-]+]]: index, %[[LO:[a-z0-9_-]+]]: f32, %[[HI:[a-z0-9_-]+]]: f32, %[[X:[a-z0-9_-]+]]: memref<?xf32> {llvm.noalias}, %[[Z:[a-z0-9_-]+]]: memref<?xf32> {llvm.noalias}
// CHECK: %[[SX:[a-z0-9_-]+]] = memref.subview %[[X]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: %[[SZ:[a-z0-9_-]+]] = memref.subview %[[Z]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: "kernel.launch"(%[[SZ]], %[[SX]], %[[LO]], %[[HI]]) {callee = @clamp_f32, source_order_matches = true, template = "ew.clamp"}
// CHECK-NOT: linalg.generic
void clamp(int n, float lo, float hi, float *restrict x, float *restrict z)
{
  for (int i = 0; i < n; i++)
    z[i] = x[i] < lo ? lo : (x[i] > hi ? hi : x[i]);
}

// Linear interpolation.
// CHECK-LABEL: func.func @lerp(
// CHECK-SAME: %[[N:[a-z0-9_-]+]]: index, %[[T:[a-z0-9_-]+]]: f32, %[[X:[a-z0-9_-]+]]: memref<?xf32> {llvm.noalias}, %[[Y:[a-z0-9_-]+]]: memref<?xf32> {llvm.noalias}, %[[Z:[a-z0-9_-]+]]: memref<?xf32> {llvm.noalias}
// CHECK: %[[SX:[a-z0-9_-]+]] = memref.subview %[[X]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: %[[SY:[a-z0-9_-]+]] = memref.subview %[[Y]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: %[[SZ:[a-z0-9_-]+]] = memref.subview %[[Z]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: "kernel.launch"(%[[SZ]], %[[SX]], %[[SY]], %[[T]]) {callee = @lerp_f32, source_order_matches = true, template = "ew.lerp"}
// CHECK-NOT: linalg.generic
void lerp(int n, float t, float *restrict x, float *restrict y, float *restrict z)
{
  for (int i = 0; i < n; i++)
    z[i] = x[i] + t * (y[i] - x[i]);
}

// a * x + b * y into a third vector.
// CHECK-LABEL: func.func @axpbyz(
// CHECK-SAME: %[[N:[a-z0-9_-]+]]: index, %[[A:[a-z0-9_-]+]]: f32, %[[B:[a-z0-9_-]+]]: f32, %[[X:[a-z0-9_-]+]]: memref<?xf32> {llvm.noalias}, %[[Y:[a-z0-9_-]+]]: memref<?xf32> {llvm.noalias}, %[[Z:[a-z0-9_-]+]]: memref<?xf32> {llvm.noalias}
// CHECK: %[[SX:[a-z0-9_-]+]] = memref.subview %[[X]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: %[[SY:[a-z0-9_-]+]] = memref.subview %[[Y]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: %[[SZ:[a-z0-9_-]+]] = memref.subview %[[Z]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: "kernel.launch"(%[[SZ]], %[[SX]], %[[SY]], %[[A]], %[[B]]) {callee = @axpbyz_f32, source_order_matches = true, template = "ew.axpbyz"}
// CHECK-NOT: linalg.generic
void axpbyz(int n, float a, float b, float *restrict x, float *restrict y, float *restrict z)
{
  for (int i = 0; i < n; i++)
    z[i] = a * x[i] + b * y[i];
}

// rmsnorm's last map: w * (scale * x).
// CHECK-LABEL: func.func @mul_scaled(
// CHECK-SAME: %[[N:[a-z0-9_-]+]]: index, %[[A:[a-z0-9_-]+]]: f32, %[[W:[a-z0-9_-]+]]: memref<?xf32> {llvm.noalias}, %[[X:[a-z0-9_-]+]]: memref<?xf32> {llvm.noalias}, %[[Z:[a-z0-9_-]+]]: memref<?xf32> {llvm.noalias}
// CHECK: %[[SW:[a-z0-9_-]+]] = memref.subview %[[W]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: %[[SX:[a-z0-9_-]+]] = memref.subview %[[X]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: %[[SZ:[a-z0-9_-]+]] = memref.subview %[[Z]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: "kernel.launch"(%[[SZ]], %[[SW]], %[[SX]], %[[A]]) {callee = @mul_scaled_f32, source_order_matches = true, template = "ew.mul_scaled"}
// CHECK-NOT: linalg.generic
void mul_scaled(int n, float a, float *restrict w, float *restrict x, float *restrict z)
{
  for (int i = 0; i < n; i++)
    z[i] = w[i] * (a * x[i]);
}

// In place: y -= x.
// CHECK-LABEL: func.func @sub_ip(
// CHECK-SAME: %[[N:[a-z0-9_-]+]]: index, %[[X:[a-z0-9_-]+]]: memref<?xf32> {llvm.noalias}, %[[Y:[a-z0-9_-]+]]: memref<?xf32> {llvm.noalias}
// CHECK: %[[SX:[a-z0-9_-]+]] = memref.subview %[[X]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: %[[SY:[a-z0-9_-]+]] = memref.subview %[[Y]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: "kernel.launch"(%[[SY]], %[[SX]]) {callee = @sub_ip_f32, source_order_matches = true, template = "ew.sub_ip"}
// CHECK-NOT: linalg.generic
void sub_ip(int n, float *restrict x, float *restrict y)
{
  for (int i = 0; i < n; i++)
    y[i] -= x[i];
}

// In place: y *= x.
// CHECK-LABEL: func.func @mul_ip(
// CHECK-SAME: %[[N:[a-z0-9_-]+]]: index, %[[X:[a-z0-9_-]+]]: memref<?xf32> {llvm.noalias}, %[[Y:[a-z0-9_-]+]]: memref<?xf32> {llvm.noalias}
// CHECK: %[[SX:[a-z0-9_-]+]] = memref.subview %[[X]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: %[[SY:[a-z0-9_-]+]] = memref.subview %[[Y]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: "kernel.launch"(%[[SY]], %[[SX]]) {callee = @mul_ip_f32, source_order_matches = true, template = "ew.mul_ip"}
// CHECK-NOT: linalg.generic
void mul_ip(int n, float *restrict x, float *restrict y)
{
  for (int i = 0; i < n; i++)
    y[i] *= x[i];
}

// In place: y /= x.
// CHECK-LABEL: func.func @div_ip(
// CHECK-SAME: %[[N:[a-z0-9_-]+]]: index, %[[X:[a-z0-9_-]+]]: memref<?xf32> {llvm.noalias}, %[[Y:[a-z0-9_-]+]]: memref<?xf32> {llvm.noalias}
// CHECK: %[[SX:[a-z0-9_-]+]] = memref.subview %[[X]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: %[[SY:[a-z0-9_-]+]] = memref.subview %[[Y]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: "kernel.launch"(%[[SY]], %[[SX]]) {callee = @div_ip_f32, source_order_matches = true, template = "ew.div_ip"}
// CHECK-NOT: linalg.generic
void div_ip(int n, float *restrict x, float *restrict y)
{
  for (int i = 0; i < n; i++)
    y[i] /= x[i];
}

// In place: y += a.
// CHECK-LABEL: func.func @adds_ip(
// CHECK-SAME: %[[N:[a-z0-9_-]+]]: index, %[[A:[a-z0-9_-]+]]: f32, %[[Y:[a-z0-9_-]+]]: memref<?xf32> {llvm.noalias}
// CHECK: %[[SY:[a-z0-9_-]+]] = memref.subview %[[Y]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: "kernel.launch"(%[[SY]], %[[A]]) {callee = @adds_ip_f32, source_order_matches = true, template = "ew.adds_ip"}
// CHECK-NOT: linalg.generic
void adds_ip(int n, float a, float *restrict y)
{
  for (int i = 0; i < n; i++)
    y[i] += a;
}

// In place: y -= a.
// CHECK-LABEL: func.func @subs_ip(
// CHECK-SAME: %[[N:[a-z0-9_-]+]]: index, %[[A:[a-z0-9_-]+]]: f32, %[[Y:[a-z0-9_-]+]]: memref<?xf32> {llvm.noalias}
// CHECK: %[[SY:[a-z0-9_-]+]] = memref.subview %[[Y]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: "kernel.launch"(%[[SY]], %[[A]]) {callee = @subs_ip_f32, source_order_matches = true, template = "ew.subs_ip"}
// CHECK-NOT: linalg.generic
void subs_ip(int n, float a, float *restrict y)
{
  for (int i = 0; i < n; i++)
    y[i] -= a;
}

// In place: y /= a.
// CHECK-LABEL: func.func @divs_ip(
// CHECK-SAME: %[[N:[a-z0-9_-]+]]: index, %[[A:[a-z0-9_-]+]]: f32, %[[Y:[a-z0-9_-]+]]: memref<?xf32> {llvm.noalias}
// CHECK: %[[SY:[a-z0-9_-]+]] = memref.subview %[[Y]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: "kernel.launch"(%[[SY]], %[[A]]) {callee = @divs_ip_f32, source_order_matches = true, template = "ew.divs_ip"}
// CHECK-NOT: linalg.generic
void divs_ip(int n, float a, float *restrict y)
{
  for (int i = 0; i < n; i++)
    y[i] /= a;
}

// In place: y = -y.
// CHECK-LABEL: func.func @neg_ip(
// CHECK-SAME: %[[N:[a-z0-9_-]+]]: index, %[[Y:[a-z0-9_-]+]]: memref<?xf32> {llvm.noalias}
// CHECK: %[[SY:[a-z0-9_-]+]] = memref.subview %[[Y]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: "kernel.launch"(%[[SY]]) {callee = @neg_ip_f32, source_order_matches = true, template = "ew.neg_ip"}
// CHECK-NOT: linalg.generic
void neg_ip(int n, float *restrict y)
{
  for (int i = 0; i < n; i++)
    y[i] = -y[i];
}

// A ReLU in place: the branch that stores 0 where y < 0 becomes a select, 0 > y ? 0 : y,
// which is max(0, y).
// CHECK-LABEL: func.func @relu_ip(
// CHECK-SAME: %[[N:[a-z0-9_-]+]]: index, %[[Y:[a-z0-9_-]+]]: memref<?xf32> {llvm.noalias}
// CHECK: %[[SY:[a-z0-9_-]+]] = memref.subview %[[Y]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: %[[C:[a-z0-9_-]+]] = arith.constant 0.000000e+00 : f32
// CHECK: "kernel.launch"(%[[SY]], %[[C]]) {a = 0.000000e+00 : f32, callee = @maxs_ip_f32, source_order_matches = true, template = "ew.maxs_ip"}
// CHECK-NOT: linalg.generic
void relu_ip(int n, float *restrict y)
{
  for (int i = 0; i < n; i++)
    if (y[i] < 0.0f)
      y[i] = 0.0f;
}

// softmax's map: y = expf(y - a).
// CHECK-LABEL: func.func @expsub_ip(
// CHECK-SAME: %[[N:[a-z0-9_-]+]]: index, %[[A:[a-z0-9_-]+]]: f32, %[[Y:[a-z0-9_-]+]]: memref<?xf32> {llvm.noalias}
// CHECK: %[[SY:[a-z0-9_-]+]] = memref.subview %[[Y]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: "kernel.launch"(%[[SY]], %[[A]]) {callee = @expsub_ip_f32, source_order_matches = true, template = "ew.expsub_ip"}
// CHECK-NOT: linalg.generic
void expsub_ip(int n, float a, float *restrict y)
{
  for (int i = 0; i < n; i++)
    y[i] = expf(y[i] - a);
}

// Near misses. A wrong operand: the difference reads z, not x, so the op reads its output.
// CHECK-LABEL: func.func @lerp_wrong(
// CHECK-NOT: kernel.launch
// CHECK: linalg.generic
// REMARK: remark: no template matches linalg.generic; closest ew.lerp: the op reads its output, the template overwrites z[i]
void lerp_wrong(int n, float t, float *restrict x, float *restrict y, float *restrict z)
{
  for (int i = 0; i < n; i++)
    z[i] = x[i] + t * (y[i] - z[i]);
}

// The inner arms swapped: `x > hi ? x : hi` is max(x, hi), no clamp.
// CHECK-LABEL: func.func @clamp_swapped(
// CHECK-NOT: kernel.launch
// CHECK: linalg.generic
// REMARK: remark: no template matches linalg.generic; closest ew.clamp: payload has 1 'max', the template 0
void clamp_swapped(int n, float lo, float hi, float *restrict x, float *restrict z)
{
  for (int i = 0; i < n; i++)
    z[i] = x[i] < lo ? lo : (x[i] > hi ? x[i] : hi);
}

// Off by one in place: y[i] reads y[i + 1], which an earlier iteration has not written
// yet; the output would overlap an input, so the loop stays.
// CHECK-LABEL: func.func @sub_shifted_ip(
// CHECK-NOT: kernel.launch
// CHECK: affine.for
// RAISE: match-kernels-elementwise.c:[[@LINE+5]]:12: remark: not raised: loop-carried dependence: the statement reads elements it writes in other iterations
// REMARK: remark: no template matches the loop nest; closest ew.sub: no view of x starts at the template's origin
void sub_shifted_ip(int n, float *restrict x, float *restrict y)
{
  for (int i = 0; i < n; i++)
    y[i] = y[i + 1] - x[i];
}

// `>=` for `>`: on +0 against -0 it keeps the other zero than max does (a float `>=`
// is no template function).
// CHECK-LABEL: func.func @max_or_equal(
// CHECK-NOT: kernel.launch
// CHECK: linalg.generic
// REMARK: remark: no template matches linalg.generic; closest ew.clamp: payload has no lo, lo, hi, ... (the template has 3 scalars, the op 0)
void max_or_equal(int n, float *restrict x, float *restrict y, float *restrict z)
{
  for (int i = 0; i < n; i++)
    z[i] = x[i] >= y[i] ? x[i] : y[i];
}

// `-` for `+`.
// CHECK-LABEL: func.func @axmby(
// CHECK-NOT: kernel.launch
// CHECK: linalg.generic
// REMARK: remark: no template matches linalg.generic; closest ew.axpbyz: payload sums 1 term, the template 2: 1 missing
void axmby(int n, float a, float b, float *restrict x, float *restrict y, float *restrict z)
{
  for (int i = 0; i < n; i++)
    z[i] = a * x[i] - b * y[i];
}

// A float sum stored as a double: the payload is f64(x + y), which ew.add does not
// state (the sum it sees is the conversion, of one term).
// CHECK-LABEL: func.func @widened(
// CHECK-NOT: kernel.launch
// CHECK: linalg.generic
// REMARK: remark: no template matches linalg.generic; closest ew.add: payload sums 1 term, the template 2: 1 missing
void widened(int n, float *restrict x, float *restrict y, double *restrict z)
{
  for (int i = 0; i < n; i++)
    z[i] = x[i] + y[i];
}
