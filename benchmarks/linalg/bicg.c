/* bicg: the two products of BiCG, s := A^T * r and q := A * p. */
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

static void kernel_bicg(int m, int n, DATA_TYPE A[restrict n][m], DATA_TYPE s[restrict m],
                        DATA_TYPE q[restrict n], DATA_TYPE p[restrict m],
                        DATA_TYPE r[restrict n])
{
  int i, j;

  for (i = 0; i < m; i++)
    s[i] = SCALAR_VAL(0.0);
  for (i = 0; i < n; i++) {
    q[i] = SCALAR_VAL(0.0);
    for (j = 0; j < m; j++) {
      s[j] = s[j] + r[i] * A[i][j];
      q[i] = q[i] + A[i][j] * p[j];
    }
  }
}

int main(void)
{
  int m = M, n = N;
  int i, j;
  DATA_TYPE (*A)[m] = POLYLIFT_ALLOC(n * m, DATA_TYPE);
  DATA_TYPE *s = POLYLIFT_ALLOC(m, DATA_TYPE);
  DATA_TYPE *q = POLYLIFT_ALLOC(n, DATA_TYPE);
  DATA_TYPE *p = POLYLIFT_ALLOC(m, DATA_TYPE);
  DATA_TYPE *r = POLYLIFT_ALLOC(n, DATA_TYPE);

  for (j = 0; j < m; j++)
    p[j] = (DATA_TYPE)(j % m) / m;
  for (i = 0; i < n; i++) {
    r[i] = (DATA_TYPE)(i % n) / n;
    for (j = 0; j < m; j++)
      A[i][j] = (DATA_TYPE)((i * (j + 1)) % n) / n;
  }

  kernel_bicg(m, n, A, s, q, p, r);

  POLYLIFT_CHECKSUM("s", s[0], m);
  POLYLIFT_CHECKSUM("q", q[0], n);
  free(A);
  free(s);
  free(q);
  free(p);
  free(r);
  return 0;
}
