/*
 * host shim of launch `syr2k_lower` (blas.syr2k_lower): the lower triangle of
 * C = alpha * (A.B^T + B.A^T) + beta * C by CBLAS ?syr2k (reassociated), which leaves
 * the upper triangle alone. beta == 0 and alpha == 0 as in syrk_lower.c.
 */
#include "polylift_shims.h"
#include "host_blas.h"
#include "host_triangle.h"

#define POLYLIFT_HOST_SYR2K_LOWER(T, DT, P)                                                   \
  void polylift_host_syr2k_lower_##DT(int64_t n, int64_t k, T alpha, const T *A, int64_t ldA, \
                                      const T *B, int64_t ldB, T beta, T *C, int64_t ldC)     \
  {                                                                                           \
    int lda = polylift_blas_ld(ldA, n, k), ldb = polylift_blas_ld(ldB, n, k);                 \
    int ldc = polylift_blas_ld(ldC, n, n);                                                    \
    if (n <= 0)                                                                               \
      return;                                                                                 \
    if (alpha == 0 || !polylift_blas_size(n) || !polylift_blas_size(k) || !lda || !ldb        \
        || !ldc) {                                                                            \
      polylift_loop_syr2k_lower_##DT(n, k, alpha, A, ldA, B, ldB, beta, C, ldC);              \
      return;                                                                                 \
    }                                                                                         \
    if (beta == 0) {                                                                          \
      polylift_scale_lower_##DT(n, beta, C, ldC);                                             \
      beta = 1;                                                                               \
    }                                                                                         \
    cblas_##P##syr2k(CblasRowMajor, CblasLower, CblasNoTrans, (int)n, (int)k, alpha, A, lda,  \
                     B, ldb, beta, C, ldc);                                                   \
  }

POLYLIFT_HOST_SYR2K_LOWER(float, f32, s)
POLYLIFT_HOST_SYR2K_LOWER(double, f64, d)
