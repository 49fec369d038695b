/*
 * autocorr: autocorrelation r[k] = sum_{i < n-k} x[i] * x[i+k] for 0 <= k < lags
 * (a triangular bound: the sum shortens with the lag).
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
 *   POLYLIFT_EXTENT(r, lags)
 */
static void kernel_autocorr(int n, int lags, const float *restrict x, float *restrict r)
{
  for (int k = 0; k < lags; k++) {
    float s = 0.0f;
    for (int i = 0; i < n - k; i++)
      s += x[i] * x[i + k];
    r[k] = s;
  }
}

int main(void)
{
  int n = N, lags = LAGS;
  int i;
  float *x = POLYLIFT_ALLOC(n, float);
  float *r = POLYLIFT_ALLOC(lags, float);

  for (i = 0; i < n; i++)
    x[i] = (float)((i * 7 + 3) % 23 - 11) / 8.0f;

  kernel_autocorr(n, lags, x, r);

  polylift_checksum_f32("r", r, (size_t)lags);
  free(x);
  free(r);
  return 0;
}
