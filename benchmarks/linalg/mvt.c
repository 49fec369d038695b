/* mvt: two matrix-vector products, x1 += A * y1 and x2 += A^T * y2. */
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

static void kernel_mvt(int n, DATA_TYPE x1[restrict n], DATA_TYPE x2[restrict n],
                       DATA_TYPE y_1[restrict n], DATA_TYPE y_2[restrict n],
                       DATA_TYPE A[restrict n][n])
{
  int i, j;

  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      x1[i] = x1[i] + A[i][j] * y_1[j];
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      x2[i] = x2[i] + A[j][i] * y_2[j];
}

int main(void)
{
  int n = N;
  int i, j;
  DATA_TYPE *x1 = POLYLIFT_ALLOC(n, DATA_TYPE);
  DATA_TYPE *x2 = POLYLIFT_ALLOC(n, DATA_TYPE);
  DATA_TYPE *y_1 = POLYLIFT_ALLOC(n, DATA_TYPE);
  DATA_TYPE *y_2 = POLYLIFT_ALLOC(n, DATA_TYPE);
  DATA_TYPE (*A)[n] = POLYLIFT_ALLOC(n * n, DATA_TYPE);

  for (i = 0; i < n; i++) {
    x1[i] = (DATA_TYPE)(i % n) / n;
    x2[i] = (DATA_TYPE)((i + 1) % n) / n;
    y_1[i] = (DATA_TYPE)((i + 3) % n) / n;
    y_2[i] = (DATA_TYPE)((i + 4) % n) / n;
    for (j = 0; j < n; j++)
      A[i][j] = (DATA_TYPE)((i * j) % n) / n;
  }

  kernel_mvt(n, x1, x2, y_1, y_2, A);

  POLYLIFT_CHECKSUM("x1", x1[0], n);
  POLYLIFT_CHECKSUM("x2", x2[0], n);
  free(x1);
  free(x2);
  free(y_1);
  free(y_2);
  free(A);
  return 0;
}
