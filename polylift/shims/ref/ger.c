/*
 * ref shim of launch `ger` (blas.ger, blas.ger1), per (i, j):
 *   A[i,j] = A[i,j] + (alpha * x[i]) * y[j].
 */
#include "polylift_shims.h"

#define POLYLIFT_REF_GER(T, DT)                                                               \
  void polylift_ref_ger_##DT(int64_t m, int64_t n, T alpha, const T *x, int64_t incx,         \
                             const T *y, int64_t incy, T *A, int64_t ldA)                     \
  {                                                                                           \
    for (int64_t i = 0; i < m; i++)                                                           \
      for (int64_t j = 0; j < n; j++)                                                         \
        A[i * ldA + j] = A[i * ldA + j] + (alpha * x[i * incx]) * y[j * incy];                \
  }

POLYLIFT_REF_GER(float, f32)
POLYLIFT_REF_GER(double, f64)
