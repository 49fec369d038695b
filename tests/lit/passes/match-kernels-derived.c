// Forms derived from the templates where none matches as written. In place
// (`binding/in_place.py`): an input of a map bound to the output itself, read only at
// the element it writes; a listed in-place template wins, and a read at another
// element, or a template that a library call implements, keeps the op. A factor of 1
// (`Matcher.unit_factor`): a scalar that multiplies inside a larger expression, absent
// from the op, is passed as 1. In float (`binding/narrowing.py`): one operation of a
// float and a double constant that a float holds, which C computes in double, is the
// float operation.
// RUN: polylift-cc %s -o %t.mlir
// RUN: polylift-opt %t.mlir --raise-affine-to-linalg --match-kernels --expressions=false --remarks=applied 2>&1 >/dev/null | FileCheck %s
// RUN: polylift-opt %t.mlir --raise-affine-to-linalg --match-kernels --expressions=false --remarks=all 2>&1 >/dev/null | FileCheck %s --check-prefix=SUMMARY

// ew.cube (z = (x * x) * x), x the output.
void cube(int n, float *arr)
{
  for (int i = 0; i < n; i++)
    arr[i] = arr[i] * arr[i] * arr[i];
}
// CHECK: match-kernels-derived.c:[[@LINE-2]]:5: remark: matched ew.cube in place (1 op) -> @cube_f32

// ew.lerp (z = x + t * (y - x)), y the output: a template of two inputs.
void toward(int n, float t, const float *restrict x, float *restrict y)
{
  for (int i = 0; i < n; i++)
    y[i] = x[i] + t * (y[i] - x[i]);
}
// CHECK: match-kernels-derived.c:[[@LINE-2]]:5: remark: matched ew.lerp in place (1 op) -> @lerp_f32

// A listed in-place template is more specific: ew.adds_ip, not ew.adds derived.
void shift(int n, float a, float *x)
{
  for (int i = 0; i < n; i++)
    x[i] = x[i] + a;
}
// CHECK: match-kernels-derived.c:[[@LINE-2]]:5: remark: matched ew.adds_ip (1 op) -> @adds_ip_f32

// Near miss: the output is read at the next element (a recurrence, not a map).
void smear(int n, float *x)
{
  for (int i = 0; i < n - 1; i++)
    x[i] = x[i + 1] * x[i + 1] * x[i + 1];
}
// SUMMARY: remark: match-kernels: @smear: coverage NONE

// Near miss: ew.sub (z = x - y) lists cublas among its backends, and a library call
// may assume its input and output apart: no derived form.
void subtract_from(int n, const float *restrict x, float *restrict y)
{
  for (int i = 0; i < n; i++)
    y[i] = x[i] - y[i];
}
// SUMMARY: remark: match-kernels: @subtract_from: coverage NONE

// ew.axpbyz (z = a * x + b * y) with b = 1: an axpy into a third array.
void axpy_into(int n, float m, const float *restrict a, const float *restrict b,
               float *restrict c)
{
  for (int i = 0; i < n; i++)
    c[i] = m * a[i] + b[i];
}
// CHECK: match-kernels-derived.c:[[@LINE-2]]:5: remark: matched ew.axpbyz with b = 1 (1 op) -> @axpbyz_f32

// stencil.conv3x3 with its centre coefficient 1.
void blur(int m, int n, float c, const float A[m][n], float B[m][n])
{
  for (int i = 1; i < m - 1; i++)
    for (int j = 1; j < n - 1; j++)
      B[i][j] = c * A[i-1][j-1] + c * A[i-1][j] + c * A[i-1][j+1]
              + c * A[i][j-1] + A[i][j] + c * A[i][j+1]
              + c * A[i+1][j-1] + c * A[i+1][j] + c * A[i+1][j+1];
}
// CHECK: match-kernels-derived.c:[[@LINE-4]]:7: remark: matched stencil.conv3x3 with c22 = 1 (1 op) -> @conv3x3_f32

// Near miss: a factor of 2 is no factor of 1 (ew.axpbyz takes b = 2 from the op as a
// constant, which is the template as written), but a sum of three terms is none of
// two with a factor dropped.
void three_terms(int n, const float *restrict a, const float *restrict b,
                 const float *restrict d, float *restrict c)
{
  for (int i = 0; i < n; i++)
    c[i] = a[i] + b[i] + d[i];
}
// SUMMARY: remark: match-kernels: @three_terms: coverage NONE

// In float: C computes x[i] + 1.0 in double; it is ew.adds (in place) in float.
void increment(int n, float *x)
{
  for (int i = 0; i < n; i++)
    x[i] += 1.0;
}
// CHECK: match-kernels-derived.c:[[@LINE-2]]:5: remark: matched ew.adds in place in float (C computes it in double) (1 op) -> @adds_f32

// In float: 1.0 / x[i] is ew.recip.
void invert(int n, const float *restrict x, float *restrict y)
{
  for (int i = 0; i < n; i++)
    y[i] = 1.0 / x[i];
}
// CHECK: match-kernels-derived.c:[[@LINE-2]]:5: remark: matched ew.recip in float (C computes it in double) (1 op) -> @rdivs_f32

// Near miss: 0.1 is no float; .1 * x[i] rounds otherwise than any float product.
void tenth(int n, const float *restrict x, float *restrict y)
{
  for (int i = 0; i < n; i++)
    y[i] = .1 * x[i];
}
// SUMMARY: remark: match-kernels: @tenth: coverage NONE

// Near miss: two floats added in double: where both are NaNs, one signaling, aarch64's
// float addition keeps another payload than the double one.
void sum_in_double(int n, const float *restrict a, const float *restrict b,
                   float *restrict c)
{
  for (int i = 0; i < n; i++)
    c[i] = (double)a[i] + b[i];
}
// SUMMARY: remark: match-kernels: @sum_in_double: coverage NONE
