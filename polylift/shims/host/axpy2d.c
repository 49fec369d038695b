/*
 * host shim of launch `axpy2d` (blas.axpy2d, blas.axpy2d1): B[i,j] = B[i,j] + alpha * A[i,j]
 * in plain C, row by row. As for `axpy`, OpenBLAS's ?axpy fuses the multiply and the add,
 * which the exact template forbids; a vectorised loop is as fast (memory bound).
 */
#include "polylift_shims.h"

#define POLYLIFT_HOST_AXPY2D(T, DT)                                                           \
  void polylift_host_axpy2d_##DT(int64_t m, int64_t n, T alpha, const T *A, int64_t ldA,      \
                                 T *B, int64_t ldB)                                           \
  {                                                                                           \
    for (int64_t i = 0; i < m; i++) {                                                         \
      const T *a = A + i * ldA;                                                               \
      T *b = B + i * ldB;                                                                     \
      for (int64_t j = 0; j < n; j++)                                                         \
        b[j] = b[j] + alpha * a[j];                                                           \
    }                                                                                         \
  }

POLYLIFT_HOST_AXPY2D(float, f32)
POLYLIFT_HOST_AXPY2D(double, f64)
