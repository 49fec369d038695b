/*
 * crossfade: out[i] = alpha * x[i] + (1.0 - alpha) * y[i], the second weight computed in
 * double (the constant 1.0) and the sum rounded to float.
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
 *   POLYLIFT_EXTENT(out, n)
 */
static void kernel_crossfade(int n, float alpha, const float *restrict x,
                             const float *restrict y, float *restrict out)
{
  for (int i = 0; i < n; i++)
    out[i] = alpha * x[i] + (1.0 - alpha) * y[i];
}

int main(void)
{
  int n = N;
  int i;
  float *x = POLYLIFT_ALLOC(n, float);
  float *y = POLYLIFT_ALLOC(n, float);
  float *out = POLYLIFT_ALLOC(n, float);

  for (i = 0; i < n; i++)
    x[i] = (float)((i * 7 + 3) % 23 - 11) / 8.0f;
  for (i = 0; i < n; i++)
    y[i] = (float)((i * 5 + 1) % 19 - 9) / 4.0f;

  kernel_crossfade(n, 0.3f, x, y, out);

  polylift_checksum_f32("out", out, (size_t)n);
  free(x);
  free(y);
  free(out);
  return 0;
}
