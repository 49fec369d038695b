/*
 * ref shim of launch `gemm_nt` (blas.gemm_nt, _zero, _zero1, _acc), per (i, j):
 *   c = beta * C[i,j]  (c = 0 when beta == 0: C is not read),
 *   then for k ascending  c = c + alpha * (A[i,k] * B[j,k]).
 */
#include "polylift_shims.h"

#define POLYLIFT_REF_GEMM_NT(T, DT)                                                          \
  void polylift_ref_gemm_nt_##DT(int64_t m, int64_t n, int64_t k, T alpha, const T *A,     \
                                  int64_t ldA, const T *B, int64_t ldB, T beta, T *C,         \
                                  int64_t ldC)                                                \
  {                                                                                           \
    for (int64_t i = 0; i < m; i++)                                                           \
      for (int64_t j = 0; j < n; j++) {                                                       \
        T c = beta == 0 ? (T)0 : beta * C[i * ldC + j];                                       \
        for (int64_t p = 0; p < k; p++)                                                       \
          c = c + alpha * (A[i * ldA + p] * B[j * ldB + p]);                                  \
        C[i * ldC + j] = c;                                                                   \
      }                                                                                       \
  }

POLYLIFT_REF_GEMM_NT(float, f32)
POLYLIFT_REF_GEMM_NT(double, f64)
