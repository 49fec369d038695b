/* seidel-2d: 9-point Gauss-Seidel smoothing in place (new values are used as soon as computed). */
#include "polylift_bench.h"

#if defined(MINI_DATASET)
#define TSTEPS 20
#define N 40
#elif defined(SMALL_DATASET)
#define TSTEPS 40
#define N 120
#elif defined(LARGE_DATASET)
#define TSTEPS 500
#define N 2000
#elif defined(EXTRALARGE_DATASET)
#define TSTEPS 1000
#define N 4000
#else
#define TSTEPS 100
#define N 400
#endif

static void kernel_seidel_2d(int tsteps, int n, DATA_TYPE A[restrict n][n])
{
  int t, i, j;

  for (t = 0; t <= tsteps - 1; t++)
    for (i = 1; i <= n - 2; i++)
      for (j = 1; j <= n - 2; j++)
        A[i][j] = (A[i - 1][j - 1] + A[i - 1][j] + A[i - 1][j + 1]
                   + A[i][j - 1] + A[i][j] + A[i][j + 1]
                   + A[i + 1][j - 1] + A[i + 1][j] + A[i + 1][j + 1])
                  / SCALAR_VAL(9.0);
}

int main(void)
{
  int tsteps = TSTEPS, n = N;
  int i, j;
  DATA_TYPE (*A)[n] = POLYLIFT_ALLOC(n * n, DATA_TYPE);

  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      A[i][j] = ((DATA_TYPE)i * (j + 2) + 2) / n;

  kernel_seidel_2d(tsteps, n, A);

  POLYLIFT_CHECKSUM("A", A[0][0], n * n);
  free(A);
  return 0;
}
