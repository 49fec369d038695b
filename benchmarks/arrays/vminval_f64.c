/*
 * vminval_f64: the smallest element from a large start value, double.
 */
#include "polylift_bench.h"

#if defined(MINI_DATASET)
#define N 1000
#elif defined(SMALL_DATASET)
#define N 20000
#elif defined(LARGE_DATASET)
#define N 4000000
#elif defined(EXTRALARGE_DATASET)
#define N 16000000
#else
#define N 200000
#endif

/* Element counts of the pointer parameters, for the polylift harness:
 *   POLYLIFT_EXTENT(x, n)
 *   POLYLIFT_EXTENT(r, 1)
 */
static void kernel_vminval_f64(int n, double *restrict x, double *restrict r)
{
  double m = 1e300;
  for (int i = 0; i < n; i++)
    m = x[i] < m ? x[i] : m;
  r[0] = m;
}

int main(void)
{
  int n = N;
  int i;
  double *x = POLYLIFT_ALLOC(n, double);
  double *r = POLYLIFT_ALLOC(n, double);

  for (i = 0; i < n; i++)
    x[i] = (double)((i * 7 + 3) % 23 - 11) / 8.0;

  kernel_vminval_f64(n, x, r);

  polylift_checksum_f64("r", r, (size_t)n);
  free(x);
  free(r);
  return 0;
}
