/*
 * window_apply: x[i] *= w[i], a window function applied to the signal in place.
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
 *   POLYLIFT_EXTENT(w, n)
 *   POLYLIFT_EXTENT(x, n)
 */
static void kernel_window_apply(int n, const float *restrict w, float *restrict x)
{
  for (int i = 0; i < n; i++)
    x[i] *= w[i];
}

int main(void)
{
  int n = N;
  int i;
  float *w = POLYLIFT_ALLOC(n, float);
  float *x = POLYLIFT_ALLOC(n, float);

  /* A triangular (Bartlett) window, 0 at the ends and 1 in the middle. */
  for (i = 0; i < n; i++)
    w[i] = (float)(i < n / 2 ? i : n - 1 - i) / (float)(n / 2);
  for (i = 0; i < n; i++)
    x[i] = (float)((i * 7 + 3) % 23 - 11) / 8.0f;

  kernel_window_apply(n, w, x);

  polylift_checksum_f32("x", x, (size_t)n);
  free(w);
  free(x);
  return 0;
}
