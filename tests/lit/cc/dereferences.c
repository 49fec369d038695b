// A dereference of a pointer or array name is the subscript C defines it as: `*p` is
// `p[0]` and `*(p + e)` (or `*(e + p)`) is `p[e]`, in a function's body and in a helper
// inlined into it. A dereference of anything else is refused at the construct.
// RUN: polylift-cc %s -o %t.mlir 2>%t.notes
// RUN: FileCheck %s < %t.mlir
// RUN: FileCheck %s --check-prefix=NOTE < %t.notes
// RUN: polylift-opt %t.mlir --raise-affine-to-linalg --match-kernels --remarks=applied 2>&1 >/dev/null | FileCheck %s --check-prefix=LIFT

// A sum stored through the result pointer.
void total(int n, const float *restrict x, float *restrict result)
{
  float s = 0.0f;
  for (int i = 0; i < n; i++)
    s += x[i];
  *result = s;
}
// CHECK-LABEL: func.func @total(
// CHECK: affine.for
// CHECK: affine.store %{{.*}}, %{{.*}}[0]
// LIFT: dereferences.c:[[@LINE-5]]:{{[0-9]+}}: remark: matched red.sum (2 ops)

// Pointer arithmetic on both sides, either way round.
void scale(int n, float a, float *restrict y)
{
  for (int i = 0; i < n; i++)
    *(y + i) = a * *(i + y);
}
// CHECK-LABEL: func.func @scale(
// CHECK: affine.for %[[I:[a-z0-9]+]] {{.*}}= 0 to
// CHECK-NEXT: affine.load %{{.*}}[%[[I]]]
// CHECK: affine.store %{{.*}}, %{{.*}}[%[[I]]]
// LIFT: dereferences.c:[[@LINE-6]]:{{[0-9]+}}: remark: matched blas.scal

// Through a helper that stores its result through a pointer parameter.
static inline void put(float *dst, float v) { *dst = v; }
void sumsq(int n, const float *restrict x, float *restrict out)
{
  float s = 0.0f;
  for (int i = 0; i < n; i++)
    s += x[i] * x[i];
  put(out, s);
}
// CHECK-LABEL: func.func @sumsq(
// CHECK: affine.store %{{.*}}, %{{.*}}[0]
// LIFT: dereferences.c:[[@LINE-10]]:{{[0-9]+}}: remark: matched red.sumsq

// A difference is not read as a negative subscript (for an unsigned offset it is
// another number): refused.
void back(int n, float *y)
{
  for (int i = 1; i < n; i++)
    *(y - 1) = y[i];
}
// NOTE: dereferences.c:[[@LINE-2]]:7: error: unsupported pointer dereference
// CHECK-NOT: func.func @back(
