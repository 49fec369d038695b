/* host shim of launch `dot` (blas.dot): r[0] = r[0] + CBLAS ?dot(x, y) (reassociated). */
#include "polylift_shims.h"
#include "host_blas.h"

#define POLYLIFT_HOST_DOT(T, DT, P)                                                           \
  void polylift_host_dot_##DT(int64_t n, const T *x, int64_t incx, const T *y, int64_t incy, \
                              T *r)                                                           \
  {                                                                                           \
    int ix = polylift_blas_inc(incx, n), iy = polylift_blas_inc(incy, n);                     \
    if (n <= 0)                                                                               \
      return; /* r[0] + 0 would turn -0 into +0 */                                            \
    if (polylift_blas_size(n) && ix && iy) {                                                  \
      r[0] = r[0] + cblas_##P##dot((int)n, x, ix, y, iy);                                     \
      return;                                                                                 \
    }                                                                                         \
    T acc = r[0];                                                                             \
    for (int64_t i = 0; i < n; i++)                                                           \
      acc = acc + x[i * incx] * y[i * incy];                                                  \
    r[0] = acc;                                                                               \
  }

POLYLIFT_HOST_DOT(float, f32, s)
POLYLIFT_HOST_DOT(double, f64, d)
