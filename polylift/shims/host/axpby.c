/*
 * host shim of launch `axpby` (blas.axpby): y[i] = alpha * x[i] + beta * y[i] (y not
 * read when beta == 0), in plain C: the template is exact and OpenBLAS's ?axpby kernels
 * fuse multiply-adds (measured), so no BLAS routine computes these bits.
 */
#include "polylift_shims.h"

#define POLYLIFT_HOST_AXPBY(T, DT)                                                            \
  void polylift_host_axpby_##DT(int64_t n, T alpha, const T *x, int64_t incx, T beta, T *y,   \
                                int64_t incy)                                                 \
  {                                                                                           \
    if (beta == 0) {                                                                          \
      for (int64_t i = 0; i < n; i++)                                                         \
        y[i * incy] = alpha * x[i * incx];                                                    \
      return;                                                                                 \
    }                                                                                         \
    if (incx == 1 && incy == 1) {                                                             \
      for (int64_t i = 0; i < n; i++)                                                         \
        y[i] = alpha * x[i] + beta * y[i];                                                    \
      return;                                                                                 \
    }                                                                                         \
    for (int64_t i = 0; i < n; i++)                                                           \
      y[i * incy] = alpha * x[i * incx] + beta * y[i * incy];                                 \
  }

POLYLIFT_HOST_AXPBY(float, f32)
POLYLIFT_HOST_AXPBY(double, f64)
