/* ref shim of launch `axpy2d` (blas.axpy2d, blas.axpy2d1): B[i,j] = B[i,j] + alpha * A[i,j]. */
#include "polylift_shims.h"

#define POLYLIFT_REF_AXPY2D(T, DT)                                                            \
  void polylift_ref_axpy2d_##DT(int64_t m, int64_t n, T alpha, const T *A, int64_t ldA, T *B, \
                                int64_t ldB)                                                  \
  {                                                                                           \
    for (int64_t i = 0; i < m; i++)                                                           \
      for (int64_t j = 0; j < n; j++)                                                         \
        B[i * ldB + j] = B[i * ldB + j] + alpha * A[i * ldA + j];                             \
  }

POLYLIFT_REF_AXPY2D(float, f32)
POLYLIFT_REF_AXPY2D(double, f64)
