/*
 * host shim of launch `gemv` (blas.gemv, _zero, _zero1): y = alpha * A.x + beta * y by
 * CBLAS ?gemv (reassociated; beta == 0 does not read y). alpha == 0 and views CBLAS
 * cannot take run the ref loop (a library skips the product when alpha == 0).
 */
#include "polylift_shims.h"
#include "host_blas.h"

#define POLYLIFT_HOST_GEMV(T, DT, P)                                                          \
  void polylift_host_gemv_##DT(int64_t m, int64_t n, T alpha, const T *A, int64_t ldA,        \
                               const T *x, int64_t incx, T beta, T *y, int64_t incy)          \
  {                                                                                           \
    int lda = polylift_blas_ld(ldA, m, n);                                                    \
    int ix = polylift_blas_inc(incx, n), iy = polylift_blas_inc(incy, m);                     \
    if (m <= 0)                                                                               \
      return;                                                                                 \
    if (alpha != 0 && polylift_blas_size(m) && polylift_blas_size(n) && lda && ix && iy) {    \
      cblas_##P##gemv(CblasRowMajor, CblasNoTrans, (int)m, (int)n, alpha, A, lda, x, ix,      \
                      beta, y, iy);                                                           \
      return;                                                                                 \
    }                                                                                         \
    for (int64_t i = 0; i < m; i++) {                                                         \
      T c = beta == 0 ? (T)0 : beta * y[i * incy];                                            \
      for (int64_t j = 0; j < n; j++)                                                         \
        c = c + alpha * (A[i * ldA + j] * x[j * incx]);                                       \
      y[i * incy] = c;                                                                        \
    }                                                                                         \
  }

POLYLIFT_HOST_GEMV(float, f32, s)
POLYLIFT_HOST_GEMV(double, f64, d)
