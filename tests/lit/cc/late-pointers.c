// A local pointer declared without a value and assigned once, by a statement of its
// block, before anything reads it, is the pointer its assignment gives (the DSP style);
// one assigned twice, under a test, or read before its assignment is still refused.
// RUN: polylift-cc %s 2>%t.notes | FileCheck %s
// RUN: FileCheck %s --check-prefix=NOTE < %t.notes

void gemm_flat(int X, int Y, int Z, const float *restrict A, const float *restrict B,
               float *restrict C)
{
  const float *p_a, *p_b;
  float *p_c;
  int k, i, f;
  p_a = &A[0];
  p_b = &B[0];
  p_c = &C[0];
  for (k = 0; k < Y; k++)
    for (i = 0; i < X; i++)
      for (f = 0; f < Z; f++)
        p_c[k * X + i] += p_a[k * Z + f] * p_b[i * Z + f];
}
// CHECK-LABEL: func.func @gemm_flat(
// CHECK: affine.for
// CHECK: affine.for
// CHECK: affine.for

void offset_view(int n, const float *restrict x, float *restrict y)
{
  const float *p;
  p = x + 1;
  for (int i = 0; i < n; i++)
    y[i] = p[i];
}
// CHECK-LABEL: func.func @offset_view(
// CHECK: affine.load %{{.*}}[%{{.*}} + 1]

void twice_assigned(int n, const float *restrict x, float *restrict y)
{
  const float *p;
  p = x;
  p = x + 1;
  for (int i = 0; i < n; i++)
    y[i] = p[i];
}
// NOTE: note: skipped function 'twice_assigned': {{.*}}late-pointers.c:[[@LINE-6]]:15: error: unsupported local pointer without an initializer

void assigned_under_a_test(int n, int c, const float *restrict x, float *restrict y)
{
  const float *p;
  if (c)
    p = x;
  else
    p = x + 1;
  for (int i = 0; i < n; i++)
    y[i] = p[i];
}
// NOTE: note: skipped function 'assigned_under_a_test': {{.*}}late-pointers.c:[[@LINE-8]]:15: error: unsupported local pointer without an initializer
