/*
 * rms: root mean square r = sqrtf((x[0]^2 + ... + x[n-1]^2) / n), stored through *out.
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
 *   POLYLIFT_EXTENT(out, 1)
 */
static void kernel_rms(int n, const float *restrict x, float *restrict out)
{
  float s = 0.0f;
  for (int i = 0; i < n; i++)
    s += x[i] * x[i];
  *out = sqrtf(s / (float)n);
}

int main(void)
{
  int n = N;
  int i;
  float *x = POLYLIFT_ALLOC(n, float);
  float *out = POLYLIFT_ALLOC(1, float);

  for (i = 0; i < n; i++)
    x[i] = (float)((i * 7 + 3) % 23 - 11) / 8.0f;

  kernel_rms(n, x, out);

  polylift_checksum_f32("out", out, (size_t)1);
  free(x);
  free(out);
  return 0;
}
