/*
 * trmm: triangular matrix product B := alpha * A^T * B, where A is m x m unit lower
 * triangular (its diagonal is taken as 1 and only the strict lower triangle is read)
 * and B is m x n.  Row i of the result needs rows k > i of B, which are still unchanged
 * when rows are processed in increasing order, so the product is computed in place.
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

static void kernel_trmm(int m, int n, DATA_TYPE alpha, DATA_TYPE A[restrict m][m],
                        DATA_TYPE B[restrict m][n])
{
  int i, j, k;

  for (i = 0; i < m; i++)
    for (j = 0; j < n; j++) {
      for (k = i + 1; k < m; k++)
        B[i][j] += A[k][i] * B[k][j];
      B[i][j] = alpha * B[i][j];
    }
}

int main(void)
{
  int m = M, n = N;
  int i, j;
  DATA_TYPE alpha = SCALAR_VAL(1.5);
  DATA_TYPE (*A)[m] = POLYLIFT_ALLOC(m * m, DATA_TYPE);
  DATA_TYPE (*B)[n] = POLYLIFT_ALLOC(m * n, DATA_TYPE);

  for (i = 0; i < m; i++) {
    for (j = 0; j < i; j++)
      A[i][j] = (DATA_TYPE)((i + j) % m) / m;
    A[i][i] = SCALAR_VAL(1.0);
    for (j = i + 1; j < m; j++)
      A[i][j] = SCALAR_VAL(0.0);
    for (j = 0; j < n; j++)
      B[i][j] = (DATA_TYPE)((n + (i - j)) % n) / n;
  }

  kernel_trmm(m, n, alpha, A, B);

  POLYLIFT_CHECKSUM("B", B[0][0], m * n);
  free(A);
  free(B);
  return 0;
}
