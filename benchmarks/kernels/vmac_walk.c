/*
 * vmac_walk: d[i] = c[i] + a[i] * b[i], written with four pointers walked through the
 * arrays.
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
 *   POLYLIFT_EXTENT(a, n)
 *   POLYLIFT_EXTENT(b, n)
 *   POLYLIFT_EXTENT(c, n)
 *   POLYLIFT_EXTENT(d, n)
 */
static void kernel_vmac_walk(int n, const float *restrict a, const float *restrict b,
                             const float *restrict c, float *restrict d)
{
  const float *p_a = a;
  const float *p_b = b;
  const float *p_c = c;
  float *p_d = d;
  for (int i = 0; i < n; i++)
    *p_d++ = *p_c++ + *p_a++ * *p_b++;
}

int main(void)
{
  int n = N;
  int i;
  float *a = POLYLIFT_ALLOC(n, float);
  float *b = POLYLIFT_ALLOC(n, float);
  float *c = POLYLIFT_ALLOC(n, float);
  float *d = POLYLIFT_ALLOC(n, float);

  for (i = 0; i < n; i++)
    a[i] = (float)((i * 7 + 3) % 23 - 11) / 8.0f;
  for (i = 0; i < n; i++)
    b[i] = (float)((i * 5 + 1) % 19 - 9) / 4.0f;
  for (i = 0; i < n; i++)
    c[i] = (float)((i * 3 + 2) % 13 - 6) / 2.0f;

  kernel_vmac_walk(n, a, b, c, d);

  polylift_checksum_f32("d", d, (size_t)n);
  free(a);
  free(b);
  free(c);
  free(d);
  return 0;
}
