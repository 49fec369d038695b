/*
 * delay_mix: a feed-forward echo, y[i] = x[i] + g * x[i - d] for i >= d and
 * y[i] = x[i] for i < d.
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

#define DELAY 32

/* Element counts of the pointer parameters, for the polylift harness:
 *   POLYLIFT_EXTENT(x, n)
 *   POLYLIFT_EXTENT(y, n)
 */
static void kernel_delay_mix(int n, int d, float g, const float *restrict x, float *restrict y)
{
  for (int i = 0; i < d; i++)
    y[i] = x[i];
  for (int i = d; i < n; i++)
    y[i] = x[i] + g * x[i - d];
}

int main(void)
{
  int n = N, d = DELAY;
  int i;
  float *x = POLYLIFT_ALLOC(n, float);
  float *y = POLYLIFT_ALLOC(n, float);

  for (i = 0; i < n; i++)
    x[i] = (float)((i * 7 + 3) % 23 - 11) / 8.0f;

  kernel_delay_mix(n, d, 0.6f, x, y);

  polylift_checksum_f32("y", y, (size_t)n);
  free(x);
  free(y);
  return 0;
}
