/* host shim of launch `scal2d` (blas.scal2d): A[i,j] = alpha * A[i,j], row by row. */
#include "polylift_shims.h"

#define POLYLIFT_HOST_SCAL2D(T, DT)                                                           \
  void polylift_host_scal2d_##DT(int64_t m, int64_t n, T alpha, T *A, int64_t ldA)            \
  {                                                                                           \
    for (int64_t i = 0; i < m; i++) {                                                         \
      T *restrict row = A + i * ldA;                                                          \
      for (int64_t j = 0; j < n; j++)                                                         \
        row[j] = alpha * row[j];                                                              \
    }                                                                                         \
  }

POLYLIFT_HOST_SCAL2D(float, f32)
POLYLIFT_HOST_SCAL2D(double, f64)
