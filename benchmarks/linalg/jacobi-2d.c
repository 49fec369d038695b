/* jacobi-2d: 5-point Jacobi smoothing in 2-D, alternating between A and B. */
#include "polylift_bench.h"

#if defined(MINI_DATASET)
#define TSTEPS 20
#define N 30
#elif defined(SMALL_DATASET)
#define TSTEPS 40
#define N 90
#elif defined(LARGE_DATASET)
#define TSTEPS 500
#define N 1300
#elif defined(EXTRALARGE_DATASET)
#define TSTEPS 1000
#define N 2800
#else
#define TSTEPS 100
#define N 250
#endif

static void kernel_jacobi_2d(int tsteps, int n, DATA_TYPE A[restrict n][n],
                             DATA_TYPE B[restrict n][n])
{
  int t, i, j;

  for (t = 0; t < tsteps; t++) {
    for (i = 1; i < n - 1; i++)
      for (j = 1; j < n - 1; j++)
        B[i][j] = SCALAR_VAL(0.2) * (A[i][j] + A[i][j - 1] + A[i][j + 1] + A[i + 1][j] + A[i - 1][j]);
    for (i = 1; i < n - 1; i++)
      for (j = 1; j < n - 1; j++)
        A[i][j] = SCALAR_VAL(0.2) * (B[i][j] + B[i][j - 1] + B[i][j + 1] + B[i + 1][j] + B[i - 1][j]);
  }
}

int main(void)
{
  int tsteps = TSTEPS, n = N;
  int i, j;
  DATA_TYPE (*A)[n] = POLYLIFT_ALLOC(n * n, DATA_TYPE);
  DATA_TYPE (*B)[n] = POLYLIFT_ALLOC(n * n, DATA_TYPE);

  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++) {
      A[i][j] = ((DATA_TYPE)i * (j + 2) + 2) / n;
      B[i][j] = ((DATA_TYPE)i * (j + 3) + 3) / n;
    }

  kernel_jacobi_2d(tsteps, n, A, B);

  POLYLIFT_CHECKSUM("A", A[0][0], n * n);
  POLYLIFT_CHECKSUM("B", B[0][0], n * n);
  free(A);
  free(B);
  return 0;
}
