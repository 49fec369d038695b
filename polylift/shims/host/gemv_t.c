/*
 * host shim of launch `gemv_t` (blas.gemv_t, _zero, _zero1): y = alpha * A^T.x + beta * y
 * by CBLAS ?gemv with CblasTrans (reassociated; beta == 0 does not read y). alpha == 0
 * and views CBLAS cannot take run the ref loop.
 */
#include "polylift_shims.h"
#include "host_blas.h"

#define POLYLIFT_HOST_GEMV_T(T, DT, P)                                                        \
  void polylift_host_gemv_t_##DT(int64_t m, int64_t n, T alpha, const T *A, int64_t ldA,      \
                                 const T *x, int64_t incx, T beta, T *y, int64_t incy)        \
  {                                                                                           \
    int lda = polylift_blas_ld(ldA, m, n);                                                    \
    int ix = polylift_blas_inc(incx, m), iy = polylift_blas_inc(incy, n);                     \
    if (n <= 0)                                                                               \
      return;                                                                                 \
    if (alpha != 0 && polylift_blas_size(m) && polylift_blas_size(n) && lda && ix && iy) {    \
      cblas_##P##gemv(CblasRowMajor, CblasTrans, (int)m, (int)n, alpha, A, lda, x, ix, beta,  \
                      y, iy);                                                                 \
      return;                                                                                 \
    }                                                                                         \
    for (int64_t j = 0; j < n; j++) {                                                         \
      T c = beta == 0 ? (T)0 : beta * y[j * incy];                                            \
      for (int64_t i = 0; i < m; i++)                                                         \
        c = c + alpha * (A[i * ldA + j] * x[i * incx]);                                       \
      y[j * incy] = c;                                                                        \
    }                                                                                         \
  }

POLYLIFT_HOST_GEMV_T(float, f32, s)
POLYLIFT_HOST_GEMV_T(double, f64, d)
