/*
 * softmax_row: one attention row in place, x = exp(x - max) / sum: the maximum, then the
 * exponentials with a running sum, then the division by the sum.
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
static void kernel_softmax_row(int n, float *restrict x)
{
  float max = x[0];
  for (int i = 1; i < n; i++)
    if (x[i] > max)
      max = x[i];
  float sum = 0.0f;
  for (int i = 0; i < n; i++) {
    x[i] = expf(x[i] - max);
    sum += x[i];
  }
  for (int i = 0; i < n; i++)
    x[i] = x[i] / sum;
}

int main(void)
{
  int n = N;
  int i;
  float *x = POLYLIFT_ALLOC(n, float);

  for (i = 0; i < n; i++)
    x[i] = (float)((i * 13 + 5) % 29 - 14) / 4.0f;

  kernel_softmax_row(n, x);

  polylift_checksum_f32("x", x, (size_t)n);
  free(x);
  return 0;
}
