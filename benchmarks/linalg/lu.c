/*
 * lu: in-place LU factorisation without pivoting (Doolittle), A = L * U with L unit lower
 * triangular.  U overwrites the upper triangle of A, L the strict lower triangle.
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

static void kernel_lu(int n, DATA_TYPE A[restrict n][n])
{
  int i, j, k;

  for (i = 0; i < n; i++) {
    for (j = 0; j < i; j++) {
      for (k = 0; k < j; k++)
        A[i][j] -= A[i][k] * A[k][j];
      A[i][j] /= A[j][j];
    }
    for (j = i; j < n; j++)
      for (k = 0; k < i; k++)
        A[i][j] -= A[i][k] * A[k][j];
  }
}

int main(void)
{
  int n = N;
  int i, j;
  DATA_TYPE (*A)[n] = POLYLIFT_ALLOC(n * n, DATA_TYPE);

  /* Strictly diagonally dominant (off-diagonal row sums below 1, diagonal >= 2), so the
   * factorisation exists without pivoting and is stable. */
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      A[i][j] = i == j ? SCALAR_VAL(2.0) + (DATA_TYPE)(i % 3) / 2
                       : (DATA_TYPE)((2 * i + 3 * j) % 9 - 4) / (4 * n);

  kernel_lu(n, A);

  POLYLIFT_CHECKSUM("A", A[0][0], n * n);
  free(A);
  return 0;
}
