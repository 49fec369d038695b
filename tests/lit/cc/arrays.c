// RUN: polylift-cc %s --function=kernel_flat | FileCheck %s --check-prefix=FLAT
// RUN: polylift-cc %s --function=kernel_local | FileCheck %s --check-prefix=LOCAL
// RUN: polylift-cc %s --function=kernel_math | FileCheck %s --check-prefix=MATH
#include <math.h>

void kernel_flat(int m, int k, int lda, float *A, float *B)
{
  for (int i = 0; i < m; ++i)
    for (int p = 0; p < k; ++p)
      B[i * 4 + p] = A[i * lda + p];
}
// A constant stride stays affine; a stride that is a parameter is computed with arith
// in the flat version (delinearize.c tests the delinearised one and the dispatcher).
// FLAT-LABEL: func.func @kernel_flat(%arg0: index {{.*}}, %arg1: index {{.*}}, %arg2: index {{.*}}, %arg3: memref<?xf32> {{.*}}, %arg4: memref<?xf32>
// FLAT-LABEL: func.func private @kernel_flat.flat(%arg0: index {{.*}}, %arg1: index {{.*}}, %arg2: index {{.*}}, %arg3: memref<?xf32> {{.*}}, %arg4: memref<?xf32>
// FLAT: %[[LDA:.*]] = arith.index_cast %arg2 : index to i32
// FLAT: affine.for %[[I:arg[0-9]+]]
// FLAT-NEXT: affine.for %[[P:arg[0-9]+]]
// FLAT-NEXT: %[[IC:.*]] = arith.index_cast %[[I]] : index to i32
// FLAT-NEXT: %[[MUL:.*]] = arith.muli %[[IC]], %[[LDA]] : i32
// FLAT-NEXT: %[[PC:.*]] = arith.index_cast %[[P]] : index to i32
// FLAT-NEXT: %[[ADD:.*]] = arith.addi %[[MUL]], %[[PC]] : i32
// FLAT-NEXT: %[[IDX:.*]] = arith.index_cast %[[ADD]] : i32 to index
// FLAT-NEXT: %[[V:.*]] = memref.load %arg3[%[[IDX]]] : memref<?xf32>
// FLAT-NEXT: affine.store %[[V]], %arg4[%[[I]] * 4 + %[[P]]] : memref<?xf32>

#define N 16
void kernel_local(int n, double A[n][N])
{
  double tmp[N];
  double row[n];
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < N; j++)
      tmp[j] = A[i][j];
    row[i] = tmp[0];
  }
  for (int i = 0; i < n; i++)
    A[i][0] = row[i];
}
// LOCAL-LABEL: func.func @kernel_local(%arg0: index {{.*}}, %arg1: memref<?x16xf64>
// LOCAL-NEXT: %[[TMP:.*]] = memref.alloca() : memref<16xf64>
// LOCAL-NEXT: %[[ROW:.*]] = memref.alloca(%arg0) : memref<?xf64>
// LOCAL: affine.store %{{.*}}, %[[TMP]][%{{.*}}] : memref<16xf64>
// LOCAL: affine.store %{{.*}}, %[[ROW]][%{{.*}}] : memref<?xf64>

void kernel_math(int n, double A[n], float B[n])
{
  for (int i = 0; i < n; i++) {
    A[i] = pow(fabs(A[i]), 0.5) + exp(sqrt(A[i]));
    B[i] = sqrtf(B[i]) * expf(B[i]) - powf(fabsf(B[i]), 2.0f) + sqrt(B[i]);
    if (i >= 2 && i <= n - 3)
      A[i] = 0.0;
  }
}
// MATH-LABEL: func.func @kernel_math
// MATH: math.absf %{{.*}} : f64
// MATH: math.powf %{{.*}}, %{{.*}} : f64
// MATH: math.sqrt %{{.*}} : f64
// MATH: math.exp %{{.*}} : f64
// MATH: math.sqrt %{{.*}} : f32
// MATH: math.exp %{{.*}} : f32
// MATH: math.absf %{{.*}} : f32
// MATH: math.powf %{{.*}}, %{{.*}} : f32
// sqrt of a float argument is the double sqrt of the promoted value.
// MATH: %[[W:.*]] = arith.extf %{{.*}} : f32 to f64
// MATH-NEXT: math.sqrt %[[W]] : f64
// MATH: affine.if #set(%{{.*}})[%arg0] {
