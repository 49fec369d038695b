/*
 * host shim of launch `gemm` (blas.gemm, gemm_zero, gemm_acc): C = alpha * A.B + beta * C
 * by CBLAS ?gemm (reassociated; beta == 0 does not read C, as in the ref shim).
 * alpha == 0 and views CBLAS cannot take run the ref loop (OpenBLAS skips the product
 * when alpha == 0, which would drop the -0 and NaN the template's terms produce).
 */
#include "polylift_shims.h"
#include "host_blas.h"

#define POLYLIFT_HOST_GEMM(T, DT, P)                                                          \
  void polylift_host_gemm_##DT(int64_t m, int64_t n, int64_t k, T alpha, const T *A,          \
                               int64_t ldA, const T *B, int64_t ldB, T beta, T *C,            \
                               int64_t ldC)                                                   \
  {                                                                                           \
    int lda = polylift_blas_ld(ldA, m, k), ldb = polylift_blas_ld(ldB, k, n);                 \
    int ldc = polylift_blas_ld(ldC, m, n);                                                    \
    if (m <= 0 || n <= 0)                                                                     \
      return;                                                                                 \
    if (alpha != 0 && polylift_blas_size(m) && polylift_blas_size(n) && polylift_blas_size(k) \
        && lda && ldb && ldc) {                                                               \
      cblas_##P##gemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, (int)m, (int)n, (int)k,      \
                      alpha, A, lda, B, ldb, beta, C, ldc);                                   \
      return;                                                                                 \
    }                                                                                         \
    for (int64_t i = 0; i < m; i++)                                                           \
      for (int64_t j = 0; j < n; j++) {                                                       \
        T c = beta == 0 ? (T)0 : beta * C[i * ldC + j];                                       \
        for (int64_t p = 0; p < k; p++)                                                       \
          c = c + alpha * (A[i * ldA + p] * B[p * ldB + j]);                                  \
        C[i * ldC + j] = c;                                                                   \
      }                                                                                       \
  }

POLYLIFT_HOST_GEMM(float, f32, s)
POLYLIFT_HOST_GEMM(double, f64, d)
