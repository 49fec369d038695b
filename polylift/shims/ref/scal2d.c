/* ref shim of launch `scal2d` (blas.scal2d): A[i,j] = alpha * A[i,j]. */
#include "polylift_shims.h"

#define POLYLIFT_REF_SCAL2D(T, DT)                                                            \
  void polylift_ref_scal2d_##DT(int64_t m, int64_t n, T alpha, T *A, int64_t ldA)             \
  {                                                                                           \
    for (int64_t i = 0; i < m; i++)                                                           \
      for (int64_t j = 0; j < n; j++)                                                         \
        A[i * ldA + j] = alpha * A[i * ldA + j];                                              \
  }

POLYLIFT_REF_SCAL2D(float, f32)
POLYLIFT_REF_SCAL2D(double, f64)
