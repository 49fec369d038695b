/* vmax2: z[i] = max(x[i], y[i]), chosen with if/else. */
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
 *   POLYLIFT_EXTENT(z, n)
 */
static void kernel_vmax2(int n, const float *restrict x, const float *restrict y, float *restrict z)
{
  for (int i = 0; i < n; i++) {
    if (x[i] > y[i])
      z[i] = x[i];
    else
      z[i] = y[i];
  }
}

int main(void)
{
  int n = N;
  int i;
  float *x = POLYLIFT_ALLOC(n, float);
  float *y = POLYLIFT_ALLOC(n, float);
  float *z = POLYLIFT_ALLOC(n, float);

  for (i = 0; i < n; i++)
    x[i] = (float)((i * 7 + 3) % 23 - 11) / 8.0f;
  for (i = 0; i < n; i++)
    y[i] = (float)((i * 5 + 1) % 19 - 9) / 4.0f;

  kernel_vmax2(n, x, y, z);

  polylift_checksum_f32("z", z, (size_t)n);
  free(x);
  free(y);
  free(z);
  return 0;
}
