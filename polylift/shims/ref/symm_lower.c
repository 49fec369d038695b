/*
 * ref shim of launch `symm_lower` (blas.symm_lower), per (i, j):
 *   c = beta * C[i,j]  (c = 0 when beta == 0: C is not read),
 *   then for k = 0 .. i ascending      c = c + alpha * A[i,k] * B[k,j],
 *   then for k = i+1 .. m-1 ascending  c = c + alpha * A[k,i] * B[k,j],
 * the products taken left to right. A is symmetric and only its lower triangle (k <= i
 * in row i, diagonal included) is read: the terms beyond the diagonal read the mirrored
 * element A[k,i].
 */
#include "polylift_shims.h"

#define POLYLIFT_REF_SYMM_LOWER(T, DT)                                                        \
  void polylift_ref_symm_lower_##DT(int64_t m, int64_t n, T alpha, const T *A, int64_t ldA,  \
                                    const T *B, int64_t ldB, T beta, T *C, int64_t ldC)       \
  {                                                                                           \
    for (int64_t i = 0; i < m; i++)                                                           \
      for (int64_t j = 0; j < n; j++) {                                                       \
        T c = beta == 0 ? (T)0 : beta * C[i * ldC + j];                                       \
        for (int64_t k = 0; k < i + 1; k++)                                                   \
          c = c + alpha * A[i * ldA + k] * B[k * ldB + j];                                    \
        for (int64_t k = i + 1; k < m; k++)                                                   \
          c = c + alpha * A[k * ldA + i] * B[k * ldB + j];                                    \
        C[i * ldC + j] = c;                                                                   \
      }                                                                                       \
  }

POLYLIFT_REF_SYMM_LOWER(float, f32)
POLYLIFT_REF_SYMM_LOWER(double, f64)
