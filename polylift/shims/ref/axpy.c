/* ref shim of launch `axpy` (blas.axpy): y[i] = y[i] + alpha * x[i]. */
#include "polylift_shims.h"

#define POLYLIFT_REF_AXPY(T, DT)                                                              \
  void polylift_ref_axpy_##DT(int64_t n, T alpha, const T *x, int64_t incx, T *y,             \
                              int64_t incy)                                                   \
  {                                                                                           \
    for (int64_t i = 0; i < n; i++)                                                           \
      y[i * incy] = y[i * incy] + alpha * x[i * incx];                                        \
  }

POLYLIFT_REF_AXPY(float, f32)
POLYLIFT_REF_AXPY(double, f64)
