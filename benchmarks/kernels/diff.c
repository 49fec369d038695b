/* diff: out[i] = x[i + 1] - x[i] for 0 <= i < n - 1. */
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
 *   POLYLIFT_EXTENT(out, n - 1)
 */
static void kernel_diff(int n, const float *restrict x, float *restrict out)
{
  for (int i = 0; i < n - 1; i++)
    out[i] = x[i + 1] - x[i];
}

int main(void)
{
  int n = N;
  int i;
  float *x = POLYLIFT_ALLOC(n, float);
  float *out = POLYLIFT_ALLOC(n - 1, float);

  for (i = 0; i < n; i++)
    x[i] = (float)((i * 7 + 3) % 23 - 11) / 8.0f;

  kernel_diff(n, x, out);

  polylift_checksum_f32("out", out, (size_t)(n - 1));
  free(x);
  free(out);
  return 0;
}
