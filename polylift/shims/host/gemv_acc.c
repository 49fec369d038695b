/*
 * host shim of launch `gemv_acc` (blas.gemv_acc): y += alpha * A.x by CBLAS ?gemv with
 * beta = 1 (reassociated). alpha == 0 and views CBLAS cannot take run the ref loop.
 */
#include "polylift_shims.h"
#include "host_blas.h"

#define POLYLIFT_HOST_GEMV_ACC(T, DT, P)                                                      \
  void polylift_host_gemv_acc_##DT(int64_t m, int64_t n, T alpha, const T *A, int64_t ldA,    \
                                   const T *x, int64_t incx, T *y, int64_t incy)              \
  {                                                                                           \
    int lda = polylift_blas_ld(ldA, m, n);                                                    \
    int ix = polylift_blas_inc(incx, n), iy = polylift_blas_inc(incy, m);                     \
    if (m <= 0 || n <= 0)                                                                     \
      return;                                                                                 \
    if (alpha != 0 && polylift_blas_size(m) && polylift_blas_size(n) && lda && ix && iy) {    \
      cblas_##P##gemv(CblasRowMajor, CblasNoTrans, (int)m, (int)n, alpha, A, lda, x, ix, 1,    \
                      y, iy);                                                                 \
      return;                                                                                 \
    }                                                                                         \
    for (int64_t i = 0; i < m; i++) {                                                         \
      T acc = y[i * incy];                                                                    \
      for (int64_t j = 0; j < n; j++)                                                         \
        acc = acc + alpha * (A[i * ldA + j] * x[j * incx]);                                   \
      y[i * incy] = acc;                                                                      \
    }                                                                                         \
  }

POLYLIFT_HOST_GEMV_ACC(float, f32, s)
POLYLIFT_HOST_GEMV_ACC(double, f64, d)
