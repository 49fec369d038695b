/*
 * swiglu: h1[i] = silu(h1[i]) * h3[i], in place, with silu(x) = x / (1 + exp(-x)) written
 * as a transformer's feed-forward code does.
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
 *   POLYLIFT_EXTENT(h1, n)
 *   POLYLIFT_EXTENT(h3, n)
 */
static void kernel_swiglu(int n, float *restrict h1, const float *restrict h3)
{
  for (int i = 0; i < n; i++) {
    float val = h1[i];
    val *= (1.0f / (1.0f + expf(-val)));
    val *= h3[i];
    h1[i] = val;
  }
}

int main(void)
{
  int n = N;
  int i;
  float *h1 = POLYLIFT_ALLOC(n, float);
  float *h3 = POLYLIFT_ALLOC(n, float);

  for (i = 0; i < n; i++)
    h1[i] = (float)((i * 7 + 3) % 23 - 11) / 8.0f;
  for (i = 0; i < n; i++)
    h3[i] = (float)((i * 5 + 1) % 19 - 9) / 4.0f;

  kernel_swiglu(n, h1, h3);

  polylift_checksum_f32("h1", h1, (size_t)n);
  free(h1);
  free(h3);
  return 0;
}
