// A static inline helper that a kernel calls where C evaluates it only on one side of a
// test (an arm of `?:`) stays a call, and the helper itself is translated too: the
// module defines it once and declares nothing more of it (it was declared as well, and
// the whole file failed with "redefinition of symbol").
// RUN: polylift-cc %s | FileCheck %s

static inline float smaller(float a, float b) { return a < b ? a : b; }

void clamp(int n, float lo, float hi, float *restrict z)
{
  for (int i = 0; i < n; i++)
    z[i] = z[i] < lo ? lo : smaller(hi, z[i]);
}
// CHECK-LABEL: func.func @smaller(
// CHECK-LABEL: func.func @clamp(
// CHECK: call @smaller(%{{.*}}, %{{.*}}) {polylift.opaque_call}
// CHECK-NOT: func.func private @smaller
