/* ref shim of launch `fill2d` (blas.fill2d): A[i,j] = alpha. */
#include "polylift_shims.h"

#define POLYLIFT_REF_FILL2D(T, DT)                                                            \
  void polylift_ref_fill2d_##DT(int64_t m, int64_t n, T alpha, T *A, int64_t ldA)             \
  {                                                                                           \
    for (int64_t i = 0; i < m; i++)                                                           \
      for (int64_t j = 0; j < n; j++)                                                         \
        A[i * ldA + j] = alpha;                                                               \
  }

POLYLIFT_REF_FILL2D(float, f32)
POLYLIFT_REF_FILL2D(double, f64)
