/*
 * ref shim of launch `cumsum` (scan.cumsum): y[0] = x[0], then for k = 1 .. n-1 in order
 * y[k] = y[k-1] + x[k]. Integers wrap (two's complement, as the lifted loop's arith.addi
 * does); floats add in that order, one rounding per element.
 */
#include "polylift_shims.h"

#define POLYLIFT_REF_CUMSUM(T, ADD, DT)                                                      \
  void polylift_ref_cumsum_##DT(int64_t n, const T *x, int64_t incx, T *y, int64_t incy)     \
  {                                                                                          \
    if (n <= 0)                                                                              \
      return;                                                                                \
    y[0] = x[0];                                                                             \
    for (int64_t k = 1; k < n; k++)                                                          \
      y[k * incy] = ADD(y[(k - 1) * incy], x[k * incx]);                                     \
  }

#define PLAIN_ADD(a, b) ((a) + (b))
#define WRAP_ADD_32(a, b) ((int32_t)((uint32_t)(a) + (uint32_t)(b)))
#define WRAP_ADD_64(a, b) ((int64_t)((uint64_t)(a) + (uint64_t)(b)))

POLYLIFT_REF_CUMSUM(int32_t, WRAP_ADD_32, i32)
POLYLIFT_REF_CUMSUM(int64_t, WRAP_ADD_64, i64)
POLYLIFT_REF_CUMSUM(float, PLAIN_ADD, f32)
POLYLIFT_REF_CUMSUM(double, PLAIN_ADD, f64)
