/* atax: y := A^T * (A * x). */
#include "polylift_bench.h"

#if defined(MINI_DATASET)
#define M 38
#define N 42
#elif defined(SMALL_DATASET)
#define M 116
#define N 124
#elif defined(LARGE_DATASET)
#define M 1900
#define N 2100
#elif defined(EXTRALARGE_DATASET)
#define M 1800
#define N 2200
#else
#define M 390
#define N 410
#endif

static void kernel_atax(int m, int n, DATA_TYPE A[restrict m][n], DATA_TYPE x[restrict n],
                        DATA_TYPE y[restrict n], DATA_TYPE tmp[restrict m])
{
  int i, j;

  for (i = 0; i < n; i++)
    y[i] = SCALAR_VAL(0.0);
  for (i = 0; i < m; i++) {
    tmp[i] = SCALAR_VAL(0.0);
    for (j = 0; j < n; j++)
      tmp[i] = tmp[i] + A[i][j] * x[j];
    for (j = 0; j < n; j++)
      y[j] = y[j] + A[i][j] * tmp[i];
  }
}

int main(void)
{
  int m = M, n = N;
  int i, j;
  DATA_TYPE (*A)[n] = POLYLIFT_ALLOC(m * n, DATA_TYPE);
  DATA_TYPE *x = POLYLIFT_ALLOC(n, DATA_TYPE);
  DATA_TYPE *y = POLYLIFT_ALLOC(n, DATA_TYPE);
  DATA_TYPE *tmp = POLYLIFT_ALLOC(m, DATA_TYPE);

  for (j = 0; j < n; j++)
    x[j] = SCALAR_VAL(1.0) + (DATA_TYPE)j / n;
  for (i = 0; i < m; i++)
    for (j = 0; j < n; j++)
      A[i][j] = (DATA_TYPE)((i + 2 * j) % n) / (5 * m);

  kernel_atax(m, n, A, x, y, tmp);

  POLYLIFT_CHECKSUM("y", y[0], n);
  POLYLIFT_CHECKSUM("tmp", tmp[0], m);
  free(A);
  free(x);
  free(y);
  free(tmp);
  return 0;
}
