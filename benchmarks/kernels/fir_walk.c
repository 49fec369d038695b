/*
 * fir_walk: FIR filter y[i] = sum_{k<taps} h[k] * x[i+k], the inner loop walking local
 * pointers into x and h.
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
 *   POLYLIFT_EXTENT(x, n + taps - 1)
 *   POLYLIFT_EXTENT(h, taps)
 *   POLYLIFT_EXTENT(y, n)
 */
static void kernel_fir_walk(int n, int taps, const float *restrict x, const float *restrict h,
                            float *restrict y)
{
  for (int i = 0; i < n; i++) {
    const float *p_x = &x[i];
    const float *p_h = h;
    float acc = 0.0f;
    for (int k = 0; k < taps; k++)
      acc += *p_x++ * *p_h++;
    y[i] = acc;
  }
}

int main(void)
{
  int n = N, taps = TAPS;
  int i;
  float *x = POLYLIFT_ALLOC(n + taps - 1, float);
  float *h = POLYLIFT_ALLOC(taps, float);
  float *y = POLYLIFT_ALLOC(n, float);

  for (i = 0; i < n + taps - 1; i++)
    x[i] = (float)((i * 7 + 3) % 23 - 11) / 8.0f;
  for (i = 0; i < taps; i++)
    h[i] = (float)((i * 3 + 1) % 7 - 3) / 16.0f;

  kernel_fir_walk(n, taps, x, h, y);

  polylift_checksum_f32("y", y, (size_t)n);
  free(x);
  free(h);
  free(y);
  return 0;
}
