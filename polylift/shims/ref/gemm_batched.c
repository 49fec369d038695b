/*
 * ref shim of launch `gemm_batched` (blas.gemm_batched, _zero1, _acc), per (b, i, j):
 *   c = beta * C[b,i,j]  (c = 0 when beta == 0: C is not read),
 *   then for k ascending  c = c + alpha * (A[b,i,k] * B[b,k,j]).
 */
#include "polylift_shims.h"

#define POLYLIFT_REF_GEMM_BATCHED(T, DT)                                                      \
  void polylift_ref_gemm_batched_##DT(int64_t nb, int64_t m, int64_t n, int64_t k, T alpha,   \
                                      const T *A, int64_t ldA0, int64_t ldA1, const T *B,     \
                                      int64_t ldB0, int64_t ldB1, T beta, T *C, int64_t ldC0, \
                                      int64_t ldC1)                                           \
  {                                                                                           \
    for (int64_t b = 0; b < nb; b++)                                                          \
      for (int64_t i = 0; i < m; i++)                                                         \
        for (int64_t j = 0; j < n; j++) {                                                     \
          T *out = &C[b * ldC0 + i * ldC1 + j];                                               \
          T c = beta == 0 ? (T)0 : beta * *out;                                               \
          for (int64_t p = 0; p < k; p++)                                                     \
            c = c + alpha * (A[b * ldA0 + i * ldA1 + p] * B[b * ldB0 + p * ldB1 + j]);        \
          *out = c;                                                                           \
        }                                                                                     \
  }

POLYLIFT_REF_GEMM_BATCHED(float, f32)
POLYLIFT_REF_GEMM_BATCHED(double, f64)
