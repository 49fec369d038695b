/* A triangular nest whose first row sums over an empty range: for row i, W[i][j] = 0
 * then W[i][j] += S[i][k] * R[k][j] over 1 <= k <= i, which for i = 0 adds nothing. Row
 * 0 must be all zeros: the stale values main leaves in W must not survive. */
#include "polylift_bench.h"

#if defined(MINI_DATASET)
#define N 12
#define P 9
#else
#define N 120
#define P 90
#endif

static void kernel_empty_first_row(int n, int p, DATA_TYPE W[restrict n][p], DATA_TYPE S[restrict n][n],
                            DATA_TYPE R[restrict n][p])
{
  int i, j, k;

  for (i = 0; i < n; i++)
    for (j = 0; j < p; j++) {
      W[i][j] = SCALAR_VAL(0.0);
      for (k = 1; k <= i; k++)
        W[i][j] += S[i][k] * R[k][j];
    }
}

int main(void)
{
  int n = N, p = P;
  int i, j;
  DATA_TYPE (*W)[p] = POLYLIFT_ALLOC(n * p, DATA_TYPE);
  DATA_TYPE (*S)[n] = POLYLIFT_ALLOC(n * n, DATA_TYPE);
  DATA_TYPE (*R)[p] = POLYLIFT_ALLOC(n * p, DATA_TYPE);

  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      S[i][j] = (DATA_TYPE)((i * j + 1) % n) / n;
  for (i = 0; i < n; i++)
    for (j = 0; j < p; j++) {
      R[i][j] = (DATA_TYPE)((i + 2 * j) % p) / p;
      W[i][j] = (DATA_TYPE)(i + j + 1); /* stale: the kernel overwrites every element */
    }

  kernel_empty_first_row(n, p, W, S, R);

  POLYLIFT_CHECKSUM("W", W[0][0], n * p);
  free(W);
  free(S);
  free(R);
  return 0;
}
