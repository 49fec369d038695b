/*
 * The host shims of `trmm_upper` and `trmm_lower`: C = alpha * A.B with A triangular.
 * CBLAS ?trmm overwrites its B operand, so B is copied into C first, then ?trmm runs on
 * C. The template starts each sum at +0, so it never yields -0; OpenBLAS's ?trmm does
 * not either, even on a B of -0 (tests/exec/test_shims_blas.py checks it). alpha == 0
 * and views CBLAS cannot take run the ref loop (CBLAS skips the product when alpha == 0,
 * dropping the NaN it may hold).
 */
#ifndef POLYLIFT_HOST_TRMM_H
#define POLYLIFT_HOST_TRMM_H

#include <string.h>

#include "host_blas.h"

/* K_LO and K_HI bound the triangle's k for row i: [i, m) above, [0, i + 1) below. */
#define POLYLIFT_HOST_TRMM(T, DT, P, SIDE, UPLO, K_LO, K_HI)                                  \
  void polylift_host_trmm_##SIDE##_##DT(int64_t m, int64_t n, T alpha, const T *A,            \
                                        int64_t ldA, const T *B, int64_t ldB, T *C,           \
                                        int64_t ldC)                                          \
  {                                                                                           \
    int lda = polylift_blas_ld(ldA, m, m), ldc = polylift_blas_ld(ldC, m, n);                 \
    if (m <= 0 || n <= 0)                                                                     \
      return;                                                                                 \
    if (alpha == 0 || !polylift_blas_size(m) || !polylift_blas_size(n) || !lda || !ldc) {     \
      for (int64_t i = 0; i < m; i++)                                                         \
        for (int64_t j = 0; j < n; j++) {                                                     \
          T c = 0;                                                                            \
          for (int64_t k = K_LO; k < K_HI; k++)                                               \
            c = c + alpha * A[i * ldA + k] * B[k * ldB + j];                                  \
          C[i * ldC + j] = c;                                                                 \
        }                                                                                     \
      return;                                                                                 \
    }                                                                                         \
    for (int64_t i = 0; i < m; i++)                                                           \
      memcpy(C + i * ldC, B + i * ldB, (size_t)n * sizeof(T));                                \
    cblas_##P##trmm(CblasRowMajor, CblasLeft, UPLO, CblasNoTrans, CblasNonUnit, (int)m,       \
                    (int)n, alpha, A, lda, C, ldc);                                           \
  }

#endif
