/*
 * host shim of launch `ger2` (blas.ger2): A = (A + u1.v1^T) + u2.v2^T as two CBLAS ?ger
 * calls with alpha = 1 (the same operations in the same order, up to a library's
 * multiply-add contraction). Views CBLAS cannot take run the ref loop.
 */
#include "polylift_shims.h"
#include "host_blas.h"

#define POLYLIFT_HOST_GER2(T, DT, P)                                                          \
  void polylift_host_ger2_##DT(int64_t m, int64_t n, const T *u1, int64_t incu1,              \
                               const T *v1, int64_t incv1, const T *u2, int64_t incu2,        \
                               const T *v2, int64_t incv2, T *A, int64_t ldA)                 \
  {                                                                                           \
    int lda = polylift_blas_ld(ldA, m, n);                                                    \
    int i1 = polylift_blas_inc(incu1, m), j1 = polylift_blas_inc(incv1, n);                   \
    int i2 = polylift_blas_inc(incu2, m), j2 = polylift_blas_inc(incv2, n);                   \
    if (m <= 0 || n <= 0)                                                                     \
      return;                                                                                 \
    if (polylift_blas_size(m) && polylift_blas_size(n) && lda && i1 && j1 && i2 && j2) {      \
      cblas_##P##ger(CblasRowMajor, (int)m, (int)n, (T)1, u1, i1, v1, j1, A, lda);            \
      cblas_##P##ger(CblasRowMajor, (int)m, (int)n, (T)1, u2, i2, v2, j2, A, lda);            \
      return;                                                                                 \
    }                                                                                         \
    for (int64_t i = 0; i < m; i++)                                                           \
      for (int64_t j = 0; j < n; j++)                                                         \
        A[i * ldA + j] = (A[i * ldA + j] + u1[i * incu1] * v1[j * incv1])                     \
                         + u2[i * incu2] * v2[j * incv2];                                     \
  }

POLYLIFT_HOST_GER2(float, f32, s)
POLYLIFT_HOST_GER2(double, f64, d)
