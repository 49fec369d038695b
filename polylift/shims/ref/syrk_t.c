/*
 * ref shim of launch `syrk_t` (blas.syrk_t, _zero1, _acc): the whole C, per (i, j):
 *   c = beta * C[i,j]  (c = 0 when beta == 0: C is not read),
 *   then for p ascending  c = c + alpha * (A[p,i] * A[p,j]).
 */
#include "polylift_shims.h"

#define POLYLIFT_REF_SYRK_T(T, DT)                                                            \
  void polylift_ref_syrk_t_##DT(int64_t n, int64_t k, T alpha, const T *A, int64_t ldA,       \
                                T beta, T *C, int64_t ldC)                                    \
  {                                                                                           \
    for (int64_t i = 0; i < n; i++)                                                           \
      for (int64_t j = 0; j < n; j++) {                                                       \
        T c = beta == 0 ? (T)0 : beta * C[i * ldC + j];                                       \
        for (int64_t p = 0; p < k; p++)                                                       \
          c = c + alpha * (A[p * ldA + i] * A[p * ldA + j]);                                  \
        C[i * ldC + j] = c;                                                                   \
      }                                                                                       \
  }

POLYLIFT_REF_SYRK_T(float, f32)
POLYLIFT_REF_SYRK_T(double, f64)
