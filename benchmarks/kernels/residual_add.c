/*
 * residual_add: x[i] += xb[i], the residual connection of a transformer block, in place.
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
 *   POLYLIFT_EXTENT(xb, n)
 */
static void kernel_residual_add(int n, float *restrict x, const float *restrict xb)
{
  for (int i = 0; i < n; i++)
    x[i] += xb[i];
}

int main(void)
{
  int n = N;
  int i;
  float *x = POLYLIFT_ALLOC(n, float);
  float *xb = POLYLIFT_ALLOC(n, float);

  for (i = 0; i < n; i++)
    x[i] = (float)((i * 7 + 3) % 23 - 11) / 8.0f;
  for (i = 0; i < n; i++)
    xb[i] = (float)((i * 5 + 1) % 19 - 9) / 4.0f;

  kernel_residual_add(n, x, xb);

  polylift_checksum_f32("x", x, (size_t)n);
  free(x);
  free(xb);
  return 0;
}
