/*
 * host shim of launch `syrk` (blas.syrk_acc): C = alpha * A.A^T + beta * C over the whole
 * of C. CBLAS ?syrk writes one triangle only, so this is ?gemm with B = A^T, which
 * updates both (reassociated; beta == 0 does not read C). alpha == 0 and views CBLAS
 * cannot take run the ref loop.
 */
#include "polylift_shims.h"
#include "host_blas.h"

#define POLYLIFT_HOST_SYRK(T, DT, P)                                                          \
  void polylift_host_syrk_##DT(int64_t n, int64_t k, T alpha, const T *A, int64_t ldA,        \
                               T beta, T *C, int64_t ldC)                                     \
  {                                                                                           \
    int lda = polylift_blas_ld(ldA, n, k), ldc = polylift_blas_ld(ldC, n, n);                 \
    if (n <= 0)                                                                               \
      return;                                                                                 \
    if (alpha != 0 && polylift_blas_size(n) && polylift_blas_size(k) && lda && ldc) {         \
      cblas_##P##gemm(CblasRowMajor, CblasNoTrans, CblasTrans, (int)n, (int)n, (int)k, alpha, \
                      A, lda, A, lda, beta, C, ldc);                                          \
      return;                                                                                 \
    }                                                                                         \
    for (int64_t i = 0; i < n; i++)                                                           \
      for (int64_t j = 0; j < n; j++) {                                                       \
        T c = beta == 0 ? (T)0 : beta * C[i * ldC + j];                                       \
        for (int64_t p = 0; p < k; p++)                                                       \
          c = c + alpha * (A[i * ldA + p] * A[j * ldA + p]);                                  \
        C[i * ldC + j] = c;                                                                   \
      }                                                                                       \
  }

POLYLIFT_HOST_SYRK(float, f32, s)
POLYLIFT_HOST_SYRK(double, f64, d)
