/*
 * zero_crossings: c = the number of i < n-1 with x[i] * x[i+1] < 0 (sign changes),
 * counted in an int and stored through *count.
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
 *   POLYLIFT_EXTENT(count, 1)
 */
static void kernel_zero_crossings(int n, const float *restrict x, int *restrict count)
{
  int c = 0;
  for (int i = 0; i < n - 1; i++)
    if (x[i] * x[i + 1] < 0.0f)
      c++;
  *count = c;
}

int main(void)
{
  int n = N;
  int i;
  float *x = POLYLIFT_ALLOC(n, float);
  int *count = POLYLIFT_ALLOC(1, int);

  for (i = 0; i < n; i++)
    x[i] = (float)((i * 7 + 3) % 23 - 11) / 8.0f;

  kernel_zero_crossings(n, x, count);

  polylift_checksum_i32("count", count, (size_t)1);
  free(x);
  free(count);
  return 0;
}
