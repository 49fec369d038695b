/*
 * gemm_nn: the gemm inner routine of a C CNN framework for untransposed operands, on row-major flattened
 * arrays with leading dimensions: C[i][j] += ALPHA * sum_k A[i][k] * B[k][j]
 * (A is M x K with leading dimension lda, B is K x N with ldb, C is M x N with ldc).
 */
#include "polylift_bench.h"

#if defined(MINI_DATASET)
#define SIZE_M 24
#define SIZE_N 28
#define SIZE_K 32
#elif defined(SMALL_DATASET)
#define SIZE_M 64
#define SIZE_N 72
#define SIZE_K 80
#elif defined(LARGE_DATASET)
#define SIZE_M 1024
#define SIZE_N 1152
#define SIZE_K 1280
#elif defined(EXTRALARGE_DATASET)
#define SIZE_M 2048
#define SIZE_N 2304
#define SIZE_K 2560
#else
#define SIZE_M 256
#define SIZE_N 288
#define SIZE_K 320
#endif

/* Element counts of the pointer parameters, for the polylift harness:
 *   POLYLIFT_EXTENT(A, M * lda)
 *   POLYLIFT_EXTENT(B, K * ldb)
 *   POLYLIFT_EXTENT(C, M * ldc)
 */
static void kernel_gemm_nn(int M, int N, int K, int lda, int ldb, int ldc, float ALPHA,
                           float *restrict A, float *restrict B, float *restrict C)
{
  int i, j, k;

  for (i = 0; i < M; ++i) {
    for (k = 0; k < K; ++k) {
      float A_PART = ALPHA * A[i * lda + k];
      for (j = 0; j < N; ++j) {
        C[i * ldc + j] += A_PART * B[k * ldb + j];
      }
    }
  }
}

int main(void)
{
  int M = SIZE_M, N = SIZE_N, K = SIZE_K;
  int lda = K, ldb = N, ldc = N;
  int i, j;
  float ALPHA = 1.0f;
  float *A = POLYLIFT_ALLOC(M * lda, float);
  float *B = POLYLIFT_ALLOC(K * ldb, float);
  float *C = POLYLIFT_ALLOC(M * ldc, float);

  for (i = 0; i < M; i++)
    for (j = 0; j < K; j++)
      A[i * lda + j] = (float)((i * 7 + j * 3) % 17 - 8) / 16.0f;
  for (i = 0; i < K; i++)
    for (j = 0; j < N; j++)
      B[i * ldb + j] = (float)((i * 5 + j * 11) % 13 - 6) / 8.0f;
  for (i = 0; i < M; i++)
    for (j = 0; j < N; j++)
      C[i * ldc + j] = (float)((i + j * 2) % 7 - 3) / 4.0f;

  kernel_gemm_nn(M, N, K, lda, ldb, ldc, ALPHA, A, B, C);

  polylift_checksum_f32("C", C, (size_t)M * ldc);
  free(A);
  free(B);
  free(C);
  return 0;
}
