/*
 * xcorr: cross-correlation r[k] = sum_{i<n} x[i] * y[i+k] for the lags 0 <= k < lags.
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

#define LAGS 32

/* Element counts of the pointer parameters, for the polylift harness:
 *   POLYLIFT_EXTENT(x, n)
 *   POLYLIFT_EXTENT(y, n + lags - 1)
 *   POLYLIFT_EXTENT(r, lags)
 */
static void kernel_xcorr(int n, int lags, const float *restrict x, const float *restrict y,
                         float *restrict r)
{
  for (int k = 0; k < lags; k++) {
    float s = 0.0f;
    for (int i = 0; i < n; i++)
      s += x[i] * y[i + k];
    r[k] = s;
  }
}

int main(void)
{
  int n = N, lags = LAGS;
  int i;
  float *x = POLYLIFT_ALLOC(n, float);
  float *y = POLYLIFT_ALLOC(n + lags - 1, float);
  float *r = POLYLIFT_ALLOC(lags, float);

  for (i = 0; i < n; i++)
    x[i] = (float)((i * 7 + 3) % 23 - 11) / 8.0f;
  for (i = 0; i < n + lags - 1; i++)
    y[i] = (float)((i * 5 + 1) % 19 - 9) / 4.0f;

  kernel_xcorr(n, lags, x, y, r);

  polylift_checksum_f32("r", r, (size_t)lags);
  free(x);
  free(y);
  free(r);
  return 0;
}
