/*
 * host shim of launch `gemv_t_acc` (blas.gemv_t_acc): y += alpha * A^T.x by CBLAS ?gemv
 * (transposed, beta = 1; reassociated). alpha == 0 and views CBLAS cannot take run the
 * ref loop.
 */
#include "polylift_shims.h"
#include "host_blas.h"

#define POLYLIFT_HOST_GEMV_T_ACC(T, DT, P)                                                    \
  void polylift_host_gemv_t_acc_##DT(int64_t m, int64_t n, T alpha, const T *A, int64_t ldA,  \
                                     const T *x, int64_t incx, T *y, int64_t incy)            \
  {                                                                                           \
    int lda = polylift_blas_ld(ldA, m, n);                                                    \
    int ix = polylift_blas_inc(incx, m), iy = polylift_blas_inc(incy, n);                     \
    if (m <= 0 || n <= 0)                                                                     \
      return;                                                                                 \
    if (alpha != 0 && polylift_blas_size(m) && polylift_blas_size(n) && lda && ix && iy) {    \
      cblas_##P##gemv(CblasRowMajor, CblasTrans, (int)m, (int)n, alpha, A, lda, x, ix, 1, y,   \
                      iy);                                                                    \
      return;                                                                                 \
    }                                                                                         \
    for (int64_t i = 0; i < m; i++)                                                           \
      for (int64_t j = 0; j < n; j++)                                                         \
        y[j * incy] = y[j * incy] + alpha * (A[i * ldA + j] * x[i * incx]);                   \
  }

POLYLIFT_HOST_GEMV_T_ACC(float, f32, s)
POLYLIFT_HOST_GEMV_T_ACC(double, f64, d)
