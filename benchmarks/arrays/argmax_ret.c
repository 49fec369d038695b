/*
 * argmax_ret: the index of the first largest element of x, returned (ties and the
 * repeated pattern keep the first occurrence).
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
 */
static int kernel_argmax_ret(int n, float *restrict x)
{
  int k = 0;
  float m = x[0];
  for (int i = 1; i < n; i++)
    if (x[i] > m) {
      m = x[i];
      k = i;
    }
  return k;
}

int main(void)
{
  int n = N;
  int i;
  float *x = POLYLIFT_ALLOC(n, float);

  for (i = 0; i < n; i++)
    x[i] = (float)((i * 7 + 3) % 23 - 11) / 8.0f;

  int32_t result[1];
  result[0] = kernel_argmax_ret(n, x);

  polylift_checksum_i32("result", result, 1);
  free(x);
  return 0;
}
