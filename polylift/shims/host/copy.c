/* host shim of launch `copy` (blas.copy): y[i] = x[i], by CBLAS ?copy (a plain move). */
#include "polylift_shims.h"
#include "host_blas.h"

#define POLYLIFT_HOST_COPY(T, DT, P)                                                          \
  void polylift_host_copy_##DT(int64_t n, const T *x, int64_t incx, T *y, int64_t incy)       \
  {                                                                                           \
    int ix = polylift_blas_inc(incx, n), iy = polylift_blas_inc(incy, n);                     \
    if (polylift_blas_size(n) && ix && iy) {                                                  \
      cblas_##P##copy((int)n, x, ix, y, iy);                                                  \
      return;                                                                                 \
    }                                                                                         \
    for (int64_t i = 0; i < n; i++)                                                           \
      y[i * incy] = x[i * incx];                                                              \
  }

POLYLIFT_HOST_COPY(float, f32, s)
POLYLIFT_HOST_COPY(double, f64, d)
