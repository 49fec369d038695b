/* axpy_third: c[i] = m * a[i] + b[i], the result in a third array. */
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
 *   POLYLIFT_EXTENT(a, n)
 *   POLYLIFT_EXTENT(b, n)
 *   POLYLIFT_EXTENT(c, n)
 */
static void kernel_axpy_third(int n, float m, const float *restrict a, const float *restrict b, float *restrict c)
{
  for (int i = 0; i < n; i++)
    c[i] = m * a[i] + b[i];
}

int main(void)
{
  int n = N;
  int i;
  float m = 1.75f;
  float *a = POLYLIFT_ALLOC(n, float);
  float *b = POLYLIFT_ALLOC(n, float);
  float *c = POLYLIFT_ALLOC(n, float);

  for (i = 0; i < n; i++)
    a[i] = (float)((i * 7 + 3) % 23 - 11) / 8.0f;
  for (i = 0; i < n; i++)
    b[i] = (float)((i * 5 + 1) % 19 - 9) / 4.0f;

  kernel_axpy_third(n, m, a, b, c);

  polylift_checksum_f32("c", c, (size_t)n);
  free(a);
  free(b);
  free(c);
  return 0;
}
