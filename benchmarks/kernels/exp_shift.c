/* exp_shift: out[i] = exp(in[i] - m) for a scalar shift m. */
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
 *   POLYLIFT_EXTENT(in, n)
 *   POLYLIFT_EXTENT(out, n)
 */
static void kernel_exp_shift(int n, float m, const float *restrict in, float *restrict out)
{
  for (int i = 0; i < n; i++)
    out[i] = expf(in[i] - m);
}

int main(void)
{
  int n = N;
  int i;
  float m = 1.375f;
  float *in = POLYLIFT_ALLOC(n, float);
  float *out = POLYLIFT_ALLOC(n, float);

  for (i = 0; i < n; i++)
    in[i] = (float)((i * 7 + 3) % 23 - 11) / 8.0f;

  kernel_exp_shift(n, m, in, out);

  polylift_checksum_f32("out", out, (size_t)n);
  free(in);
  free(out);
  return 0;
}
