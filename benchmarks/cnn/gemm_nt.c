/*
 * gemm_nt: the gemm inner routine of a C CNN framework with B transposed, on row-major flattened arrays:
 * C[i][j] += sum_k ALPHA * A[i][k] * B[j][k]
 * (A is M x K with leading dimension lda, B is N x K with ldb, C is M x N with ldc).
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
 *   POLYLIFT_EXTENT(B, N * ldb)
 *   POLYLIFT_EXTENT(C, M * ldc)
 */
static void kernel_gemm_nt(int M, int N, int K, int lda, int ldb, int ldc, float ALPHA,
                           float *restrict A, float *restrict B, float *restrict C)
{
  int i, j, k;

  for (i = 0; i < M; ++i) {
    for (j = 0; j < N; ++j) {
      float sum = 0;
      for (k = 0; k < K; ++k) {
        sum += ALPHA * A[i * lda + k] * B[j * ldb + k];
      }
      C[i * ldc + j] += sum;
    }
  }
}

int main(void)
{
  int M = SIZE_M, N = SIZE_N, K = SIZE_K;
  int lda = K, ldb = K, ldc = N;
  int i, j;
  float ALPHA = 1.0f;
  float *A = POLYLIFT_ALLOC(M * lda, float);
  float *B = POLYLIFT_ALLOC(N * ldb, float);
  float *C = POLYLIFT_ALLOC(M * ldc, float);

  for (i = 0; i < M; i++)
    for (j = 0; j < K; j++)
      A[i * lda + j] = (float)((i * 7 + j * 3) % 17 - 8) / 16.0f;
  for (i = 0; i < N; i++)
    for (j = 0; j < K; j++)
      B[i * ldb + j] = (float)((i * 11 + j * 5) % 13 - 6) / 8.0f;
  for (i = 0; i < M; i++)
    for (j = 0; j < N; j++)
      C[i * ldc + j] = (float)((i + j * 2) % 7 - 3) / 4.0f;

  kernel_gemm_nt(M, N, K, lda, ldb, ldc, ALPHA, A, B, C);

  polylift_checksum_f32("C", C, (size_t)M * ldc);
  free(A);
  free(B);
  free(C);
  return 0;
}
