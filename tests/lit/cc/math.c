// RUN: polylift-cc %s --function=ops | FileCheck %s
// RUN: polylift-cc %s --function=library | FileCheck %s --check-prefix=LIBM
// RUN: not polylift-cc %s --function=unknown 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: polylift-cc %s --function=constants | FileCheck %s --check-prefix=CONST
// RUN: not polylift-cc %s --function=payload 2>&1 | FileCheck %s --check-prefix=PAYLOAD
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

// math.h's constants: NAN is a float quiet NaN with sign and payload clear, INFINITY and
// HUGE_VALF float infinity, HUGE_VAL double infinity; `-NAN` sets the sign.
void constants(int n, float *x, double *y)
{
  x[0] = NAN;
  x[1] = -NAN;
  x[2] = INFINITY;
  x[3] = -HUGE_VALF;
  y[0] = HUGE_VAL;
}
// CONST-LABEL: func.func @constants(
// CONST-SAME: %[[N:[a-z0-9_]+]]: index{{.*}}, %[[X:[a-z0-9_]+]]: memref<?xf32>{{.*}}, %[[Y:[a-z0-9_]+]]: memref<?xf64>
// CONST: %[[NAN:[a-z0-9_]+]] = arith.constant 0x7FC00000 : f32
// CONST-NEXT: affine.store %[[NAN]], %[[X]][0] : memref<?xf32>
// CONST: %[[NEG:[a-z0-9_]+]] = arith.constant 0xFFC00000 : f32
// CONST-NEXT: affine.store %[[NEG]], %[[X]][1] : memref<?xf32>
// CONST: %[[INF:[a-z0-9_]+]] = arith.constant 0x7F800000 : f32
// CONST-NEXT: affine.store %[[INF]], %[[X]][2] : memref<?xf32>
// CONST: %[[NINF:[a-z0-9_]+]] = arith.constant 0xFF800000 : f32
// CONST-NEXT: affine.store %[[NINF]], %[[X]][3] : memref<?xf32>
// CONST: %[[HUGE:[a-z0-9_]+]] = arith.constant 0x7FF0000000000000 : f64
// CONST-NEXT: affine.store %[[HUGE]], %[[Y]][0] : memref<?xf64>

// A NaN with a payload of its own: its bits are the C library's to choose.
void payload(float *x)
{
  x[0] = __builtin_nanf("1");
}
// PAYLOAD: math.c:[[# @LINE - 2]]:10: error: unsupported call to '__builtin_nanf' with these arguments
