/*
 * layernorm: y[i] = (x[i] - mean) / sqrt(var + eps) * gamma[i] + beta[i], with the mean
 * and then the (biased) variance of x computed first.
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
 *   POLYLIFT_EXTENT(gamma, n)
 *   POLYLIFT_EXTENT(beta, n)
 *   POLYLIFT_EXTENT(y, n)
 */
static void kernel_layernorm(int n, float eps, const float *restrict x, const float *restrict gamma,
                             const float *restrict beta, float *restrict y)
{
  float mean = 0.0f;
  for (int i = 0; i < n; i++)
    mean += x[i];
  mean = mean / n;
  float var = 0.0f;
  for (int i = 0; i < n; i++) {
    float d = x[i] - mean;
    var += d * d;
  }
  var = var / n;
  for (int i = 0; i < n; i++)
    y[i] = (x[i] - mean) / sqrtf(var + eps) * gamma[i] + beta[i];
}

int main(void)
{
  int n = N;
  float eps = 1e-5f;
  int i;
  float *x = POLYLIFT_ALLOC(n, float);
  float *gamma = POLYLIFT_ALLOC(n, float);
  float *beta = POLYLIFT_ALLOC(n, float);
  float *y = POLYLIFT_ALLOC(n, float);

  for (i = 0; i < n; i++)
    x[i] = (float)((i * 7 + 3) % 23 - 11) / 8.0f;
  for (i = 0; i < n; i++)
    gamma[i] = (float)((i * 5 + 1) % 17 + 8) / 16.0f;
  for (i = 0; i < n; i++)
    beta[i] = (float)((i * 3 + 2) % 13 - 6) / 32.0f;

  kernel_layernorm(n, eps, x, gamma, beta, y);

  polylift_checksum_f32("y", y, (size_t)n);
  free(x);
  free(gamma);
  free(beta);
  free(y);
  return 0;
}
