/*
 * amax_ret: float max |x[i]| returning the largest magnitude (if (fabsf(x[i]) > m) ...).
 */
#include <math.h>

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
 */
static float kernel_amax_ret(int n, float *restrict x)
{
  float m = 0.0f;
  for (int i = 0; i < n; i++)
    if (fabsf(x[i]) > m)
      m = fabsf(x[i]);
  return m;
}

int main(void)
{
  int n = N;
  int i;
  float *x = POLYLIFT_ALLOC(n, float);

  /* The largest magnitude is a negative element. */
  for (i = 0; i < n; i++)
    x[i] = (float)((i * 7 + 3) % 23 - 13) / 8.0f;

  float result[1];
  result[0] = kernel_amax_ret(n, x);

  polylift_checksum_f32("result", result, 1);
  free(x);
  return 0;
}
