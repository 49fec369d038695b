/*
 * symm: C := alpha * A * B + beta * C, where A is an m x m symmetric matrix of which only
 * the lower triangle (diagonal included) is referenced, and B, C are m x n.
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

static void kernel_symm(int m, int n, DATA_TYPE alpha, DATA_TYPE beta,
                        DATA_TYPE C[restrict m][n], DATA_TYPE A[restrict m][m],
                        DATA_TYPE B[restrict m][n])
{
  int i, j, k;
  DATA_TYPE temp2;

  for (i = 0; i < m; i++)
    for (j = 0; j < n; j++) {
      temp2 = SCALAR_VAL(0.0);
      for (k = 0; k < i; k++) {
        /* A[k][i] == A[i][k]: row i of B contributes to the rows above it. */
        C[k][j] += alpha * B[i][j] * A[i][k];
        temp2 += B[k][j] * A[i][k];
      }
      C[i][j] = beta * C[i][j] + alpha * B[i][j] * A[i][i] + alpha * temp2;
    }
}

int main(void)
{
  int m = M, n = N;
  int i, j;
  DATA_TYPE alpha = SCALAR_VAL(1.5);
  DATA_TYPE beta = SCALAR_VAL(1.2);
  DATA_TYPE (*C)[n] = POLYLIFT_ALLOC(m * n, DATA_TYPE);
  DATA_TYPE (*A)[m] = POLYLIFT_ALLOC(m * m, DATA_TYPE);
  DATA_TYPE (*B)[n] = POLYLIFT_ALLOC(m * n, DATA_TYPE);

  for (i = 0; i < m; i++)
    for (j = 0; j < n; j++) {
      C[i][j] = (DATA_TYPE)((i + j) % 100) / m;
      B[i][j] = (DATA_TYPE)((n + i - j) % 100) / m;
    }
  /* Lower triangle holds the matrix; the upper triangle is never read. */
  for (i = 0; i < m; i++)
    for (j = 0; j < m; j++)
      A[i][j] = j <= i ? (DATA_TYPE)((i + j) % 100) / m : SCALAR_VAL(-999.0);

  kernel_symm(m, n, alpha, beta, C, A, B);

  POLYLIFT_CHECKSUM("C", C[0][0], m * n);
  free(C);
  free(A);
  free(B);
  return 0;
}
