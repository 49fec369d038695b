/*
 * host shim of launch `syrk_lower` (blas.syrk_lower): the lower triangle of
 * C = alpha * A.A^T + beta * C by CBLAS ?syrk (reassociated), which leaves the upper
 * triangle alone, as the template does. The template reads C whatever beta is, and
 * CBLAS does not read it when beta == 0, so that case scales the triangle first (a NaN
 * stays a NaN) and calls with beta = 1. alpha == 0 and views CBLAS cannot take run the
 * ref loop (CBLAS skips the product when alpha == 0, dropping the NaN it may hold).
 */
#include "polylift_shims.h"
#include "host_blas.h"
#include "host_triangle.h"

#define POLYLIFT_HOST_SYRK_LOWER(T, DT, P)                                                    \
  void polylift_host_syrk_lower_##DT(int64_t n, int64_t k, T alpha, const T *A, int64_t ldA,  \
                                     T beta, T *C, int64_t ldC)                               \
  {                                                                                           \
    int lda = polylift_blas_ld(ldA, n, k), ldc = polylift_blas_ld(ldC, n, n);                 \
    if (n <= 0)                                                                               \
      return;                                                                                 \
    if (alpha == 0 || !polylift_blas_size(n) || !polylift_blas_size(k) || !lda || !ldc) {     \
      polylift_loop_syrk_lower_##DT(n, k, alpha, A, ldA, beta, C, ldC);                       \
      return;                                                                                 \
    }                                                                                         \
    if (beta == 0) {                                                                          \
      polylift_scale_lower_##DT(n, beta, C, ldC);                                             \
      beta = 1;                                                                               \
    }                                                                                         \
    cblas_##P##syrk(CblasRowMajor, CblasLower, CblasNoTrans, (int)n, (int)k, alpha, A, lda,   \
                    beta, C, ldc);                                                            \
  }

POLYLIFT_HOST_SYRK_LOWER(float, f32, s)
POLYLIFT_HOST_SYRK_LOWER(double, f64, d)
