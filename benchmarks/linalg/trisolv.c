/* trisolv: forward substitution, solve L x = b for a lower triangular L. */
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

static void kernel_trisolv(int n, DATA_TYPE L[restrict n][n], DATA_TYPE x[restrict n],
                           DATA_TYPE b[restrict n])
{
  int i, j;

  for (i = 0; i < n; i++) {
    x[i] = b[i];
    for (j = 0; j < i; j++)
      x[i] -= L[i][j] * x[j];
    x[i] = x[i] / L[i][i];
  }
}

int main(void)
{
  int n = N;
  int i, j;
  DATA_TYPE (*L)[n] = POLYLIFT_ALLOC(n * n, DATA_TYPE);
  DATA_TYPE *x = POLYLIFT_ALLOC(n, DATA_TYPE);
  DATA_TYPE *b = POLYLIFT_ALLOC(n, DATA_TYPE);

  /* Diagonal in [1, 1.75], strict lower row sums below 1: the solution stays bounded. */
  for (i = 0; i < n; i++) {
    b[i] = (DATA_TYPE)(i % 10) / 10;
    for (j = 0; j < n; j++)
      L[i][j] = j < i ? (DATA_TYPE)((i + 2 * j) % 5 + 1) / (5 * n)
                      : (j == i ? SCALAR_VAL(1.0) + (DATA_TYPE)(i % 4) / 4 : SCALAR_VAL(0.0));
  }

  kernel_trisolv(n, L, x, b);

  POLYLIFT_CHECKSUM("x", x[0], n);
  free(L);
  free(x);
  free(b);
  return 0;
}
