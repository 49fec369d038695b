/*
 * syr2k: symmetric rank-2k update of the lower triangle,
 * C := alpha * A * B^T + alpha * B * A^T + beta * C  (C is n x n, A and B are n x m).
 */
#include "polylift_bench.h"

#if defined(MINI_DATASET)
#define M 20
#define N 30
#elif defined(SMALL_DATASET)
#define M 60
#define N 80
#elif defined(LARGE_DATASET)
#define M 1000
#define N 1200
#elif defined(EXTRALARGE_DATASET)
#define M 2000
#define N 2600
#else
#define M 200
#define N 240
#endif

static void kernel_syr2k(int n, int m, DATA_TYPE alpha, DATA_TYPE beta,
                         DATA_TYPE C[restrict n][n], DATA_TYPE A[restrict n][m],
                         DATA_TYPE B[restrict n][m])
{
  int i, j, k;

  for (i = 0; i < n; i++) {
    for (j = 0; j <= i; j++)
      C[i][j] *= beta;
    for (k = 0; k < m; k++)
      for (j = 0; j <= i; j++)
        C[i][j] += A[j][k] * alpha * B[i][k] + B[j][k] * alpha * A[i][k];
  }
}

int main(void)
{
  int n = N, m = M;
  int i, j;
  DATA_TYPE alpha = SCALAR_VAL(1.5);
  DATA_TYPE beta = SCALAR_VAL(1.2);
  DATA_TYPE (*C)[n] = POLYLIFT_ALLOC(n * n, DATA_TYPE);
  DATA_TYPE (*A)[m] = POLYLIFT_ALLOC(n * m, DATA_TYPE);
  DATA_TYPE (*B)[m] = POLYLIFT_ALLOC(n * m, DATA_TYPE);

  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++) {
      A[i][j] = (DATA_TYPE)((i * j + 1) % n) / n;
      B[i][j] = (DATA_TYPE)((i * j + 2) % m) / m;
    }
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      C[i][j] = (DATA_TYPE)((i * j + 3) % n) / m;

  kernel_syr2k(n, m, alpha, beta, C, A, B);

  POLYLIFT_CHECKSUM("C", C[0][0], n * n);
  free(C);
  free(A);
  free(B);
  return 0;
}
