/*
 * gemm_bias_relu: dense layer with bias and ReLU, single precision:
 * C[i][j] = max(0, sum_k A[i][k] * B[k][j] + bias[j])
 * (A: m inputs rows of k features, B: k x n weights, bias per output column).
 */
#include "polylift_bench.h"

#if defined(MINI_DATASET)
#define SIZE_M 16
#define SIZE_N 24
#define SIZE_K 32
#elif defined(SMALL_DATASET)
#define SIZE_M 64
#define SIZE_N 96
#define SIZE_K 128
#elif defined(LARGE_DATASET)
#define SIZE_M 512
#define SIZE_N 1024
#define SIZE_K 2048
#elif defined(EXTRALARGE_DATASET)
#define SIZE_M 1024
#define SIZE_N 4096
#define SIZE_K 4096
#else
#define SIZE_M 128
#define SIZE_N 256
#define SIZE_K 512
#endif

static void kernel_gemm_bias_relu(int m, int n, int k, float A[restrict m][k],
                                  float B[restrict k][n], float bias[restrict n],
                                  float C[restrict m][n])
{
  int i, j, p;
  float v;

  for (i = 0; i < m; i++) {
    for (j = 0; j < n; j++)
      C[i][j] = 0.0f;
    for (p = 0; p < k; p++)
      for (j = 0; j < n; j++)
        C[i][j] += A[i][p] * B[p][j];
  }
  for (i = 0; i < m; i++)
    for (j = 0; j < n; j++) {
      v = C[i][j] + bias[j];
      C[i][j] = v > 0.0f ? v : 0.0f;
    }
}

int main(void)
{
  int m = SIZE_M, n = SIZE_N, k = SIZE_K;
  int i, j;
  float (*A)[k] = POLYLIFT_ALLOC(m * k, float);
  float (*B)[n] = POLYLIFT_ALLOC(k * n, float);
  float *bias = POLYLIFT_ALLOC(n, float);
  float (*C)[n] = POLYLIFT_ALLOC(m * n, float);

  for (i = 0; i < m; i++)
    for (j = 0; j < k; j++)
      A[i][j] = (float)((i * 7 + j * 3) % 17 - 8) / 16.0f;
  for (i = 0; i < k; i++)
    for (j = 0; j < n; j++)
      B[i][j] = (float)((i * 5 + j * 11) % 13 - 6) / 32.0f;
  for (j = 0; j < n; j++)
    bias[j] = (float)(j % 9 - 4) / 8.0f;

  kernel_gemm_bias_relu(m, n, k, A, B, bias, C);

  polylift_checksum_f32("C", &C[0][0], (size_t)m * n);
  free(A);
  free(B);
  free(bias);
  free(C);
  return 0;
}
