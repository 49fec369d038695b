/*
 * envelope: one-pole peak follower, env = |x[i]| if |x[i]| > env else env * decay
 * (env starts at 0), y[i] = env.
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
 *   POLYLIFT_EXTENT(y, n)
 */
static void kernel_envelope(int n, float decay, const float *restrict x, float *restrict y)
{
  float env = 0.0f;
  for (int i = 0; i < n; i++) {
    env = fabsf(x[i]) > env ? fabsf(x[i]) : env * decay;
    y[i] = env;
  }
}

int main(void)
{
  int n = N;
  int i;
  float *x = POLYLIFT_ALLOC(n, float);
  float *y = POLYLIFT_ALLOC(n, float);

  for (i = 0; i < n; i++)
    x[i] = (float)((i * 7 + 3) % 23 - 11) / 8.0f;

  kernel_envelope(n, 0.95f, x, y);

  polylift_checksum_f32("y", y, (size_t)n);
  free(x);
  free(y);
  return 0;
}
