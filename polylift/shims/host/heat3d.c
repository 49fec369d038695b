/*
 * host shim of launch `heat3d` (stencil.heat3d), per (i, j, k), A at the centre tap:
 *   B = ((c * ((A[i+1] - 2 * A) + A[i-1]) + c * ((A[j+1] - 2 * A) + A[j-1]))
 *        + c * ((A[k+1] - 2 * A) + A[k-1])) + A.
 * Plain C (exact template: the ref operations in the ref order), one unit-stride row loop
 * over k with `restrict` rows that gcc vectorises; overlapping A and B take the ref loop.
 */
#include "polylift_shims.h"
#include "host_stencil.h"

#define POLYLIFT_HOST_HEAT3D(T, DT)                                                           \
  static void polylift_host_heat3d_row_##DT(int64_t n, T c, const T *restrict ip,             \
                                            const T *restrict im, const T *restrict jp,       \
                                            const T *restrict jm, const T *restrict a,        \
                                            T *restrict b)                                    \
  {                                                                                           \
    POLYLIFT_HOST_ROW_LOOP(k, n, {                                                            \
      T di = c * ((ip[k] - (T)2 * a[k]) + im[k]);                                             \
      T dj = c * ((jp[k] - (T)2 * a[k]) + jm[k]);                                             \
      T dk = c * ((a[k + 1] - (T)2 * a[k]) + a[k - 1]);                                       \
      b[k] = ((di + dj) + dk) + a[k];                                                         \
    });                                                                                       \
  }                                                                                           \
                                                                                              \
  void polylift_host_heat3d_##DT(int64_t l, int64_t m, int64_t n, T c, const T *A,            \
                                 int64_t ldA0, int64_t ldA1, T *B, int64_t ldB0,              \
                                 int64_t ldB1)                                                \
  {                                                                                           \
    if (l <= 0 || m <= 0 || n <= 0)                                                           \
      return;                                                                                 \
    if (ldA0 >= 0 && ldA1 >= 0 && ldB0 >= 0 && ldB1 >= 0                                      \
        && polylift_disjoint(                                                                 \
            polylift_span_of(A, -ldA0 - ldA1 - 1, l * ldA0 + m * ldA1 + n + 1, sizeof(T)),    \
            polylift_span_of(B, 0, (l - 1) * ldB0 + (m - 1) * ldB1 + n, sizeof(T)))) {        \
      for (int64_t i = 0; i < l; i++)                                                         \
        for (int64_t j = 0; j < m; j++) {                                                     \
          const T *a = A + i * ldA0 + j * ldA1;                                               \
          polylift_host_heat3d_row_##DT(n, c, a + ldA0, a - ldA0, a + ldA1, a - ldA1, a,      \
                                        B + i * ldB0 + j * ldB1);                             \
        }                                                                                     \
      return;                                                                                 \
    }                                                                                         \
    for (int64_t i = 0; i < l; i++)                                                           \
      for (int64_t j = 0; j < m; j++)                                                         \
        for (int64_t k = 0; k < n; k++) {                                                     \
          const T *a = &A[i * ldA0 + j * ldA1 + k];                                           \
          T di = c * ((a[ldA0] - (T)2 * a[0]) + a[-ldA0]);                                    \
          T dj = c * ((a[ldA1] - (T)2 * a[0]) + a[-ldA1]);                                    \
          T dk = c * ((a[1] - (T)2 * a[0]) + a[-1]);                                          \
          B[i * ldB0 + j * ldB1 + k] = ((di + dj) + dk) + a[0];                               \
        }                                                                                     \
  }

POLYLIFT_HOST_HEAT3D(float, f32)
POLYLIFT_HOST_HEAT3D(double, f64)
