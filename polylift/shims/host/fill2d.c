/* host shim of launch `fill2d` (blas.fill2d): A[i,j] = alpha, row by row. */
#include "polylift_shims.h"

#define POLYLIFT_HOST_FILL2D(T, DT)                                                           \
  void polylift_host_fill2d_##DT(int64_t m, int64_t n, T alpha, T *A, int64_t ldA)            \
  {                                                                                           \
    for (int64_t i = 0; i < m; i++) {                                                         \
      T *restrict row = A + i * ldA;                                                          \
      for (int64_t j = 0; j < n; j++)                                                         \
        row[j] = alpha;                                                                       \
    }                                                                                         \
  }

POLYLIFT_HOST_FILL2D(float, f32)
POLYLIFT_HOST_FILL2D(double, f64)
