/*
 * host shim of launch `jacobi2d` (stencil.jacobi2d), per (i, j), A at the centre tap:
 *   B[i,j] = c * ((((A[i,j] + A[i,j-1]) + A[i,j+1]) + A[i+1,j]) + A[i-1,j]).
 * Plain C (exact template: the ref operations in the ref order), one unit-stride row loop
 * with `restrict` rows that gcc vectorises; overlapping A and B take the ref loop.
 */
#include "polylift_shims.h"
#include "host_stencil.h"

#define POLYLIFT_HOST_JACOBI2D(T, DT)                                                         \
  static void polylift_host_jacobi2d_row_##DT(int64_t n, T c, const T *restrict u,            \
                                              const T *restrict a, const T *restrict d,       \
                                              T *restrict b)                                  \
  {                                                                                           \
    POLYLIFT_HOST_ROW_LOOP(j, n, b[j] = c * ((((a[j] + a[j - 1]) + a[j + 1]) + d[j]) + u[j]););\
  }                                                                                           \
                                                                                              \
  void polylift_host_jacobi2d_##DT(int64_t m, int64_t n, T c, const T *A, int64_t ldA, T *B,  \
                                   int64_t ldB)                                               \
  {                                                                                           \
    if (m <= 0 || n <= 0)                                                                     \
      return;                                                                                 \
    if (ldA >= 0 && ldB >= 0                                                                  \
        && polylift_disjoint(polylift_span_of(A, -ldA - 1, m * ldA + n + 1, sizeof(T)),       \
                             polylift_span_of(B, 0, (m - 1) * ldB + n, sizeof(T)))) {         \
      for (int64_t i = 0; i < m; i++) {                                                       \
        const T *a = A + i * ldA;                                                             \
        polylift_host_jacobi2d_row_##DT(n, c, a - ldA, a, a + ldA, B + i * ldB);              \
      }                                                                                       \
      return;                                                                                 \
    }                                                                                         \
    for (int64_t i = 0; i < m; i++)                                                           \
      for (int64_t j = 0; j < n; j++) {                                                       \
        const T *a = &A[i * ldA + j];                                                         \
        B[i * ldB + j] = c * ((((a[0] + a[-1]) + a[1]) + a[ldA]) + a[-ldA]);                  \
      }                                                                                       \
  }

POLYLIFT_HOST_JACOBI2D(float, f32)
POLYLIFT_HOST_JACOBI2D(double, f64)
