/*
 * decimate: y[i] = x[2 i], keeping every second sample (no anti-alias filter).
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
 *   POLYLIFT_EXTENT(x, 2 * n)
 *   POLYLIFT_EXTENT(y, n)
 */
static void kernel_decimate(int n, const float *restrict x, float *restrict y)
{
  for (int i = 0; i < n; i++)
    y[i] = x[2 * i];
}

int main(void)
{
  int n = N;
  int i;
  float *x = POLYLIFT_ALLOC(2 * n, float);
  float *y = POLYLIFT_ALLOC(n, float);

  for (i = 0; i < 2 * n; i++)
    x[i] = (float)((i * 7 + 3) % 23 - 11) / 8.0f;

  kernel_decimate(n, x, y);

  polylift_checksum_f32("y", y, (size_t)n);
  free(x);
  free(y);
  return 0;
}
