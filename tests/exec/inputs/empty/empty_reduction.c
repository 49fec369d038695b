/* An empty reduction: y[i] = 0 then y[i] += A[i][j] * x[j] over j < m, with m = 0 at run
 * time. It is one gemv launch with beta = 0 over no columns, so y must be all zeros:
 * the stale values main leaves in y must not survive. */
#include "polylift_bench.h"

#if defined(MINI_DATASET)
#define N 20
#else
#define N 200
#endif

static void kernel_empty_reduction(int n, int m, DATA_TYPE y[restrict n], DATA_TYPE A[restrict n][1],
                            DATA_TYPE x[restrict 1])
{
  int i, j;

  for (i = 0; i < n; i++) {
    y[i] = SCALAR_VAL(0.0);
    for (j = 0; j < m; j++)
      y[i] += A[i][j] * x[j];
  }
}

int main(void)
{
  int n = N, m = 0;
  int i;
  DATA_TYPE *y = POLYLIFT_ALLOC(n, DATA_TYPE);
  DATA_TYPE (*A)[1] = POLYLIFT_ALLOC(n, DATA_TYPE);
  DATA_TYPE *x = POLYLIFT_ALLOC(1, DATA_TYPE);

  x[0] = SCALAR_VAL(0.5);
  for (i = 0; i < n; i++) {
    A[i][0] = (DATA_TYPE)(i % 7) / 7;
    y[i] = (DATA_TYPE)(i + 1) / n; /* stale: the kernel overwrites every element */
  }

  kernel_empty_reduction(n, m, y, A, x);

  POLYLIFT_CHECKSUM("y", y[0], n);
  free(y);
  free(A);
  free(x);
  return 0;
}
