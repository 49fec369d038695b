/* sq_err: e[i] = (t[i] - p[i])^2, the difference held in a local first. */
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
 *   POLYLIFT_EXTENT(t, n)
 *   POLYLIFT_EXTENT(p, n)
 *   POLYLIFT_EXTENT(e, n)
 */
static void kernel_sq_err(int n, const float *restrict t, const float *restrict p, float *restrict e)
{
  for (int i = 0; i < n; i++) {
    float d = t[i] - p[i];
    e[i] = d * d;
  }
}

int main(void)
{
  int n = N;
  int i;
  float *t = POLYLIFT_ALLOC(n, float);
  float *p = POLYLIFT_ALLOC(n, float);
  float *e = POLYLIFT_ALLOC(n, float);

  for (i = 0; i < n; i++)
    t[i] = (float)((i * 7 + 3) % 23 - 11) / 8.0f;
  for (i = 0; i < n; i++)
    p[i] = (float)((i * 5 + 1) % 19 - 9) / 4.0f;

  kernel_sq_err(n, t, p, e);

  polylift_checksum_f32("e", e, (size_t)n);
  free(t);
  free(p);
  free(e);
  return 0;
}
