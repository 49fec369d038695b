/* where_select: out[i] = mask[i] ? a[i] : b[i] with an int mask. */
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
 *   POLYLIFT_EXTENT(mask, n)
 *   POLYLIFT_EXTENT(a, n)
 *   POLYLIFT_EXTENT(b, n)
 *   POLYLIFT_EXTENT(out, n)
 */
static void kernel_where_select(int n, const int *restrict mask, const float *restrict a, const float *restrict b, float *restrict out)
{
  for (int i = 0; i < n; i++)
    out[i] = mask[i] ? a[i] : b[i];
}

int main(void)
{
  int n = N;
  int i;
  int *mask = POLYLIFT_ALLOC(n, int);
  float *a = POLYLIFT_ALLOC(n, float);
  float *b = POLYLIFT_ALLOC(n, float);
  float *out = POLYLIFT_ALLOC(n, float);

  for (i = 0; i < n; i++)
    mask[i] = (i * 5 + 2) % 7 < 3;
  for (i = 0; i < n; i++)
    a[i] = (float)((i * 7 + 3) % 23 - 11) / 8.0f;
  for (i = 0; i < n; i++)
    b[i] = (float)((i * 5 + 1) % 19 - 9) / 4.0f;

  kernel_where_select(n, mask, a, b, out);

  polylift_checksum_f32("out", out, (size_t)n);
  free(mask);
  free(a);
  free(b);
  free(out);
  return 0;
}
