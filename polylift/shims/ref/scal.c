/* ref shim of launch `scal` (blas.scal): x[i] = alpha * x[i]. */
#include "polylift_shims.h"

#define POLYLIFT_REF_SCAL(T, DT)                                                              \
  void polylift_ref_scal_##DT(int64_t n, T alpha, T *x, int64_t incx)                         \
  {                                                                                           \
    for (int64_t i = 0; i < n; i++)                                                           \
      x[i * incx] = alpha * x[i * incx];                                                      \
  }

POLYLIFT_REF_SCAL(float, f32)
POLYLIFT_REF_SCAL(double, f64)
