/*
 * durbin: Levinson-Durbin recursion.  Solves the Yule-Walker system T y = -r, where T is
 * the symmetric Toeplitz matrix with first row (1, r[0], ..., r[n-2]), in O(n^2) steps.
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

static void kernel_durbin(int n, DATA_TYPE r[restrict n], DATA_TYPE y[restrict n],
                          DATA_TYPE z[restrict n])
{
  int i, k;
  DATA_TYPE alpha, beta, sum;

  y[0] = -r[0];
  beta = SCALAR_VAL(1.0);
  alpha = -r[0];
  for (k = 1; k < n; k++) {
    beta = (SCALAR_VAL(1.0) - alpha * alpha) * beta;
    sum = SCALAR_VAL(0.0);
    for (i = 0; i < k; i++)
      sum += r[k - i - 1] * y[i];
    alpha = -(r[k] + sum) / beta;
    for (i = 0; i < k; i++)
      z[i] = y[i] + alpha * y[k - i - 1];
    for (i = 0; i < k; i++)
      y[i] = z[i];
    y[k] = alpha;
  }
}

int main(void)
{
  int n = N;
  int i;
  DATA_TYPE *r = POLYLIFT_ALLOC(n, DATA_TYPE);
  DATA_TYPE *y = POLYLIFT_ALLOC(n, DATA_TYPE);
  DATA_TYPE *z = POLYLIFT_ALLOC(n, DATA_TYPE);

  /* t_0 = 1, t_k = 1/(2(k+1)): a convex decreasing sequence, so T is positive definite
   * (Polya) and every reflection coefficient alpha stays inside (-1, 1). */
  for (i = 0; i < n; i++)
    r[i] = SCALAR_VAL(0.5) / (DATA_TYPE)(i + 2);

  kernel_durbin(n, r, y, z);

  POLYLIFT_CHECKSUM("y", y[0], n);
  POLYLIFT_CHECKSUM("z", z[0], n);
  free(r);
  free(y);
  free(z);
  return 0;
}
