/*
 * host shim of launch `gemm_batched` (blas.gemm_batched, _zero1, _acc): one CBLAS ?gemm
 * per batch index (reassociated; beta == 0 does not read C). alpha == 0 and views CBLAS
 * cannot take run the ref loop.
 */
#include "polylift_shims.h"
#include "host_blas.h"

#define POLYLIFT_HOST_GEMM_BATCHED(T, DT, P)                                                  \
  void polylift_host_gemm_batched_##DT(int64_t nb, int64_t m, int64_t n, int64_t k, T alpha,  \
                                       const T *A, int64_t ldA0, int64_t ldA1, const T *B,    \
                                       int64_t ldB0, int64_t ldB1, T beta, T *C,              \
                                       int64_t ldC0, int64_t ldC1)                            \
  {                                                                                           \
    int lda = polylift_blas_ld(ldA1, m, k), ldb = polylift_blas_ld(ldB1, k, n);               \
    int ldc = polylift_blas_ld(ldC1, m, n);                                                   \
    int blas = alpha != 0 && polylift_blas_size(m) && polylift_blas_size(n)                   \
               && polylift_blas_size(k) && lda && ldb && ldc;                                 \
    if (m <= 0 || n <= 0)                                                                     \
      return;                                                                                 \
    for (int64_t b = 0; b < nb; b++) {                                                        \
      const T *Ab = A + b * ldA0, *Bb = B + b * ldB0;                                         \
      T *Cb = C + b * ldC0;                                                                   \
      if (blas) {                                                                             \
        cblas_##P##gemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, (int)m, (int)n, (int)k,    \
                        alpha, Ab, lda, Bb, ldb, beta, Cb, ldc);                              \
        continue;                                                                             \
      }                                                                                       \
      for (int64_t i = 0; i < m; i++)                                                         \
        for (int64_t j = 0; j < n; j++) {                                                     \
          T c = beta == 0 ? (T)0 : beta * Cb[i * ldC1 + j];                                   \
          for (int64_t p = 0; p < k; p++)                                                     \
            c = c + alpha * (Ab[i * ldA1 + p] * Bb[p * ldB1 + j]);                            \
          Cb[i * ldC1 + j] = c;                                                               \
        }                                                                                     \
    }                                                                                         \
  }

POLYLIFT_HOST_GEMM_BATCHED(float, f32, s)
POLYLIFT_HOST_GEMM_BATCHED(double, f64, d)
