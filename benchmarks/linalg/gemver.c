/* gemver: A := A + u1 v1^T + u2 v2^T;  x := x + beta A^T y + z;  w := w + alpha A x. */
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

static void kernel_gemver(int n, DATA_TYPE alpha, DATA_TYPE beta, DATA_TYPE A[restrict n][n],
                          DATA_TYPE u1[restrict n], DATA_TYPE v1[restrict n],
                          DATA_TYPE u2[restrict n], DATA_TYPE v2[restrict n],
                          DATA_TYPE w[restrict n], DATA_TYPE x[restrict n],
                          DATA_TYPE y[restrict n], DATA_TYPE z[restrict n])
{
  int i, j;

  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      A[i][j] = A[i][j] + u1[i] * v1[j] + u2[i] * v2[j];
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      x[i] = x[i] + beta * A[j][i] * y[j];
  for (i = 0; i < n; i++)
    x[i] = x[i] + z[i];
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      w[i] = w[i] + alpha * A[i][j] * x[j];
}

int main(void)
{
  int n = N;
  int i, j;
  DATA_TYPE alpha = SCALAR_VAL(1.5);
  DATA_TYPE beta = SCALAR_VAL(1.2);
  DATA_TYPE (*A)[n] = POLYLIFT_ALLOC(n * n, DATA_TYPE);
  DATA_TYPE *u1 = POLYLIFT_ALLOC(n, DATA_TYPE);
  DATA_TYPE *v1 = POLYLIFT_ALLOC(n, DATA_TYPE);
  DATA_TYPE *u2 = POLYLIFT_ALLOC(n, DATA_TYPE);
  DATA_TYPE *v2 = POLYLIFT_ALLOC(n, DATA_TYPE);
  DATA_TYPE *w = POLYLIFT_ALLOC(n, DATA_TYPE);
  DATA_TYPE *x = POLYLIFT_ALLOC(n, DATA_TYPE);
  DATA_TYPE *y = POLYLIFT_ALLOC(n, DATA_TYPE);
  DATA_TYPE *z = POLYLIFT_ALLOC(n, DATA_TYPE);
  DATA_TYPE fn = (DATA_TYPE)n;

  for (i = 0; i < n; i++) {
    u1[i] = (DATA_TYPE)i / fn;
    u2[i] = (DATA_TYPE)(i + 1) / fn / SCALAR_VAL(2.0);
    v1[i] = (DATA_TYPE)(i + 1) / fn / SCALAR_VAL(4.0);
    v2[i] = (DATA_TYPE)(i + 1) / fn / SCALAR_VAL(6.0);
    y[i] = (DATA_TYPE)(i + 1) / fn / SCALAR_VAL(8.0);
    z[i] = (DATA_TYPE)(i + 1) / fn / SCALAR_VAL(9.0);
    x[i] = SCALAR_VAL(0.0);
    w[i] = SCALAR_VAL(0.0);
    for (j = 0; j < n; j++)
      A[i][j] = (DATA_TYPE)((i * j) % n) / fn;
  }

  kernel_gemver(n, alpha, beta, A, u1, v1, u2, v2, w, x, y, z);

  POLYLIFT_CHECKSUM("A", A[0][0], n * n);
  POLYLIFT_CHECKSUM("x", x[0], n);
  POLYLIFT_CHECKSUM("w", w[0], n);
  free(A);
  free(u1);
  free(v1);
  free(u2);
  free(v2);
  free(w);
  free(x);
  free(y);
  free(z);
  return 0;
}
