/*
 * vsquare: z = x * x.
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
 *   POLYLIFT_EXTENT(z, n)
 */
static void kernel_vsquare(int n, float *restrict x, float *restrict z)
{
  for (int i = 0; i < n; i++)
    z[i] = x[i] * x[i];
}

int main(void)
{
  int n = N;
  int i;
  float *x = POLYLIFT_ALLOC(n, float);
  float *z = POLYLIFT_ALLOC(n, float);

  for (i = 0; i < n; i++)
    x[i] = (float)((i * 7 + 3) % 23 - 11) / 8.0f;

  kernel_vsquare(n, x, z);

  polylift_checksum_f32("z", z, (size_t)n);
  free(x);
  free(z);
  return 0;
}
