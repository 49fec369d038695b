/*
 * vmean: the mean of x, the sum in a local divided by the count and stored.
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
static void kernel_vmean(int n, float *restrict x, float *restrict r)
{
  float s = 0.0f;
  for (int i = 0; i < n; i++)
    s += x[i];
  r[0] = s / n;
}

int main(void)
{
  int n = N;
  int i;
  float *x = POLYLIFT_ALLOC(n, float);
  float *r = POLYLIFT_ALLOC(n, float);

  for (i = 0; i < n; i++)
    x[i] = (float)((i * 7 + 3) % 23 - 11) / 8.0f;

  kernel_vmean(n, x, r);

  polylift_checksum_f32("r", r, (size_t)n);
  free(x);
  free(r);
  return 0;
}
