/*
 * rmsnorm_w: o[j] = w[j] * (x[j] / sqrt(mean(x^2) + 1e-5)), with a weight per element:
 * the sum of squares, then the scale 1 / sqrt(ss / n + 1e-5), then the weighted product.
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
 *   POLYLIFT_EXTENT(w, n)
 *   POLYLIFT_EXTENT(o, n)
 */
static void kernel_rmsnorm_w(int n, const float *restrict x, const float *restrict w,
                             float *restrict o)
{
  float ss = 0.0f;
  for (int j = 0; j < n; j++)
    ss += x[j] * x[j];
  ss = ss / n + 1e-5f;
  ss = 1.0f / sqrtf(ss);
  for (int j = 0; j < n; j++)
    o[j] = w[j] * (ss * x[j]);
}

int main(void)
{
  int n = N;
  int i;
  float *x = POLYLIFT_ALLOC(n, float);
  float *w = POLYLIFT_ALLOC(n, float);
  float *o = POLYLIFT_ALLOC(n, float);

  for (i = 0; i < n; i++)
    x[i] = (float)((i * 7 + 3) % 23 - 11) / 8.0f;
  for (i = 0; i < n; i++)
    w[i] = (float)((i * 5 + 1) % 17 + 8) / 16.0f;

  kernel_rmsnorm_w(n, x, w, o);

  polylift_checksum_f32("o", o, (size_t)n);
  free(x);
  free(w);
  free(o);
  return 0;
}
