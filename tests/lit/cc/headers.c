// RUN: polylift-cc %s | FileCheck %s
// RUN: polylift-cc %s 2>&1 >/dev/null | FileCheck %s --check-prefix=NOTE

// A file including stdarg.h and using va_arg parses (the fake libc's va_arg drops the
// type); FLT_MAX is float.h's; assert aborts as C's does; (void)x discards a value.
#include <assert.h>
#include <float.h>
#include <stdarg.h>

static int sum_ints(int n, ...)
{
  va_list ap;
  int s = 0;
  va_start(ap, n);
  for (int i = 0; i < n; i++)
    s += va_arg(ap, int);
  va_end(ap);
  return s;
}
// NOTE: note: skipped function 'sum_ints': {{.*}}headers.c:10:28: error: unsupported variadic function

void largest(int n, const float *restrict x, float *restrict out)
{
  float best = -FLT_MAX;
  assert(n > 0);
  for (int i = 0; i < n; i++)
    best = x[i] > best ? x[i] : best;
  (void)n;
  out[0] = best;
}
// CHECK-LABEL: func.func @largest(
// CHECK-SAME: %[[N:[a-z0-9]+]]: index
// CHECK: %[[LOW:.*]] = arith.constant -3.40282347E+38 : f32
// CHECK: %[[POS:.*]] = arith.cmpi sgt, %{{.*}}, %{{.*}} : i32
// CHECK-NEXT: cf.assert %[[POS]], "assertion failed at {{.*}}headers.c:25"
// CHECK: affine.for %{{.*}} = 0 to %[[N]] iter_args(%{{.*}} = %[[LOW]]) -> (f32) {

// A test whose value is a constant keeps only the arm it takes (here: after inlining,
// the literal argument decides it).
static void maybe_scale(int flag, int n, float *x)
{
  if (!flag && n > 0)
    for (int i = 0; i < n; i++)
      x[i] = 0.0f;
  else
    for (int i = 0; i < n; i++)
      x[i] *= 2.0f;
}

void scaled(int n, float *x)
{
  maybe_scale(1, n, x);
}
// CHECK-LABEL: func.func @scaled(
// CHECK-NOT: scf.if
// CHECK: affine.for
// CHECK: arith.mulf
// CHECK-NOT: affine.for
// CHECK: return
