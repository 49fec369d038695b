/*
 * ref shim of launch `syrk_lower` (blas.syrk_lower): the lower triangle of C only,
 *   C[i,j] = beta * C[i,j]            for j <= i,
 *   then for k ascending  C[i,j] = C[i,j] + (alpha * A[i,k]) * A[j,k]   for j <= i.
 * beta is applied as written (a NaN or Inf in C stays one when beta == 0), because the
 * template's `beta * C` reads C whatever beta is. The upper triangle is not touched.
 */
#include "polylift_shims.h"

#define POLYLIFT_REF_SYRK_LOWER(T, DT)                                                        \
  void polylift_ref_syrk_lower_##DT(int64_t n, int64_t k, T alpha, const T *A, int64_t ldA,   \
                                    T beta, T *C, int64_t ldC)                                \
  {                                                                                           \
    for (int64_t i = 0; i < n; i++)                                                           \
      for (int64_t j = 0; j <= i; j++)                                                        \
        C[i * ldC + j] = beta * C[i * ldC + j];                                               \
    for (int64_t i = 0; i < n; i++)                                                           \
      for (int64_t p = 0; p < k; p++)                                                         \
        for (int64_t j = 0; j <= i; j++)                                                      \
          C[i * ldC + j] = C[i * ldC + j] + alpha * A[i * ldA + p] * A[j * ldA + p];          \
  }

POLYLIFT_REF_SYRK_LOWER(float, f32)
POLYLIFT_REF_SYRK_LOWER(double, f64)
