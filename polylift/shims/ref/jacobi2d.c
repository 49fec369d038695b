/*
 * ref shim of launch `jacobi2d` (stencil.jacobi2d), per (i, j), A at the centre tap:
 *   B[i,j] = c * ((((A[i,j] + A[i,j-1]) + A[i,j+1]) + A[i+1,j]) + A[i-1,j]).
 */
#include "polylift_shims.h"

#define POLYLIFT_REF_JACOBI2D(T, DT)                                                          \
  void polylift_ref_jacobi2d_##DT(int64_t m, int64_t n, T c, const T *A, int64_t ldA, T *B,   \
                                  int64_t ldB)                                                \
  {                                                                                           \
    for (int64_t i = 0; i < m; i++)                                                           \
      for (int64_t j = 0; j < n; j++) {                                                       \
        const T *a = &A[i * ldA + j];                                                         \
        B[i * ldB + j] = c * ((((a[0] + a[-1]) + a[1]) + a[ldA]) + a[-ldA]);                  \
      }                                                                                       \
  }

POLYLIFT_REF_JACOBI2D(float, f32)
POLYLIFT_REF_JACOBI2D(double, f64)
