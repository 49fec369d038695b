/* ref shim of launch `copy` (blas.copy): y[i] = x[i]. */
#include "polylift_shims.h"

#define POLYLIFT_REF_COPY(T, DT)                                                              \
  void polylift_ref_copy_##DT(int64_t n, const T *x, int64_t incx, T *y, int64_t incy)        \
  {                                                                                           \
    for (int64_t i = 0; i < n; i++)                                                           \
      y[i * incy] = x[i * incx];                                                              \
  }

POLYLIFT_REF_COPY(float, f32)
POLYLIFT_REF_COPY(double, f64)
