/* host shim of launch `fill` (blas.fill): x[i] = alpha (no BLAS routine fills). */
#include "polylift_shims.h"

#define POLYLIFT_HOST_FILL(T, DT)                                                             \
  void polylift_host_fill_##DT(int64_t n, T alpha, T *x, int64_t incx)                        \
  {                                                                                           \
    if (incx == 1) {                                                                          \
      for (int64_t i = 0; i < n; i++)                                                         \
        x[i] = alpha;                                                                         \
      return;                                                                                 \
    }                                                                                         \
    for (int64_t i = 0; i < n; i++)                                                           \
      x[i * incx] = alpha;                                                                    \
  }

POLYLIFT_HOST_FILL(float, f32)
POLYLIFT_HOST_FILL(double, f64)
