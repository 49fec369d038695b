/*
 * vsqrt_f64: z = sqrt(x) (x non-negative), double.
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
 *   POLYLIFT_EXTENT(z, n)
 */
static void kernel_vsqrt_f64(int n, double *restrict x, double *restrict z)
{
  for (int i = 0; i < n; i++)
    z[i] = sqrt(x[i]);
}

int main(void)
{
  int n = N;
  int i;
  double *x = POLYLIFT_ALLOC(n, double);
  double *z = POLYLIFT_ALLOC(n, double);

  for (i = 0; i < n; i++)
    x[i] = (double)((i * 11) % 29 + 1) / 8.0;

  kernel_vsqrt_f64(n, x, z);

  polylift_checksum_f64("z", z, (size_t)n);
  free(x);
  free(z);
  return 0;
}
