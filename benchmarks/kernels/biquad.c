/*
 * biquad: direct-form-I biquad IIR filter,
 *   y[i] = b0 x[i] + b1 x[i-1] + b2 x[i-2] - a1 y[i-1] - a2 y[i-2] (zero initial state).
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
static void kernel_biquad(int n, float b0, float b1, float b2, float a1, float a2,
                          const float *restrict x, float *restrict y)
{
  y[0] = b0 * x[0];
  y[1] = b0 * x[1] + b1 * x[0] - a1 * y[0];
  for (int i = 2; i < n; i++)
    y[i] = b0 * x[i] + b1 * x[i - 1] + b2 * x[i - 2] - a1 * y[i - 1] - a2 * y[i - 2];
}

int main(void)
{
  int n = N;
  int i;
  float *x = POLYLIFT_ALLOC(n, float);
  float *y = POLYLIFT_ALLOC(n, float);

  for (i = 0; i < n; i++)
    x[i] = (float)((i * 7 + 3) % 23 - 11) / 8.0f;

  /* Poles at radius 0.5: a stable low-pass section. */
  kernel_biquad(n, 0.2f, 0.4f, 0.2f, -0.5f, 0.25f, x, y);

  polylift_checksum_f32("y", y, (size_t)n);
  free(x);
  free(y);
  return 0;
}
