/*
 * ref shim of launch `gemv_t_acc` (blas.gemv_t_acc): y[j] += alpha * (A[i,j] * x[i]),
 * i ascending for every j (the loops run over rows of A; each y[j] still sums in i order).
 */
#include "polylift_shims.h"

#define POLYLIFT_REF_GEMV_T_ACC(T, DT)                                                        \
  void polylift_ref_gemv_t_acc_##DT(int64_t m, int64_t n, T alpha, const T *A, int64_t ldA,   \
                                    const T *x, int64_t incx, T *y, int64_t incy)             \
  {                                                                                           \
    for (int64_t i = 0; i < m; i++)                                                           \
      for (int64_t j = 0; j < n; j++)                                                         \
        y[j * incy] = y[j * incy] + alpha * (A[i * ldA + j] * x[i * incx]);                   \
  }

POLYLIFT_REF_GEMV_T_ACC(float, f32)
POLYLIFT_REF_GEMV_T_ACC(double, f64)
