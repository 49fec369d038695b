/*
 * ref shim of launch `conv3x3` (stencil.conv3x3), per (i, j), A at the centre tap:
 *   B = c11*A[i-1,j-1] + c12*A[i-1,j] + c13*A[i-1,j+1] + c21*A[i,j-1] + ... + c33*A[i+1,j+1],
 * summed left to right.
 */
#include "polylift_shims.h"

#define POLYLIFT_REF_CONV3X3(T, DT)                                                           \
  void polylift_ref_conv3x3_##DT(int64_t m, int64_t n, T c11, T c12, T c13, T c21, T c22,     \
                                 T c23, T c31, T c32, T c33, const T *A, int64_t ldA, T *B,   \
                                 int64_t ldB)                                                 \
  {                                                                                           \
    for (int64_t i = 0; i < m; i++)                                                           \
      for (int64_t j = 0; j < n; j++) {                                                       \
        const T *u = &A[(i - 1) * ldA + j], *a = &A[i * ldA + j], *d = &A[(i + 1) * ldA + j]; \
        T s = c11 * u[-1];                                                                    \
        s = s + c12 * u[0];                                                                   \
        s = s + c13 * u[1];                                                                   \
        s = s + c21 * a[-1];                                                                  \
        s = s + c22 * a[0];                                                                   \
        s = s + c23 * a[1];                                                                   \
        s = s + c31 * d[-1];                                                                  \
        s = s + c32 * d[0];                                                                   \
        s = s + c33 * d[1];                                                                   \
        B[i * ldB + j] = s;                                                                   \
      }                                                                                       \
  }

POLYLIFT_REF_CONV3X3(float, f32)
POLYLIFT_REF_CONV3X3(double, f64)
