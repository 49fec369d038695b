/*
 * sad: sum of absolute differences s = sum_i |a[i] - b[i]|, stored through *out.
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
 *   POLYLIFT_EXTENT(out, 1)
 */
static void kernel_sad(int n, const float *restrict a, const float *restrict b,
                       float *restrict out)
{
  float s = 0.0f;
  for (int i = 0; i < n; i++)
    s += fabsf(a[i] - b[i]);
  *out = s;
}

int main(void)
{
  int n = N;
  int i;
  float *a = POLYLIFT_ALLOC(n, float);
  float *b = POLYLIFT_ALLOC(n, float);
  float *out = POLYLIFT_ALLOC(1, float);

  for (i = 0; i < n; i++)
    a[i] = (float)((i * 7 + 3) % 23 - 11) / 8.0f;
  for (i = 0; i < n; i++)
    b[i] = (float)((i * 5 + 1) % 19 - 9) / 4.0f;

  kernel_sad(n, a, b, out);

  polylift_checksum_f32("out", out, (size_t)1);
  free(a);
  free(b);
  free(out);
  return 0;
}
