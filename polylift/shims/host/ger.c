/*
 * host shim of launch `ger` (blas.ger, blas.ger1): A += alpha * x.y^T by CBLAS ?ger (a
 * library may contract the multiply-add: the templates' bound is 2 ULP). alpha == 0
 * and views CBLAS cannot take run the ref loop.
 */
#include "polylift_shims.h"
#include "host_blas.h"

#define POLYLIFT_HOST_GER(T, DT, P)                                                           \
  void polylift_host_ger_##DT(int64_t m, int64_t n, T alpha, const T *x, int64_t incx,        \
                              const T *y, int64_t incy, T *A, int64_t ldA)                    \
  {                                                                                           \
    int lda = polylift_blas_ld(ldA, m, n);                                                    \
    int ix = polylift_blas_inc(incx, m), iy = polylift_blas_inc(incy, n);                     \
    if (m <= 0 || n <= 0)                                                                     \
      return;                                                                                 \
    if (alpha != 0 && polylift_blas_size(m) && polylift_blas_size(n) && lda && ix && iy) {    \
      cblas_##P##ger(CblasRowMajor, (int)m, (int)n, alpha, x, ix, y, iy, A, lda);             \
      return;                                                                                 \
    }                                                                                         \
    for (int64_t i = 0; i < m; i++)                                                           \
      for (int64_t j = 0; j < n; j++)                                                         \
        A[i * ldA + j] = A[i * ldA + j] + (alpha * x[i * incx]) * y[j * incy];                \
  }

POLYLIFT_HOST_GER(float, f32, s)
POLYLIFT_HOST_GER(double, f64, d)
