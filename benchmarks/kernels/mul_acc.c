/* mul_acc: Z[i] = Z[i] + X[i] * Y[i], accumulated in place. */
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
 *   POLYLIFT_EXTENT(X, n)
 *   POLYLIFT_EXTENT(Y, n)
 *   POLYLIFT_EXTENT(Z, n)
 */
static void kernel_mul_acc(int n, const float *restrict X, const float *restrict Y, float *restrict Z)
{
  for (int i = 0; i < n; i++)
    Z[i] += X[i] * Y[i];
}

int main(void)
{
  int n = N;
  int i;
  float *X = POLYLIFT_ALLOC(n, float);
  float *Y = POLYLIFT_ALLOC(n, float);
  float *Z = POLYLIFT_ALLOC(n, float);

  for (i = 0; i < n; i++)
    X[i] = (float)((i * 7 + 3) % 23 - 11) / 8.0f;
  for (i = 0; i < n; i++)
    Y[i] = (float)((i * 5 + 1) % 19 - 9) / 4.0f;
  for (i = 0; i < n; i++)
    Z[i] = (float)((i * 3 + 2) % 17 - 8) / 16.0f;

  kernel_mul_acc(n, X, Y, Z);

  polylift_checksum_f32("Z", Z, (size_t)n);
  free(X);
  free(Y);
  free(Z);
  return 0;
}
