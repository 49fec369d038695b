/*
 * clip_signal: out[i] = hi if x[i] > hi, lo if x[i] < lo, else x[i] (hard clipping),
 * chosen with if / else if / else into a local.
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
 *   POLYLIFT_EXTENT(out, n)
 */
static void kernel_clip_signal(int n, float lo, float hi, const float *restrict x,
                               float *restrict out)
{
  for (int i = 0; i < n; i++) {
    float v;
    if (x[i] > hi)
      v = hi;
    else if (x[i] < lo)
      v = lo;
    else
      v = x[i];
    out[i] = v;
  }
}

int main(void)
{
  int n = N;
  int i;
  float *x = POLYLIFT_ALLOC(n, float);
  float *out = POLYLIFT_ALLOC(n, float);

  for (i = 0; i < n; i++)
    x[i] = (float)((i * 7 + 3) % 23 - 11) / 8.0f;

  kernel_clip_signal(n, -0.75f, 0.5f, x, out);

  polylift_checksum_f32("out", out, (size_t)n);
  free(x);
  free(out);
  return 0;
}
