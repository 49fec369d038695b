/*
 * ata_gemm: Gram matrix C = A^T * A of a k x n matrix A, single precision
 * (C[i][j] = sum_p A[p][i] * A[p][j]; C is n x n and symmetric).
 */
#include "polylift_bench.h"

#if defined(MINI_DATASET)
#define SIZE_N 24
#define SIZE_K 32
#elif defined(SMALL_DATASET)
#define SIZE_N 72
#define SIZE_K 96
#elif defined(LARGE_DATASET)
#define SIZE_N 1024
#define SIZE_K 1536
#elif defined(EXTRALARGE_DATASET)
#define SIZE_N 2048
#define SIZE_K 3072
#else
#define SIZE_N 256
#define SIZE_K 384
#endif

static void kernel_ata_gemm(int n, int k, float A[restrict k][n], float C[restrict n][n])
{
  int i, j, p;
  float a;

  for (i = 0; i < n; i++) {
    for (j = 0; j < n; j++)
      C[i][j] = 0.0f;
    for (p = 0; p < k; p++) {
      a = A[p][i];
      for (j = 0; j < n; j++)
        C[i][j] += a * A[p][j];
    }
  }
}

int main(void)
{
  int n = SIZE_N, k = SIZE_K;
  int i, j;
  float (*A)[n] = POLYLIFT_ALLOC(k * n, float);
  float (*C)[n] = POLYLIFT_ALLOC(n * n, float);

  for (i = 0; i < k; i++)
    for (j = 0; j < n; j++)
      A[i][j] = (float)((i * 7 + j * 5 + i * j) % 19 - 9) / 16.0f;

  kernel_ata_gemm(n, k, A, C);

  polylift_checksum_f32("C", &C[0][0], (size_t)n * n);
  free(A);
  free(C);
  return 0;
}
