/*
 * conv1d_full: full linear convolution out[i+j] += x[i] * w[j] for i < n, j < m;
 * out has n + m - 1 elements and starts at zero.
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

#define TAPS 16

/* Element counts of the pointer parameters, for the polylift harness:
 *   POLYLIFT_EXTENT(x, n)
 *   POLYLIFT_EXTENT(w, m)
 *   POLYLIFT_EXTENT(out, n + m - 1)
 */
static void kernel_conv1d_full(int n, int m, const float *restrict x, const float *restrict w,
                               float *restrict out)
{
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      out[i + j] += x[i] * w[j];
}

int main(void)
{
  int n = N, m = TAPS;
  int i;
  float *x = POLYLIFT_ALLOC(n, float);
  float *w = POLYLIFT_ALLOC(m, float);
  float *out = POLYLIFT_ALLOC(n + m - 1, float);

  for (i = 0; i < n; i++)
    x[i] = (float)((i * 7 + 3) % 23 - 11) / 8.0f;
  for (i = 0; i < m; i++)
    w[i] = (float)((i * 3 + 1) % 7 - 3) / 16.0f;
  for (i = 0; i < n + m - 1; i++)
    out[i] = 0.0f;

  kernel_conv1d_full(n, m, x, w, out);

  polylift_checksum_f32("out", out, (size_t)(n + m - 1));
  free(x);
  free(w);
  free(out);
  return 0;
}
