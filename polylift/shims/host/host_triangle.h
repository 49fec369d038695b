/*
 * Loops of the host shims that update one triangle of C (syrk_lower, syr2k_lower): the
 * scaling that stands for beta == 0, and the plain paths taken when CBLAS cannot
 * (alpha == 0, views with strides it does not take). Each loop is the ref shim's, in
 * the template's order.
 */
#ifndef POLYLIFT_HOST_TRIANGLE_H
#define POLYLIFT_HOST_TRIANGLE_H

#include <stdint.h>

#define POLYLIFT_TRIANGLE_LOOPS(T, DT)                                                        \
  /* C[i,j] = beta * C[i,j] for j <= i: reads C, so a NaN in it stays one. */                \
  static inline void polylift_scale_lower_##DT(int64_t n, T beta, T *C, int64_t ldC)          \
  {                                                                                           \
    for (int64_t i = 0; i < n; i++)                                                           \
      for (int64_t j = 0; j <= i; j++)                                                        \
        C[i * ldC + j] = beta * C[i * ldC + j];                                               \
  }                                                                                           \
  static inline void polylift_loop_syrk_lower_##DT(int64_t n, int64_t k, T alpha, const T *A, \
                                                   int64_t ldA, T beta, T *C, int64_t ldC)    \
  {                                                                                           \
    polylift_scale_lower_##DT(n, beta, C, ldC);                                               \
    for (int64_t i = 0; i < n; i++)                                                           \
      for (int64_t p = 0; p < k; p++)                                                         \
        for (int64_t j = 0; j <= i; j++)                                                      \
          C[i * ldC + j] = C[i * ldC + j] + alpha * A[i * ldA + p] * A[j * ldA + p];          \
  }                                                                                           \
  static inline void polylift_loop_syr2k_lower_##DT(int64_t n, int64_t k, T alpha,            \
                                                    const T *A, int64_t ldA, const T *B,      \
                                                    int64_t ldB, T beta, T *C, int64_t ldC)   \
  {                                                                                           \
    polylift_scale_lower_##DT(n, beta, C, ldC);                                               \
    for (int64_t i = 0; i < n; i++)                                                           \
      for (int64_t p = 0; p < k; p++)                                                         \
        for (int64_t j = 0; j <= i; j++)                                                      \
          C[i * ldC + j] = C[i * ldC + j] + (A[j * ldA + p] * alpha * B[i * ldB + p]          \
                                             + B[j * ldB + p] * alpha * A[i * ldA + p]);      \
  }

POLYLIFT_TRIANGLE_LOOPS(float, f32)
POLYLIFT_TRIANGLE_LOOPS(double, f64)

#endif
