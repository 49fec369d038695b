/*
 * vmin_f64: z = min(x, y) written as x < y ? x : y, double.
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
 *   POLYLIFT_EXTENT(y, n)
 *   POLYLIFT_EXTENT(z, n)
 */
static void kernel_vmin_f64(int n, double *restrict x, double *restrict y, double *restrict z)
{
  for (int i = 0; i < n; i++)
    z[i] = x[i] < y[i] ? x[i] : y[i];
}

int main(void)
{
  int n = N;
  int i;
  double *x = POLYLIFT_ALLOC(n, double);
  double *y = POLYLIFT_ALLOC(n, double);
  double *z = POLYLIFT_ALLOC(n, double);

  for (i = 0; i < n; i++)
    x[i] = (double)((i * 7 + 3) % 23 - 11) / 8.0;
  for (i = 0; i < n; i++)
    y[i] = (double)((i * 5 + 1) % 19 - 9) / 4.0;

  kernel_vmin_f64(n, x, y, z);

  polylift_checksum_f64("z", z, (size_t)n);
  free(x);
  free(y);
  free(z);
  return 0;
}
