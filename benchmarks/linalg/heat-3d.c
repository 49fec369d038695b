/*
 * heat-3d: explicit 3-D heat equation, 7-point stencil with coefficient 1/8 per axis,
 * alternating between A and B (two half steps per time step); the faces stay fixed.
 */
#include "polylift_bench.h"

#if defined(MINI_DATASET)
#define TSTEPS 20
#define N 10
#elif defined(SMALL_DATASET)
#define TSTEPS 40
#define N 20
#elif defined(LARGE_DATASET)
#define TSTEPS 500
#define N 120
#elif defined(EXTRALARGE_DATASET)
#define TSTEPS 1000
#define N 200
#else
#define TSTEPS 100
#define N 40
#endif

static void kernel_heat_3d(int tsteps, int n, DATA_TYPE A[restrict n][n][n],
                           DATA_TYPE B[restrict n][n][n])
{
  int t, i, j, k;

  for (t = 1; t <= tsteps; t++) {
    for (i = 1; i < n - 1; i++)
      for (j = 1; j < n - 1; j++)
        for (k = 1; k < n - 1; k++)
          B[i][j][k] = SCALAR_VAL(0.125) * (A[i + 1][j][k] - SCALAR_VAL(2.0) * A[i][j][k] + A[i - 1][j][k])
                       + SCALAR_VAL(0.125) * (A[i][j + 1][k] - SCALAR_VAL(2.0) * A[i][j][k] + A[i][j - 1][k])
                       + SCALAR_VAL(0.125) * (A[i][j][k + 1] - SCALAR_VAL(2.0) * A[i][j][k] + A[i][j][k - 1])
                       + A[i][j][k];
    for (i = 1; i < n - 1; i++)
      for (j = 1; j < n - 1; j++)
        for (k = 1; k < n - 1; k++)
          A[i][j][k] = SCALAR_VAL(0.125) * (B[i + 1][j][k] - SCALAR_VAL(2.0) * B[i][j][k] + B[i - 1][j][k])
                       + SCALAR_VAL(0.125) * (B[i][j + 1][k] - SCALAR_VAL(2.0) * B[i][j][k] + B[i][j - 1][k])
                       + SCALAR_VAL(0.125) * (B[i][j][k + 1] - SCALAR_VAL(2.0) * B[i][j][k] + B[i][j][k - 1])
                       + B[i][j][k];
  }
}

int main(void)
{
  int tsteps = TSTEPS, n = N;
  int i, j, k;
  DATA_TYPE (*A)[n][n] = POLYLIFT_ALLOC(n * n * n, DATA_TYPE);
  DATA_TYPE (*B)[n][n] = POLYLIFT_ALLOC(n * n * n, DATA_TYPE);

  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      for (k = 0; k < n; k++)
        /* Not linear in i, j, k: the discrete Laplacian of a linear field vanishes. */
        A[i][j][k] = B[i][j][k] = (DATA_TYPE)((i * j + k * (n - k) + 3 * i) % n) * 10 / n;

  kernel_heat_3d(tsteps, n, A, B);

  POLYLIFT_CHECKSUM("A", A[0][0][0], n * n * n);
  POLYLIFT_CHECKSUM("B", B[0][0][0], n * n * n);
  free(A);
  free(B);
  return 0;
}
