/* ref shim of launch `dot` (blas.dot): r[] += x[i] * y[i], i ascending, into r[0]. */
#include "polylift_shims.h"

#define POLYLIFT_REF_DOT(T, DT)                                                               \
  void polylift_ref_dot_##DT(int64_t n, const T *x, int64_t incx, const T *y, int64_t incy,  \
                             T *r)                                                            \
  {                                                                                           \
    T acc = r[0];                                                                             \
    for (int64_t i = 0; i < n; i++)                                                           \
      acc = acc + x[i * incx] * y[i * incy];                                                  \
    r[0] = acc;                                                                               \
  }

POLYLIFT_REF_DOT(float, f32)
POLYLIFT_REF_DOT(double, f64)
