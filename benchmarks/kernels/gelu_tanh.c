/*
 * gelu_tanh: out = 0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3))), the tanh
 * approximation of GELU.
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
 *   POLYLIFT_EXTENT(in, n)
 *   POLYLIFT_EXTENT(out, n)
 */
static void kernel_gelu_tanh(int n, const float *restrict in, float *restrict out)
{
  for (int i = 0; i < n; i++) {
    float x = in[i];
    out[i] = 0.5f * x * (1.0f + tanhf(0.7978845608f * (x + 0.044715f * x * x * x)));
  }
}

int main(void)
{
  int n = N;
  int i;
  float *in = POLYLIFT_ALLOC(n, float);
  float *out = POLYLIFT_ALLOC(n, float);

  for (i = 0; i < n; i++)
    in[i] = (float)((i * 7 + 3) % 23 - 11) / 8.0f;

  kernel_gelu_tanh(n, in, out);

  polylift_checksum_f32("out", out, (size_t)n);
  free(in);
  free(out);
  return 0;
}
