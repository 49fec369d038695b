/*
 * ref shim of launch `syr2k_lower` (blas.syr2k_lower): the lower triangle of C only,
 *   C[i,j] = beta * C[i,j]            for j <= i,
 *   then for k ascending
 *   C[i,j] = C[i,j] + ((A[j,k] * alpha) * B[i,k] + (B[j,k] * alpha) * A[i,k])   for j <= i.
 * beta is applied as written, as in syrk_lower. The upper triangle is not touched.
 */
#include "polylift_shims.h"

#define POLYLIFT_REF_SYR2K_LOWER(T, DT)                                                       \
  void polylift_ref_syr2k_lower_##DT(int64_t n, int64_t k, T alpha, const T *A, int64_t ldA,  \
                                     const T *B, int64_t ldB, T beta, T *C, int64_t ldC)      \
  {                                                                                           \
    for (int64_t i = 0; i < n; i++)                                                           \
      for (int64_t j = 0; j <= i; j++)                                                        \
        C[i * ldC + j] = beta * C[i * ldC + j];                                               \
    for (int64_t i = 0; i < n; i++)                                                           \
      for (int64_t p = 0; p < k; p++)                                                         \
        for (int64_t j = 0; j <= i; j++)                                                      \
          C[i * ldC + j] = C[i * ldC + j] + (A[j * ldA + p] * alpha * B[i * ldB + p]          \
                                             + B[j * ldB + p] * alpha * A[i * ldA + p]);      \
  }

POLYLIFT_REF_SYR2K_LOWER(float, f32)
POLYLIFT_REF_SYR2K_LOWER(double, f64)
