/*
 * covariance: sample covariance matrix of m variables observed n times.
 * data[i][j] is observation i of variable j; it is centred in place.
 */
#include "polylift_bench.h"

#if defined(MINI_DATASET)
#define M 28
#define N 32
#elif defined(SMALL_DATASET)
#define M 80
#define N 100
#elif defined(LARGE_DATASET)
#define M 1200
#define N 1400
#elif defined(EXTRALARGE_DATASET)
#define M 2600
#define N 3000
#else
#define M 240
#define N 260
#endif

static void kernel_covariance(int m, int n, DATA_TYPE float_n, DATA_TYPE data[restrict n][m],
                              DATA_TYPE cov[restrict m][m], DATA_TYPE mean[restrict m])
{
  int i, j, k;

  for (j = 0; j < m; j++) {
    mean[j] = SCALAR_VAL(0.0);
    for (i = 0; i < n; i++)
      mean[j] += data[i][j];
    mean[j] /= float_n;
  }
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      data[i][j] -= mean[j];
  for (i = 0; i < m; i++)
    for (j = i; j < m; j++) {
      cov[i][j] = SCALAR_VAL(0.0);
      for (k = 0; k < n; k++)
        cov[i][j] += data[k][i] * data[k][j];
      cov[i][j] /= (float_n - SCALAR_VAL(1.0));
      cov[j][i] = cov[i][j];
    }
}

int main(void)
{
  int m = M, n = N;
  int i, j;
  DATA_TYPE float_n = (DATA_TYPE)n;
  DATA_TYPE (*data)[m] = POLYLIFT_ALLOC(n * m, DATA_TYPE);
  DATA_TYPE (*cov)[m] = POLYLIFT_ALLOC(m * m, DATA_TYPE);
  DATA_TYPE *mean = POLYLIFT_ALLOC(m, DATA_TYPE);

  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      data[i][j] = (DATA_TYPE)((i * (j + 2) + 1) % n) / 4 + (DATA_TYPE)j / m;

  kernel_covariance(m, n, float_n, data, cov, mean);

  POLYLIFT_CHECKSUM("cov", cov[0][0], m * m);
  POLYLIFT_CHECKSUM("data", data[0][0], n * m);
  POLYLIFT_CHECKSUM("mean", mean[0], m);
  free(data);
  free(cov);
  free(mean);
  return 0;
}
