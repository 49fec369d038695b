// RUN: polylift-cc %s | polylift-opt --raise-affine-to-linalg --match-kernels | FileCheck %s
// RUN: polylift-cc %s | polylift-opt --raise-affine-to-linalg --match-kernels --remarks=applied 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// RUN: polylift-cc %s | polylift-opt --raise-affine-to-linalg --match-kernels --expressions=false | FileCheck %s --check-prefix=LISTED
// RUN: polylift-cc %s | polylift-opt --raise-affine-to-linalg --match-kernels --lower-kernel-launch-to-host | FileCheck %s --check-prefix=HOST
// Expression templates: a map no listed template states is a launch of its own template,
// whose text the launch carries (attribute `expression`), in the source's order of
// operations; a listed template still wins where one matches. With
// --expressions=false those maps stay generics.

#include <math.h>

// The blend in double (C computes `1.0 - alpha` in double, rounds once to float).
// CHECK-LABEL: func.func @lerp_double(
// CHECK-SAME: %{{[a-z0-9_-]+}}: index, %[[A:[a-z0-9_-]+]]: f32, %[[X:[a-z0-9_-]+]]: memref<?xf32> {llvm.noalias}, %[[Y:[a-z0-9_-]+]]: memref<?xf32> {llvm.noalias}, %[[Z:[a-z0-9_-]+]]: memref<?xf32> {llvm.noalias}
// CHECK: %[[SX:[a-z0-9_-]+]] = memref.subview %[[X]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: %[[SY:[a-z0-9_-]+]] = memref.subview %[[Y]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: %[[SZ:[a-z0-9_-]+]] = memref.subview %[[Z]][0] [%{{[a-z0-9_]+}}] [1]
// CHECK: "kernel.launch"(%[[SZ]], %[[SX]], %[[SY]], %[[A]]) {callee = @expr_map_[[LERP:[0-9a-f]+]]_f32, expression = "template expr.map_[[LERP]] {{.*}}compute {\0A    z[i] = f32((f64((s0 * x0[i])) + ((1.0 - f64(s0)) * f64(x1[i]))))\0A  }{{.*}}", source_order_matches = true, template = "expr.map_[[LERP]]"}
// REMARK: remark: matched expr.map_{{[0-9a-f]+}} `z[i] = f32((f64((s0 * x0[i])) + ((1.0 - f64(s0)) * f64(x1[i]))))` (1 op) -> @expr_map_{{[0-9a-f]+}}_f32
// LISTED-LABEL: func.func @lerp_double(
// LISTED-NOT: kernel.launch
// LISTED: linalg.generic
void lerp_double(int n, float alpha, float *restrict x, float *restrict y, float *restrict out)
{
  for (int i = 0; i < n; i++)
    out[i] = alpha * x[i] + (1.0 - alpha) * y[i];
}

// A listed template states it (in place, in float): it wins.
// CHECK-LABEL: func.func @inc_double(
// CHECK: template = "ew.adds"
// REMARK: remark: matched ew.adds in place
void inc_double(int n, float *restrict arr)
{
  for (int i = 0; i < n; i++)
    arr[i] += 1.0;
}

// CHECK-LABEL: func.func @silu(
// CHECK: compute {\0A    z[i] = (x0[i] * (1.0 / (1.0 + exp((-x0[i])))))\0A  }
// REMARK: remark: matched expr.map_{{[0-9a-f]+}} `z[i] = (x0[i] * (1.0 / (1.0 + exp((-x0[i])))))`
void silu(int n, float *restrict in, float *restrict out)
{
  for (int i = 0; i < n; i++)
    out[i] = in[i] * (1.0f / (1.0f + expf(-in[i])));
}

// CHECK-LABEL: func.func @exp_shift(
// CHECK: compute {\0A    z[i] = exp((x0[i] - s0))\0A  }
void exp_shift(int n, float m, float *restrict in, float *restrict out)
{
  for (int i = 0; i < n; i++)
    out[i] = expf(in[i] - m);
}

// A listed in-place max with a scalar takes the clamp from below.
// CHECK-LABEL: func.func @clamp_neg(
// CHECK: template = "ew.maxs_ip"
void clamp_neg(int n, float *restrict x)
{
  for (int i = 0; i < n; i++)
    x[i] = x[i] < -0.5f ? -0.5f : x[i];
}

// A matrix map reading a row vector along the columns; the constant is a double.
// CHECK-LABEL: func.func private @row_scale.delinearized(
// CHECK: array z[m, n] out\0A  array x0[m, n] in\0A  array x1[n] in\0A  compute {\0A    z[i, j] = ((x0[i, j] * x1[j]) + 0.25)\0A  }
void row_scale(int m, int n, double *restrict a, double *restrict s, double *restrict b)
{
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      b[i * n + j] = a[i * n + j] * s[j] + 0.25;
}

// 8-bit pixels: a listed blend states the branch.
// CHECK-LABEL: func.func @darken_if(
// CHECK: template = "blend.darken"
void darken_if(int n, unsigned char *restrict base, unsigned char *restrict active, unsigned char *restrict out)
{
  for (int k = 0; k < n; k++) {
    unsigned char px;
    if (base[k] > active[k])
      px = active[k];
    else
      px = base[k];
    out[k] = px;
  }
}

// 8-bit pixels against an int: computed in int (C's promotions), stored truncated.
// CHECK-LABEL: func.func @threshold(
// CHECK: callee = @expr_map_{{[0-9a-f]+}}_u8, expression = "{{.*}}types u8\0A  accumulate i32\0A  array z[n] out\0A  array x0[n] in\0A  scalar s0 : i32\0A  compute {\0A    z[i] = ((x0[i] > s0) ? 255 : 0)\0A  }
void threshold(int n, int t, unsigned char *restrict in, unsigned char *restrict out)
{
  for (int k = 0; k < n; k++)
    out[k] = in[k] > t ? 255 : 0;
}

// CHECK-LABEL: func.func @add(
// CHECK: template = "ew.add"
void add(int n, float *restrict x, float *restrict y, float *restrict z)
{
  for (int i = 0; i < n; i++)
    z[i] = x[i] + y[i];
}

// A reduction is no map: a listed reduction takes it.
// CHECK-LABEL: func.func @sum(
// CHECK: template = "red.sumsq"
void sum(int n, float *restrict x, float *restrict r)
{
  float s = 0.0f;
  for (int i = 0; i < n; i++)
    s += x[i] * x[i];
  r[0] = s;
}

// A fold: a guarded sum, from the value stored before the loop, in order.
// CHECK-LABEL: func.func @sum_positive(
// CHECK: callee = @expr_fold_{{[0-9a-f]+}}_f32, expression = "{{.*}}array r[] out\0A  array x0[n] in\0A  compute {\0A    r[] = 0.0\0A    r[] = ((x0[i] > 0.0) ? (r[] + x0[i]) : r[])\0A  }{{.*}}backends ref\0A
// REMARK: remark: matched expr.fold_{{[0-9a-f]+}} `r[] = 0.0; r[] = ((x0[i] > 0.0) ? (r[] + x0[i]) : r[])` (2 ops)
void sum_positive(int n, float *restrict x, float *restrict r)
{
  float s = 0.0f;
  for (int i = 0; i < n; i++)
    if (x[i] > 0.0f)
      s += x[i];
  r[0] = s;
}

// A fold into an output as it is (no store before the loop).
// CHECK-LABEL: func.func @sad_acc(
// CHECK: expression = "{{.*}}array r[] inout\0A  array x0[n] in\0A  array x1[n] in\0A  compute {\0A    r[] = (r[] + abs((x0[i] - x1[i])))\0A  }
void sad_acc(int n, double *restrict a, double *restrict b, double *restrict r)
{
  for (int i = 0; i < n; i++)
    r[0] += fabs(a[i] - b[i]);
}

// A count of floats into an int is a fold of two element types: not stated.
// CHECK-LABEL: func.func @count_negative(
// CHECK-NOT: kernel.launch
// CHECK: linalg.generic
void count_negative(int n, float *restrict x, int *restrict c)
{
  int k = 0;
  for (int i = 0; i < n; i++)
    if (x[i] < 0.0f)
      k++;
  c[0] = k;
}

// A fold per column of a matrix (the reduced index outer): one running value per
// column, each in the source's order; the listed fill takes the store before it.
// CHECK-LABEL: func.func private @col_max.delinearized(
// CHECK: template = "blas.fill"
// CHECK: expression = "{{.*}}array r[n] inout\0A  array x0[m, n] in\0A  compute {\0A    r[j] = max(x0[i, j], r[j])\0A  }{{.*}}backends ref, host\0A
// Its host shim runs the rows outer, each row's update of every column one loop.
// HOST-DAG: for (int64_t i = 0; i < m; i++)\0A      fold_row_f32(n, r, x0 + i * ldx0);
void col_max(int m, int n, float *restrict x, float *restrict r)
{
  for (int j = 0; j < n; j++)
    r[j] = -1.0f;
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      r[j] = x[i * n + j] > r[j] ? x[i * n + j] : r[j];
}

// A transposed read: the template reads x0[j, i] of an n x m array.
// CHECK-LABEL: func.func @transpose_map(
// CHECK: expression = "{{.*}}array z[m, n] out\0A  array x0[n, m] in\0A  compute {\0A    z[i, j] = ((x0[j, i] * 2.0) + 1.0)\0A  }
void transpose_map(int m, int n, double a[restrict n][m], double b[restrict m][n])
{
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      b[i][j] = a[j][i] * 2.0 + 1.0;
}

// A filter's window: a fold per row reading x at i + j (an extent of its own, p0), the
// store before the loop part of the fold (one launch, no separate fill); its host shim
// runs eight rows at a time.
// CHECK-LABEL: func.func @fir(
// CHECK-NOT: template = "blas.fill"
// CHECK: expression = "{{.*}}array r[m] out\0A  array x0[p0] in\0A  array x1[n] in\0A  compute {\0A    r[i] = 0.0\0A    r[i] = (r[i] + (x0[i + j] * x1[j]))\0A  }{{.*}}shim m, n, p0, x0, x1, r\0A  backends ref, host\0A
// HOST-DAG: for (; i0 + 8 <= m; i0 += 8)\0A    fold_rows_f32(m, n, p0, x0, incx0, x1, incx1, r, incr, i0);
void fir(int m, int n, const float *restrict x, const float *restrict h, float *restrict y)
{
  for (int i = 0; i < m; i++) {
    float acc = 0.0f;
    for (int j = 0; j < n; j++)
      acc += x[i + j] * h[j];
    y[i] = acc;
  }
}

// The tail of a norm after its sum: no loop, the one value computed from itself and a
// scalar (the count, converted once ahead of the op): a map of rank 0, whose shim is
// its `ref` (no row to vectorise).
// CHECK-LABEL: func.func @rms_tail(
// CHECK: template = "red.sumsq"
// CHECK: expression = "{{.*}}array z[] inout\0A  scalar s0\0A  compute {\0A    z[] = sqrt((z[] / s0))\0A  }{{.*}}shim s0, z\0A  backends ref\0A
void rms_tail(int n, const float *restrict x, float *restrict out)
{
  float s = 0.0f;
  for (int i = 0; i < n; i++)
    s += x[i] * x[i];
  out[0] = sqrtf(s / (float)n);
}

// Near miss: the count's start is one value stored from a number alone (a call would
// only slow the store down), before a fold no template states (a count of floats into
// an int): no launch; both stay generics.
// CHECK-LABEL: func.func @sign_changes(
// CHECK-NOT: kernel.launch
// CHECK: linalg.generic {indexing_maps = [#{{[a-z0-9]+}}], iterator_types = []}
// CHECK-NOT: kernel.launch
// CHECK: return
void sign_changes(int n, const float *restrict x, int *restrict count)
{
  int c = 0;
  for (int i = 0; i < n - 1; i++)
    if (x[i] * x[i + 1] < 0.0f)
      c++;
  *count = c;
}

// A `continue` skips the zeros of each row: a fold per row whose test is an equality
// (the step keeps the running value where it holds).
// CHECK-LABEL: func.func private @skip_zero_rows.delinearized(
// CHECK: expression = "{{.*}}compute {\0A    r[i] = 0.0\0A    r[i] = ((x0[i, j] == 0.0) ? r[i] : (r[i] + (x0[i, j] * x0[i, j])))\0A  }
void skip_zero_rows(int m, int n, const float *restrict a, float *restrict s)
{
  for (int i = 0; i < m; i++) {
    float t = 0.0f;
    for (int j = 0; j < n; j++) {
      if (a[i * n + j] == 0.0f)
        continue;
      t += a[i * n + j] * a[i * n + j];
    }
    s[i] = t;
  }
}
