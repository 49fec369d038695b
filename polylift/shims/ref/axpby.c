/*
 * ref shim of launch `axpby` (blas.axpby): y[i] = alpha * x[i] + beta * y[i].
 * BLAS convention: beta == 0 means y is not read (y[i] = alpha * x[i]).
 */
#include "polylift_shims.h"

#define POLYLIFT_REF_AXPBY(T, DT)                                                             \
  void polylift_ref_axpby_##DT(int64_t n, T alpha, const T *x, int64_t incx, T beta, T *y,    \
                               int64_t incy)                                                  \
  {                                                                                           \
    for (int64_t i = 0; i < n; i++)                                                           \
      y[i * incy] = beta == 0 ? alpha * x[i * incx] : alpha * x[i * incx] + beta * y[i * incy]; \
  }

POLYLIFT_REF_AXPBY(float, f32)
POLYLIFT_REF_AXPBY(double, f64)
