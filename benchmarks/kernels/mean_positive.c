/* mean_positive: *mean = (sum of the x[i] > 0) / (how many x[i] > 0); at least one is positive. */
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
 *   POLYLIFT_EXTENT(mean, 1)
 */
static void kernel_mean_positive(int n, const float *restrict x, float *restrict mean)
{
  float s = 0.0f;
  int cnt = 0;
  for (int i = 0; i < n; i++) {
    if (x[i] > 0.0f) {
      s += x[i];
      cnt++;
    }
  }
  *mean = s / cnt;
}

int main(void)
{
  int n = N;
  int i;
  float *x = POLYLIFT_ALLOC(n, float);
  float *mean = POLYLIFT_ALLOC(1, float);

  for (i = 0; i < n; i++)
    x[i] = (float)((i * 7 + 3) % 23 - 11) / 8.0f;

  kernel_mean_positive(n, x, mean);

  polylift_checksum_f32("mean", mean, (size_t)1);
  free(x);
  free(mean);
  return 0;
}
