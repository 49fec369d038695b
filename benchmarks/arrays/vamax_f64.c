/*
 * vamax_f64: the largest magnitude of a double vector into r[0] (m = fabs(x) > m ? ...).
 */
#include <math.h>

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
static void kernel_vamax_f64(int n, double *restrict x, double *restrict r)
{
  double m = -1.0;
  for (int i = 0; i < n; i++)
    m = fabs(x[i]) > m ? fabs(x[i]) : m;
  r[0] = m;
}

int main(void)
{
  int n = N;
  int i;
  double *x = POLYLIFT_ALLOC(n, double);
  double *r = POLYLIFT_ALLOC(1, double);

  for (i = 0; i < n; i++)
    x[i] = (double)((i * 11 + 5) % 29 - 17) / 4.0;

  kernel_vamax_f64(n, x, r);

  polylift_checksum_f64("r", r, 1);
  free(x);
  free(r);
  return 0;
}
