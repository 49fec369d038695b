/*
 * host shim of launch `scal` (blas.scal): x[i] = alpha * x[i], by CBLAS ?scal (one
 * multiply per element, so exact). alpha == 0 takes the loop: OpenBLAS then stores +0
 * instead of alpha * x[i] (which is -0 for negative x and NaN for infinite x).
 */
#include "polylift_shims.h"
#include "host_blas.h"

#define POLYLIFT_HOST_SCAL(T, DT, P)                                                          \
  void polylift_host_scal_##DT(int64_t n, T alpha, T *x, int64_t incx)                        \
  {                                                                                           \
    int ix = polylift_blas_inc(incx, n);                                                      \
    if (alpha != 0 && polylift_blas_size(n) && ix) {                                          \
      cblas_##P##scal((int)n, alpha, x, ix);                                                  \
      return;                                                                                 \
    }                                                                                         \
    for (int64_t i = 0; i < n; i++)                                                           \
      x[i * incx] = alpha * x[i * incx];                                                      \
  }

POLYLIFT_HOST_SCAL(float, f32, s)
POLYLIFT_HOST_SCAL(double, f64, d)
