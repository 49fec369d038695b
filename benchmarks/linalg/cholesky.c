/*
 * cholesky: in-place Cholesky factorisation A = L * L^T of a symmetric positive definite
 * matrix; L overwrites the lower triangle of A (the upper triangle is neither read nor
 * written).
 */
#include "polylift_bench.h"

#if defined(MINI_DATASET)
#define N 40
#elif defined(SMALL_DATASET)
#define N 120
#elif defined(LARGE_DATASET)
#define N 2000
#elif defined(EXTRALARGE_DATASET)
#define N 4000
#else
#define N 400
#endif

static void kernel_cholesky(int n, DATA_TYPE A[restrict n][n])
{
  int i, j, k;

  for (i = 0; i < n; i++) {
    /* L[i][j] = (A[i][j] - sum_{k<j} L[i][k] L[j][k]) / L[j][j] */
    for (j = 0; j < i; j++) {
      for (k = 0; k < j; k++)
        A[i][j] -= A[i][k] * A[j][k];
      A[i][j] /= A[j][j];
    }
    /* L[i][i] = sqrt(A[i][i] - sum_{k<i} L[i][k]^2) */
    for (k = 0; k < i; k++)
      A[i][i] -= A[i][k] * A[i][k];
    A[i][i] = SQRT_FUN(A[i][i]);
  }
}

int main(void)
{
  int n = N;
  int i, j;
  DATA_TYPE (*A)[n] = POLYLIFT_ALLOC(n * n, DATA_TYPE);

  /* Symmetric and strictly diagonally dominant with a positive diagonal: positive
   * definite.  Off-diagonal entries lie in (0, 7/n], so every row sum stays below 7. */
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      A[i][j] = i == j ? SCALAR_VAL(8.0) : (DATA_TYPE)((i + j) % 7 + 1) / n;

  kernel_cholesky(n, A);

  POLYLIFT_CHECKSUM("A", A[0][0], n * n);
  free(A);
  return 0;
}
