/*
 * ref shim of launch `gemv_t` (blas.gemv_t, blas.gemv_t_zero, blas.gemv_t_zero1), per j:
 *   c = beta * y[j]  (c = 0 when beta == 0: y is not read),
 *   then for i ascending  c = c + alpha * (A[i,j] * x[i]).
 */
#include "polylift_shims.h"

#define POLYLIFT_REF_GEMV_T(T, DT)                                                            \
  void polylift_ref_gemv_t_##DT(int64_t m, int64_t n, T alpha, const T *A, int64_t ldA,       \
                                const T *x, int64_t incx, T beta, T *y, int64_t incy)         \
  {                                                                                           \
    for (int64_t j = 0; j < n; j++) {                                                         \
      T c = beta == 0 ? (T)0 : beta * y[j * incy];                                            \
      for (int64_t i = 0; i < m; i++)                                                         \
        c = c + alpha * (A[i * ldA + j] * x[i * incx]);                                       \
      y[j * incy] = c;                                                                        \
    }                                                                                         \
  }

POLYLIFT_REF_GEMV_T(float, f32)
POLYLIFT_REF_GEMV_T(double, f64)
