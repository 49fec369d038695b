/* gesummv: y := alpha * A * x + beta * B * x (two summed matrix-vector products). */
#include "polylift_bench.h"

#if defined(MINI_DATASET)
#define N 30
#elif defined(SMALL_DATASET)
#define N 90
#elif defined(LARGE_DATASET)
#define N 1300
#elif defined(EXTRALARGE_DATASET)
#define N 2800
#else
#define N 250
#endif

static void kernel_gesummv(int n, DATA_TYPE alpha, DATA_TYPE beta, DATA_TYPE A[restrict n][n],
                           DATA_TYPE B[restrict n][n], DATA_TYPE tmp[restrict n],
                           DATA_TYPE x[restrict n], DATA_TYPE y[restrict n])
{
  int i, j;

  for (i = 0; i < n; i++) {
    tmp[i] = SCALAR_VAL(0.0);
    y[i] = SCALAR_VAL(0.0);
    for (j = 0; j < n; j++) {
      tmp[i] = A[i][j] * x[j] + tmp[i];
      y[i] = B[i][j] * x[j] + y[i];
    }
    y[i] = alpha * tmp[i] + beta * y[i];
  }
}

int main(void)
{
  int n = N;
  int i, j;
  DATA_TYPE alpha = SCALAR_VAL(1.5);
  DATA_TYPE beta = SCALAR_VAL(1.2);
  DATA_TYPE (*A)[n] = POLYLIFT_ALLOC(n * n, DATA_TYPE);
  DATA_TYPE (*B)[n] = POLYLIFT_ALLOC(n * n, DATA_TYPE);
  DATA_TYPE *tmp = POLYLIFT_ALLOC(n, DATA_TYPE);
  DATA_TYPE *x = POLYLIFT_ALLOC(n, DATA_TYPE);
  DATA_TYPE *y = POLYLIFT_ALLOC(n, DATA_TYPE);

  for (i = 0; i < n; i++) {
    x[i] = (DATA_TYPE)(i % n) / n;
    for (j = 0; j < n; j++) {
      A[i][j] = (DATA_TYPE)((i * j + 1) % n) / n;
      B[i][j] = (DATA_TYPE)((i * j + 2) % n) / n;
    }
  }

  kernel_gesummv(n, alpha, beta, A, B, tmp, x, y);

  POLYLIFT_CHECKSUM("tmp", tmp[0], n);
  POLYLIFT_CHECKSUM("y", y[0], n);
  free(A);
  free(B);
  free(tmp);
  free(x);
  free(y);
  return 0;
}
