/*
 * host shim of launch `syrk_t` (blas.syrk_t, _zero1, _acc): C = alpha * A^T.A + beta * C,
 * A stored k x n, by CBLAS ?gemm (A^T times A): ?syrk writes one triangle only, and
 * mirroring it is wrong when beta != 0 and C was not symmetric, so the whole C is
 * computed. alpha == 0 and views CBLAS cannot take run the ref loop.
 */
#include "polylift_shims.h"
#include "host_blas.h"

#define POLYLIFT_HOST_SYRK_T(T, DT, P)                                                        \
  void polylift_host_syrk_t_##DT(int64_t n, int64_t k, T alpha, const T *A, int64_t ldA,      \
                                 T beta, T *C, int64_t ldC)                                   \
  {                                                                                           \
    int lda = polylift_blas_ld(ldA, k, n), ldc = polylift_blas_ld(ldC, n, n);                 \
    if (n <= 0)                                                                               \
      return;                                                                                 \
    if (alpha != 0 && polylift_blas_size(n) && polylift_blas_size(k) && lda && ldc) {         \
      cblas_##P##gemm(CblasRowMajor, CblasTrans, CblasNoTrans, (int)n, (int)n, (int)k, alpha, \
                      A, lda, A, lda, beta, C, ldc);                                          \
      return;                                                                                 \
    }                                                                                         \
    for (int64_t i = 0; i < n; i++)                                                           \
      for (int64_t j = 0; j < n; j++) {                                                       \
        T c = beta == 0 ? (T)0 : beta * C[i * ldC + j];                                       \
        for (int64_t p = 0; p < k; p++)                                                       \
          c = c + alpha * (A[p * ldA + i] * A[p * ldA + j]);                                  \
        C[i * ldC + j] = c;                                                                   \
      }                                                                                       \
  }

POLYLIFT_HOST_SYRK_T(float, f32, s)
POLYLIFT_HOST_SYRK_T(double, f64, d)
