/*
 * cmul_interleaved: out = a * b on n complex numbers stored interleaved (re, im):
 *   out[2i] = a[2i] b[2i] - a[2i+1] b[2i+1],  out[2i+1] = a[2i] b[2i+1] + a[2i+1] b[2i].
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
 *   POLYLIFT_EXTENT(a, 2 * n)
 *   POLYLIFT_EXTENT(b, 2 * n)
 *   POLYLIFT_EXTENT(out, 2 * n)
 */
static void kernel_cmul_interleaved(int n, const float *restrict a, const float *restrict b,
                                    float *restrict out)
{
  for (int i = 0; i < n; i++) {
    out[2 * i] = a[2 * i] * b[2 * i] - a[2 * i + 1] * b[2 * i + 1];
    out[2 * i + 1] = a[2 * i] * b[2 * i + 1] + a[2 * i + 1] * b[2 * i];
  }
}

int main(void)
{
  int n = N;
  int i;
  float *a = POLYLIFT_ALLOC(2 * n, float);
  float *b = POLYLIFT_ALLOC(2 * n, float);
  float *out = POLYLIFT_ALLOC(2 * n, float);

  for (i = 0; i < 2 * n; i++)
    a[i] = (float)((i * 7 + 3) % 23 - 11) / 8.0f;
  for (i = 0; i < 2 * n; i++)
    b[i] = (float)((i * 5 + 1) % 19 - 9) / 4.0f;

  kernel_cmul_interleaved(n, a, b, out);

  polylift_checksum_f32("out", out, (size_t)(2 * n));
  free(a);
  free(b);
  free(out);
  return 0;
}
