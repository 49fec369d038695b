/*
 * host shim of launch `gemm_bias_relu` (cnn.gemm_bias_relu): C = A.B by CBLAS sgemm
 * (beta = 0, reassociated), then per element v = C + bias[j], C = v > 0 ? v : 0. Views
 * CBLAS cannot take run the ref loop.
 */
#include "polylift_shims.h"
#include "host_blas.h"

void polylift_host_gemm_bias_relu_f32(int64_t m, int64_t n, int64_t k, const float *A,
                                      int64_t ldA, const float *B, int64_t ldB,
                                      const float *bias, int64_t incbias, float *C, int64_t ldC)
{
  int lda = polylift_blas_ld(ldA, m, k), ldb = polylift_blas_ld(ldB, k, n);
  int ldc = polylift_blas_ld(ldC, m, n);
  if (m <= 0 || n <= 0)
    return;
  if (polylift_blas_size(m) && polylift_blas_size(n) && polylift_blas_size(k) && lda && ldb
      && ldc) {
    cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, (int)m, (int)n, (int)k, 1.0f, A,
                lda, B, ldb, 0.0f, C, ldc);
  } else {
    for (int64_t i = 0; i < m; i++)
      for (int64_t j = 0; j < n; j++) {
        float c = 0.0f;
        for (int64_t p = 0; p < k; p++)
          c = c + A[i * ldA + p] * B[p * ldB + j];
        C[i * ldC + j] = c;
      }
  }
  for (int64_t i = 0; i < m; i++)
    for (int64_t j = 0; j < n; j++) {
      float v = C[i * ldC + j] + bias[j * incbias];
      C[i * ldC + j] = v > 0.0f ? v : 0.0f;
    }
}
