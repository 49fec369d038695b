/*
 * center_f64: x -= mean(x) in place: the sum, the mean as a scalar, then the
 * subtraction.
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
 */
static void kernel_center_f64(int n, double *restrict x)
{
  double s = 0.0;
  for (int i = 0; i < n; i++)
    s += x[i];
  double mean = s / n;
  for (int i = 0; i < n; i++)
    x[i] -= mean;
}

int main(void)
{
  int n = N;
  int i;
  double *x = POLYLIFT_ALLOC(n, double);

  for (i = 0; i < n; i++)
    x[i] = (double)((i * 7 + 3) % 23 - 11) / 8.0;

  kernel_center_f64(n, x);

  polylift_checksum_f64("x", x, (size_t)n);
  free(x);
  return 0;
}
