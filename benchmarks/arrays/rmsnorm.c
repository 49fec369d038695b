/*
 * rmsnorm: o = weight * (x / sqrt(mean(x^2) + eps)), as a transformer's forward pass
 * writes it: the sum of squares, the scale computed once, then the map.
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
 *   POLYLIFT_EXTENT(o, n)
 *   POLYLIFT_EXTENT(x, n)
 *   POLYLIFT_EXTENT(weight, n)
 */
static void kernel_rmsnorm(int n, float *restrict o, float *restrict x, float *restrict weight)
{
  float ss = 0.0f;
  for (int j = 0; j < n; j++)
    ss += x[j] * x[j];
  ss /= n;
  ss += 1e-5f;
  ss = 1.0f / sqrtf(ss);
  for (int j = 0; j < n; j++)
    o[j] = weight[j] * (ss * x[j]);
}

int main(void)
{
  int n = N;
  int i;
  float *o = POLYLIFT_ALLOC(n, float);
  float *x = POLYLIFT_ALLOC(n, float);
  float *weight = POLYLIFT_ALLOC(n, float);

  for (i = 0; i < n; i++)
    x[i] = (float)((i * 7 + 3) % 23 - 11) / 8.0f;
  for (i = 0; i < n; i++)
    weight[i] = (float)((i * 11) % 29 + 1) / 8.0f;

  kernel_rmsnorm(n, o, x, weight);

  polylift_checksum_f32("o", o, (size_t)n);
  free(o);
  free(x);
  free(weight);
  return 0;
}
