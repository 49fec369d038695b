/*
 * host shim of launch `gemm_tt` (blas.gemm_tt, _zero, _zero1, _acc): C = alpha * op(A).op(B)
 * + beta * C by CBLAS ?gemm (CblasTrans, CblasTrans; A is k, m, B is n, k as stored).
 * alpha == 0 and views CBLAS cannot take run the ref loop.
 */
#include "polylift_shims.h"
#include "host_blas.h"

#define POLYLIFT_HOST_GEMM_TT(T, DT, P)                                                      \
  void polylift_host_gemm_tt_##DT(int64_t m, int64_t n, int64_t k, T alpha, const T *A,    \
                                   int64_t ldA, const T *B, int64_t ldB, T beta, T *C,        \
                                   int64_t ldC)                                               \
  {                                                                                           \
    int lda = polylift_blas_ld(ldA, k, m), ldb = polylift_blas_ld(ldB, n, k);             \
    int ldc = polylift_blas_ld(ldC, m, n);                                                    \
    if (m <= 0 || n <= 0)                                                                     \
      return;                                                                                 \
    if (alpha != 0 && polylift_blas_size(m) && polylift_blas_size(n) && polylift_blas_size(k) \
        && lda && ldb && ldc) {                                                               \
      cblas_##P##gemm(CblasRowMajor, CblasTrans, CblasTrans, (int)m, (int)n, (int)k, alpha, A, lda,   \
                      B, ldb, beta, C, ldc);                                                  \
      return;                                                                                 \
    }                                                                                         \
    for (int64_t i = 0; i < m; i++)                                                           \
      for (int64_t j = 0; j < n; j++) {                                                       \
        T c = beta == 0 ? (T)0 : beta * C[i * ldC + j];                                       \
        for (int64_t p = 0; p < k; p++)                                                       \
          c = c + alpha * (A[p * ldA + i] * B[j * ldB + p]);                                  \
        C[i * ldC + j] = c;                                                                   \
      }                                                                                       \
  }

POLYLIFT_HOST_GEMM_TT(float, f32, s)
POLYLIFT_HOST_GEMM_TT(double, f64, d)
