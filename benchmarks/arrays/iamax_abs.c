/*
 * iamax_abs: BLAS i?amax, 0-based: the index of the first largest magnitude of x,
 * double, stored to out[0] (ties in magnitude keep the first).
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
 *   POLYLIFT_EXTENT(out, 1)
 */
static void kernel_iamax_abs(int n, double *restrict x, int *restrict out)
{
  int k = 0;
  double m = fabs(x[0]);
  for (int i = 1; i < n; i++)
    if (fabs(x[i]) > m) {
      m = fabs(x[i]);
      k = i;
    }
  out[0] = k;
}

int main(void)
{
  int n = N;
  int i;
  double *x = POLYLIFT_ALLOC(n, double);

  for (i = 0; i < n; i++)
    x[i] = (double)((i * 7 + 3) % 23 - 11) / 8.0;

  int32_t result[1];
  kernel_iamax_abs(n, x, result);

  polylift_checksum_i32("result", result, 1);
  free(x);
  return 0;
}
