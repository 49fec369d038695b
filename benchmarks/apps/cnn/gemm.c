/*
 * gemm.c - matrix products on row-major matrices with leading dimensions:
 *   gemm_nn: C += ALPHA * A * B      (A is M x K, B is K x N, C is M x N)
 *   gemm_nt: C += ALPHA * A * B^T    (A is M x K, B is N x K, C is M x N)
 * The caller clears or scales C first (fill_cpu, scal_cpu).
 */
#include "cnn.h"

void gemm_nn(int M, int N, int K, float ALPHA, float *A, int lda, float *B, int ldb,
             float *C, int ldc)
{
  for (int i = 0; i < M; i++)
    for (int k = 0; k < K; k++)
      for (int j = 0; j < N; j++)
        C[i * ldc + j] += ALPHA * A[i * lda + k] * B[k * ldb + j];
}

void gemm_nt(int M, int N, int K, float ALPHA, float *A, int lda, float *B, int ldb,
             float *C, int ldc)
{
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      float sum = 0;
      for (int k = 0; k < K; k++)
        sum += ALPHA * A[i * lda + k] * B[j * ldb + k];
      C[i * ldc + j] += sum;
    }
}
