/* ref shim of launch `gemv_acc` (blas.gemv_acc): y[i] += alpha * (A[i,j] * x[j]), j ascending. */
#include "polylift_shims.h"

#define POLYLIFT_REF_GEMV_ACC(T, DT)                                                          \
  void polylift_ref_gemv_acc_##DT(int64_t m, int64_t n, T alpha, const T *A, int64_t ldA,     \
                                  const T *x, int64_t incx, T *y, int64_t incy)               \
  {                                                                                           \
    for (int64_t i = 0; i < m; i++) {                                                         \
      T acc = y[i * incy];                                                                    \
      for (int64_t j = 0; j < n; j++)                                                         \
        acc = acc + alpha * (A[i * ldA + j] * x[j * incx]);                                   \
      y[i * incy] = acc;                                                                      \
    }                                                                                         \
  }

POLYLIFT_REF_GEMV_ACC(float, f32)
POLYLIFT_REF_GEMV_ACC(double, f64)
