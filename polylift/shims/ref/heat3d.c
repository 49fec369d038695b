/*
 * ref shim of launch `heat3d` (stencil.heat3d), per (i, j, k), A at the centre tap:
 *   B = ((c * ((A[i+1] - 2 * A) + A[i-1]) + c * ((A[j+1] - 2 * A) + A[j-1]))
 *        + c * ((A[k+1] - 2 * A) + A[k-1])) + A.
 */
#include "polylift_shims.h"

#define POLYLIFT_REF_HEAT3D(T, DT)                                                            \
  void polylift_ref_heat3d_##DT(int64_t l, int64_t m, int64_t n, T c, const T *A,             \
                                int64_t ldA0, int64_t ldA1, T *B, int64_t ldB0, int64_t ldB1) \
  {                                                                                           \
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

POLYLIFT_REF_HEAT3D(float, f32)
POLYLIFT_REF_HEAT3D(double, f64)
