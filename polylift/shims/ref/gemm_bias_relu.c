/*
 * ref shim of launch `gemm_bias_relu` (cnn.gemm_bias_relu), per (i, j):
 *   c = 0, then for k ascending  c = c + A[i,k] * B[k,j];
 *   v = c + bias[j];  C[i,j] = v > 0 ? v : 0.
 */
#include "polylift_shims.h"

void polylift_ref_gemm_bias_relu_f32(int64_t m, int64_t n, int64_t k, const float *A,
                                     int64_t ldA, const float *B, int64_t ldB,
                                     const float *bias, int64_t incbias, float *C, int64_t ldC)
{
  for (int64_t i = 0; i < m; i++)
    for (int64_t j = 0; j < n; j++) {
      float c = 0.0f;
      for (int64_t p = 0; p < k; p++)
        c = c + A[i * ldA + p] * B[p * ldB + j];
      float v = c + bias[j * incbias];
      C[i * ldC + j] = v > 0.0f ? v : 0.0f;
    }
}
