/*
 * host shim of launch `conv3x3` (stencil.conv3x3), per (i, j), A at the centre tap:
 *   B = c11*A[i-1,j-1] + c12*A[i-1,j] + c13*A[i-1,j+1] + c21*A[i,j-1] + ... + c33*A[i+1,j+1],
 * summed left to right. Plain C (exact template: the ref operations in the ref order), one
 * unit-stride row loop with `restrict` rows that gcc vectorises; overlapping A and B take
 * the ref loop.
 */
#include "polylift_shims.h"
#include "host_stencil.h"

#define POLYLIFT_HOST_CONV3X3(T, DT)                                                          \
  static void polylift_host_conv3x3_row_##DT(int64_t n, const T *restrict k,                  \
                                             const T *restrict u, const T *restrict a,        \
                                             const T *restrict d, T *restrict b)              \
  {                                                                                           \
    const T k11 = k[0], k12 = k[1], k13 = k[2], k21 = k[3], k22 = k[4], k23 = k[5];           \
    const T k31 = k[6], k32 = k[7], k33 = k[8];                                               \
    POLYLIFT_HOST_ROW_LOOP(j, n, {                                                            \
      T s = k11 * u[j - 1];                                                                   \
      s = s + k12 * u[j];                                                                     \
      s = s + k13 * u[j + 1];                                                                 \
      s = s + k21 * a[j - 1];                                                                 \
      s = s + k22 * a[j];                                                                     \
      s = s + k23 * a[j + 1];                                                                 \
      s = s + k31 * d[j - 1];                                                                 \
      s = s + k32 * d[j];                                                                     \
      s = s + k33 * d[j + 1];                                                                 \
      b[j] = s;                                                                               \
    });                                                                                       \
  }                                                                                           \
                                                                                              \
  void polylift_host_conv3x3_##DT(int64_t m, int64_t n, T c11, T c12, T c13, T c21, T c22,    \
                                  T c23, T c31, T c32, T c33, const T *A, int64_t ldA, T *B,  \
                                  int64_t ldB)                                                \
  {                                                                                           \
    if (m <= 0 || n <= 0)                                                                     \
      return;                                                                                 \
    const T k[9] = {c11, c12, c13, c21, c22, c23, c31, c32, c33};                             \
    if (ldA >= 0 && ldB >= 0                                                                  \
        && polylift_disjoint(polylift_span_of(A, -ldA - 1, m * ldA + n + 1, sizeof(T)),       \
                             polylift_span_of(B, 0, (m - 1) * ldB + n, sizeof(T)))) {         \
      for (int64_t i = 0; i < m; i++) {                                                       \
        const T *a = A + i * ldA;                                                             \
        polylift_host_conv3x3_row_##DT(n, k, a - ldA, a, a + ldA, B + i * ldB);               \
      }                                                                                       \
      return;                                                                                 \
    }                                                                                         \
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

POLYLIFT_HOST_CONV3X3(float, f32)
POLYLIFT_HOST_CONV3X3(double, f64)
