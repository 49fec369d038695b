/* outer: out[i][j] = a[i] * b[j], an n x m outer product stored flat row-major. */
#include "polylift_bench.h"

#if defined(MINI_DATASET)
#define SIZE_M 20
#define SIZE_N 30
#elif defined(SMALL_DATASET)
#define SIZE_M 200
#define SIZE_N 240
#elif defined(LARGE_DATASET)
#define SIZE_M 2000
#define SIZE_N 2200
#elif defined(EXTRALARGE_DATASET)
#define SIZE_M 4000
#define SIZE_N 4400
#else
#define SIZE_M 600
#define SIZE_N 700
#endif

/* Element counts of the pointer parameters, for the polylift harness:
 *   POLYLIFT_EXTENT(a, n)
 *   POLYLIFT_EXTENT(b, m)
 *   POLYLIFT_EXTENT(out, n * m)
 */
static void kernel_outer(int n, int m, const float *restrict a, const float *restrict b, float *restrict out)
{
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      out[i * m + j] = a[i] * b[j];
}

int main(void)
{
  int n = SIZE_M, m = SIZE_N;
  int i;
  float *a = POLYLIFT_ALLOC(n, float);
  float *b = POLYLIFT_ALLOC(m, float);
  float *out = POLYLIFT_ALLOC(n * m, float);

  for (i = 0; i < n; i++)
    a[i] = (float)((i * 7 + 3) % 23 - 11) / 8.0f;
  for (i = 0; i < m; i++)
    b[i] = (float)((i * 5 + 1) % 19 - 9) / 4.0f;

  kernel_outer(n, m, a, b, out);

  polylift_checksum_f32("out", out, (size_t)(n * m));
  free(a);
  free(b);
  free(out);
  return 0;
}
