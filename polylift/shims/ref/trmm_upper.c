/*
 * ref shim of launch `trmm_upper` (blas.trmm_upper, blas.trmm_upper1), per (i, j):
 *   c = 0, then for k = i .. m-1 ascending  c = c + alpha * A[i,k] * B[k,j],
 * the products taken left to right. Only the upper triangle of A (k >= i) is read.
 */
#include "polylift_shims.h"

#define POLYLIFT_REF_TRMM_UPPER(T, DT)                                                        \
  void polylift_ref_trmm_upper_##DT(int64_t m, int64_t n, T alpha, const T *A, int64_t ldA,  \
                                    const T *B, int64_t ldB, T *C, int64_t ldC)               \
  {                                                                                           \
    for (int64_t i = 0; i < m; i++)                                                           \
      for (int64_t j = 0; j < n; j++) {                                                       \
        T c = 0;                                                                              \
        for (int64_t k = i; k < m; k++)                                                   \
          c = c + alpha * A[i * ldA + k] * B[k * ldB + j];                                    \
        C[i * ldC + j] = c;                                                                   \
      }                                                                                       \
  }

POLYLIFT_REF_TRMM_UPPER(float, f32)
POLYLIFT_REF_TRMM_UPPER(double, f64)
