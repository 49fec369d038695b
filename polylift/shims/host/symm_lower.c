/*
 * host shim of launch `symm_lower` (blas.symm_lower): C = alpha * A.B + beta * C with A
 * symmetric, stored in its lower triangle, by CBLAS ?symm (side left, lower; reassociated),
 * which reads only that triangle. beta == 0 does not read C, as in ref (the launch
 * lowering stores 0 * C itself when the source reads it). alpha == 0 and views CBLAS
 * cannot take run the ref loop (CBLAS skips the product when alpha == 0, dropping the
 * NaN and -0 its terms may hold).
 */
#include "polylift_shims.h"
#include "host_blas.h"

#define POLYLIFT_HOST_SYMM_LOWER(T, DT, P)                                                    \
  void polylift_host_symm_lower_##DT(int64_t m, int64_t n, T alpha, const T *A, int64_t ldA, \
                                     const T *B, int64_t ldB, T beta, T *C, int64_t ldC)      \
  {                                                                                           \
    int lda = polylift_blas_ld(ldA, m, m), ldb = polylift_blas_ld(ldB, m, n);                 \
    int ldc = polylift_blas_ld(ldC, m, n);                                                    \
    if (m <= 0 || n <= 0)                                                                     \
      return;                                                                                 \
    if (alpha != 0 && polylift_blas_size(m) && polylift_blas_size(n) && lda && ldb && ldc) {  \
      cblas_##P##symm(CblasRowMajor, CblasLeft, CblasLower, (int)m, (int)n, alpha, A, lda, B, \
                      ldb, beta, C, ldc);                                                     \
      return;                                                                                 \
    }                                                                                         \
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

POLYLIFT_HOST_SYMM_LOWER(float, f32, s)
POLYLIFT_HOST_SYMM_LOWER(double, f64, d)
