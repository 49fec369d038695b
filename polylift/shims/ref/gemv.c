/*
 * ref shim of launch `gemv` (blas.gemv, blas.gemv_zero, blas.gemv_zero1), per i:
 *   c = beta * y[i]  (c = 0 when beta == 0: y is not read),
 *   then for j ascending  c = c + alpha * (A[i,j] * x[j]).
 */
#include "polylift_shims.h"

#define POLYLIFT_REF_GEMV(T, DT)                                                              \
  void polylift_ref_gemv_##DT(int64_t m, int64_t n, T alpha, const T *A, int64_t ldA,         \
                              const T *x, int64_t incx, T beta, T *y, int64_t incy)           \
  {                                                                                           \
    for (int64_t i = 0; i < m; i++) {                                                         \
      T c = beta == 0 ? (T)0 : beta * y[i * incy];                                            \
      for (int64_t j = 0; j < n; j++)                                                         \
        c = c + alpha * (A[i * ldA + j] * x[j * incx]);                                       \
      y[i * incy] = c;                                                                        \
    }                                                                                         \
  }

POLYLIFT_REF_GEMV(float, f32)
POLYLIFT_REF_GEMV(double, f64)
