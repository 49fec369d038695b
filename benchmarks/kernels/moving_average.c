/*
 * moving_average: y[i] = (x[i] + x[i+1] + ... + x[i+w-1]) / w, a window loop per output.
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

#define WINDOW 16

/* Element counts of the pointer parameters, for the polylift harness:
 *   POLYLIFT_EXTENT(x, n + w - 1)
 *   POLYLIFT_EXTENT(y, n)
 */
static void kernel_moving_average(int n, int w, const float *restrict x, float *restrict y)
{
  for (int i = 0; i < n; i++) {
    float s = 0.0f;
    for (int k = 0; k < w; k++)
      s += x[i + k];
    y[i] = s / (float)w;
  }
}

int main(void)
{
  int n = N, w = WINDOW;
  int i;
  float *x = POLYLIFT_ALLOC(n + w - 1, float);
  float *y = POLYLIFT_ALLOC(n, float);

  for (i = 0; i < n + w - 1; i++)
    x[i] = (float)((i * 7 + 3) % 23 - 11) / 8.0f;

  kernel_moving_average(n, w, x, y);

  polylift_checksum_f32("y", y, (size_t)n);
  free(x);
  free(y);
  return 0;
}
