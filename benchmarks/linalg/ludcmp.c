/*
 * ludcmp: solve A x = b by in-place LU factorisation without pivoting, then forward
 * substitution L y = b and back substitution U x = y.
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

static void kernel_ludcmp(int n, DATA_TYPE A[restrict n][n], DATA_TYPE b[restrict n],
                          DATA_TYPE x[restrict n], DATA_TYPE y[restrict n])
{
  int i, j, k;
  DATA_TYPE w;

  for (i = 0; i < n; i++) {
    for (j = 0; j < i; j++) {
      w = A[i][j];
      for (k = 0; k < j; k++)
        w -= A[i][k] * A[k][j];
      A[i][j] = w / A[j][j];
    }
    for (j = i; j < n; j++) {
      w = A[i][j];
      for (k = 0; k < i; k++)
        w -= A[i][k] * A[k][j];
      A[i][j] = w;
    }
  }
  for (i = 0; i < n; i++) {
    w = b[i];
    for (j = 0; j < i; j++)
      w -= A[i][j] * y[j];
    y[i] = w;
  }
  for (i = n - 1; i >= 0; i--) {
    w = y[i];
    for (j = i + 1; j < n; j++)
      w -= A[i][j] * x[j];
    x[i] = w / A[i][i];
  }
}

int main(void)
{
  int n = N;
  int i, j;
  DATA_TYPE (*A)[n] = POLYLIFT_ALLOC(n * n, DATA_TYPE);
  DATA_TYPE *b = POLYLIFT_ALLOC(n, DATA_TYPE);
  DATA_TYPE *x = POLYLIFT_ALLOC(n, DATA_TYPE);
  DATA_TYPE *y = POLYLIFT_ALLOC(n, DATA_TYPE);

  /* Strictly diagonally dominant: no pivoting needed. */
  for (i = 0; i < n; i++) {
    b[i] = SCALAR_VAL(4.0) + (DATA_TYPE)(i + 1) / n / 2;
    for (j = 0; j < n; j++)
      A[i][j] = i == j ? SCALAR_VAL(2.0) + (DATA_TYPE)(i % 3) / 2
                       : (DATA_TYPE)((3 * i + 2 * j) % 9 - 4) / (4 * n);
  }

  kernel_ludcmp(n, A, b, x, y);

  POLYLIFT_CHECKSUM("A", A[0][0], n * n);
  POLYLIFT_CHECKSUM("x", x[0], n);
  POLYLIFT_CHECKSUM("y", y[0], n);
  free(A);
  free(b);
  free(x);
  free(y);
  return 0;
}
