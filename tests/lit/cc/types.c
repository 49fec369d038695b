// RUN: polylift-cc %s --function=kernel_int8 | FileCheck %s --check-prefix=I8
// RUN: polylift-cc %s --function=kernel_unsigned | FileCheck %s --check-prefix=U
// RUN: polylift-cc %s --function=kernel_float | FileCheck %s --check-prefix=F
#include <stdint.h>

void kernel_int8(int n, int8_t a[n], int8_t b[n], int16_t c[n])
{
  for (int i = 0; i < n; i++)
    c[i] = a[i] * b[i] / 3 % 7 >> 1;
}
// int8 arithmetic happens in int and is truncated on the store.
// I8-LABEL: func.func @kernel_int8
// I8: %[[A:.*]] = affine.load %arg1[%{{.*}}] : memref<?xi8>
// I8-NEXT: %[[B:.*]] = affine.load %arg2[%{{.*}}] : memref<?xi8>
// I8-NEXT: %[[AX:.*]] = arith.extsi %[[A]] : i8 to i32
// I8-NEXT: %[[BX:.*]] = arith.extsi %[[B]] : i8 to i32
// I8-NEXT: %[[M:.*]] = arith.muli %[[AX]], %[[BX]] : i32
// I8-NEXT: %c3_i32 = arith.constant 3 : i32
// I8-NEXT: %[[D:.*]] = arith.divsi %[[M]], %c3_i32 : i32
// I8-NEXT: %c7_i32 = arith.constant 7 : i32
// I8-NEXT: %[[R:.*]] = arith.remsi %[[D]], %c7_i32 : i32
// I8-NEXT: %c1_i32 = arith.constant 1 : i32
// I8-NEXT: %[[S:.*]] = arith.shrsi %[[R]], %c1_i32 : i32
// I8-NEXT: %[[T:.*]] = arith.trunci %[[S]] : i32 to i16
// I8-NEXT: affine.store %[[T]], %arg3[%{{.*}}] : memref<?xi16>

void kernel_unsigned(int n, uint8_t u[n], unsigned int w[n], float f[n])
{
  for (int i = 0; i < n; i++) {
    w[i] = w[i] / 5u >> 2;
    f[i] = u[i];
  }
}
// U-LABEL: func.func @kernel_unsigned
// U: arith.divui %{{.*}}, %{{.*}} : i32
// U: arith.shrui %{{.*}}, %{{.*}} : i32
// U: %[[U8:.*]] = affine.load %arg1[%{{.*}}] : memref<?xi8>
// U-NEXT: arith.uitofp %[[U8]] : i8 to f32

void kernel_float(int n, float x[n], double y[n], int k[n])
{
  for (int i = 0; i < n; i++) {
    x[i] = x[i] * 2.5f + 1.0;
    y[i] = (float)k[i] + i;
  }
}
// A float op with a double literal is done in double; `i` is cast from the counter.
// F-LABEL: func.func @kernel_float
// F: %[[X:.*]] = affine.load %arg1[%[[I:arg[0-9]+]]] : memref<?xf32>
// F-NEXT: %[[C:.*]] = arith.constant 2.500000e+00 : f32
// F-NEXT: %[[P:.*]] = arith.mulf %[[X]], %[[C]] : f32
// F-NEXT: %[[ONE:.*]] = arith.constant 1.000000e+00 : f64
// F-NEXT: %[[W:.*]] = arith.extf %[[P]] : f32 to f64
// F-NEXT: %[[S:.*]] = arith.addf %[[W]], %[[ONE]] : f64
// F-NEXT: %[[N:.*]] = arith.truncf %[[S]] : f64 to f32
// F-NEXT: affine.store %[[N]], %arg1[%[[I]]] : memref<?xf32>
// F: %[[K:.*]] = affine.load %arg3[%[[I]]] : memref<?xi32>
// F-NEXT: %[[KF:.*]] = arith.sitofp %[[K]] : i32 to f32
// F-NEXT: %[[IC:.*]] = arith.index_cast %[[I]] : index to i32
// F-NEXT: %[[IF:.*]] = arith.sitofp %[[IC]] : i32 to f32
// F-NEXT: arith.addf %[[KF]], %[[IF]] : f32
// F-NOT: fastmath
