// RUN: polylift-cc %s --function=ops | FileCheck %s
// RUN: polylift-cc %s --function=library | FileCheck %s --check-prefix=LIBM
// RUN: not polylift-cc %s --function=unknown 2>&1 | FileCheck %s --check-prefix=UNKNOWN
#include <math.h>

// math.h functions become the math ops whose lowering is the C library's function (or
// an exact IEEE operation); arguments convert to the function's parameter type.
void ops(int n, const float *x, double *y, float *z)
{
  for (int i = 0; i < n; i++) {
    z[i] = tanhf(x[i]) + expf(-x[i]) + powf(x[i], 2.0f) + fabsf(x[i]);
    y[i] = sqrt(x[i]) + log(y[i]) + floor(y[i]);
  }
}
// CHECK-LABEL: func.func @ops(
// CHECK: %[[X:.*]] = affine.load %{{.*}}[%{{.*}}] : memref<?xf32>
// CHECK-NEXT: %[[T:.*]] = math.tanh %[[X]] : f32
// CHECK: %[[NEG:.*]] = arith.negf %{{.*}} : f32
// CHECK-NEXT: %[[E:.*]] = math.exp %[[NEG]] : f32
// CHECK: math.powf %{{.*}}, %{{.*}} : f32
// CHECK: math.absf %{{.*}} : f32
// CHECK: %[[W:.*]] = arith.extf %{{.*}} : f32 to f64
// CHECK-NEXT: math.sqrt %[[W]] : f64
// CHECK: math.log %{{.*}} : f64
// CHECK: math.floor %{{.*}} : f64

// MLIR lowers expm1 as exp(x) - 1, and fmin/fmax treat a signalling NaN otherwise than
// the C library: they are called as they are.
void library(int n, float *x, double *y)
{
  for (int i = 0; i < n; i++) {
    x[i] = fminf(x[i], 1.0f) + expm1f(x[i]);
    y[i] = fmax(y[i], 0.0);
  }
}
// LIBM-LABEL: func.func @library(
// LIBM: func.call @fminf(%{{.*}}, %{{.*}}) : (f32, f32) -> f32
// LIBM: func.call @expm1f(%{{.*}}) : (f32) -> f32
// LIBM: func.call @fmax(%{{.*}}, %{{.*}}) : (f64, f64) -> f64
// LIBM-DAG: func.func private @expm1f(f32) -> f32
// LIBM-DAG: func.func private @fmax(f64, f64) -> f64
// LIBM-DAG: func.func private @fminf(f32, f32) -> f32

void unknown(int n, float *x)
{
  x[0] = frexpf(x[0], &n);
}
// UNKNOWN: math.c:[[@LINE-2]]:10: error: unsupported call to 'frexpf', which is declared nowhere
