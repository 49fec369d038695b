/* split_sign: pos[i] = max(x[i], 0), neg[i] = min(x[i], 0), both from one if/else. */
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
 *   POLYLIFT_EXTENT(pos, n)
 *   POLYLIFT_EXTENT(neg, n)
 */
static void kernel_split_sign(int n, const float *restrict x, float *restrict pos, float *restrict neg)
{
  for (int i = 0; i < n; i++) {
    if (x[i] > 0) {
      pos[i] = x[i];
      neg[i] = 0;
    } else {
      pos[i] = 0;
      neg[i] = x[i];
    }
  }
}

int main(void)
{
  int n = N;
  int i;
  float *x = POLYLIFT_ALLOC(n, float);
  float *pos = POLYLIFT_ALLOC(n, float);
  float *neg = POLYLIFT_ALLOC(n, float);

  for (i = 0; i < n; i++)
    x[i] = (float)((i * 7 + 3) % 23 - 11) / 8.0f;

  kernel_split_sign(n, x, pos, neg);

  polylift_checksum_f32("pos", pos, (size_t)n);
  polylift_checksum_f32("neg", neg, (size_t)n);
  free(x);
  free(pos);
  free(neg);
  return 0;
}
