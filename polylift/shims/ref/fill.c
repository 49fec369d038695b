/* ref shim of launch `fill` (blas.fill): x[i] = alpha. */
#include "polylift_shims.h"

#define POLYLIFT_REF_FILL(T, DT)                                                              \
  void polylift_ref_fill_##DT(int64_t n, T alpha, T *x, int64_t incx)                         \
  {                                                                                           \
    for (int64_t i = 0; i < n; i++)                                                           \
      x[i * incx] = alpha;                                                                    \
  }

POLYLIFT_REF_FILL(float, f32)
POLYLIFT_REF_FILL(double, f64)
