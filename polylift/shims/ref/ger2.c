/*
 * ref shim of launch `ger2` (blas.ger2), per (i, j):
 *   A[i,j] = (A[i,j] + u1[i] * v1[j]) + u2[i] * v2[j].
 */
#include "polylift_shims.h"

#define POLYLIFT_REF_GER2(T, DT)                                                              \
  void polylift_ref_ger2_##DT(int64_t m, int64_t n, const T *u1, int64_t incu1, const T *v1,  \
                              int64_t incv1, const T *u2, int64_t incu2, const T *v2,         \
                              int64_t incv2, T *A, int64_t ldA)                               \
  {                                                                                           \
    for (int64_t i = 0; i < m; i++)                                                           \
      for (int64_t j = 0; j < n; j++)                                                         \
        A[i * ldA + j] = (A[i * ldA + j] + u1[i * incu1] * v1[j * incv1])                     \
                         + u2[i * incu2] * v2[j * incv2];                                     \
  }

POLYLIFT_REF_GER2(float, f32)
POLYLIFT_REF_GER2(double, f64)
