// A system header the front end does not model costs only the functions that use what
// it declares (a type, a function, a macro), each skipped with its own reason naming
// the headers; the rest of the file translates, also where a project header uses their
// types. A missing project header ("...") is still an error.
// RUN: polylift-cc %s -I %S/Inputs 2>%t.notes | FileCheck %s
// RUN: FileCheck %s --check-prefix=NOTE < %t.notes
// RUN: printf '#include <no/such/header.h>\n#include "no_such_project.h"\nvoid f(void) {}\n' > %t.c
// RUN: not polylift-cc %t.c 2>&1 | FileCheck %s --check-prefix=PROJECT

#include <xmmintrin.h>
#include <sys/platform_only.h>
#include "vector_ops.h"

void add4(float *a, const float *b)
{
  __m128 x = _mm_loadu_ps(a), y = _mm_loadu_ps(b);
  _mm_storeu_ps(a, _mm_add_ps(x, y));
}
// NOTE: note: skipped function 'add4': {{.*}}unmodelled-headers.c:[[@LINE-3]]:10: error: unsupported type '__m128' (the file includes <xmmintrin.h>, <sys/platform_only.h>, <arm_neon.h>, which polylift does not model)

int shuffle_mask(void)
{
  return _MM_SHUFFLE(3, 2, 1, 0);
}
// NOTE: note: skipped function 'shuffle_mask': {{.*}}unmodelled-headers.c:[[@LINE-2]]:10: error: unsupported call to '_MM_SHUFFLE', which is declared nowhere (the file includes

void scale(int n, float s, float *x)
{
  for (int i = 0; i < n; i++)
    x[i] = s * x[i];
}
// CHECK: func.func @scale(
// CHECK: affine.for
// CHECK-NOT: func.func @add4
// CHECK-NOT: func.func @shuffle_mask

// PROJECT: error: preprocessing failed: no_such_project.h: No such file or directory
