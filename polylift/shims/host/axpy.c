/*
 * host shim of launch `axpy` (blas.axpy): y[i] = y[i] + alpha * x[i], in plain C.
 * The template is exact, and OpenBLAS's ?axpy kernels fuse the multiply and the add
 * (measured: about 1 result in 5 differs from the two-rounding form on an FMA CPU), so
 * no BLAS routine computes these bits; a vectorised loop is as fast (memory bound).
 */
#include "polylift_shims.h"

#define POLYLIFT_HOST_AXPY(T, DT)                                                             \
  void polylift_host_axpy_##DT(int64_t n, T alpha, const T *x, int64_t incx, T *y,            \
                               int64_t incy)                                                  \
  {                                                                                           \
    if (incx == 1 && incy == 1) {                                                             \
      for (int64_t i = 0; i < n; i++)                                                         \
        y[i] = y[i] + alpha * x[i];                                                           \
      return;                                                                                 \
    }                                                                                         \
    for (int64_t i = 0; i < n; i++)                                                           \
      y[i * incy] = y[i * incy] + alpha * x[i * incx];                                        \
  }

POLYLIFT_HOST_AXPY(float, f32)
POLYLIFT_HOST_AXPY(double, f64)
