/*
 * correlation: Pearson correlation matrix of m variables observed n times.
 * data[i][j] is observation i of variable j; corr[i][j] is the correlation of variables
 * i and j.  data is centred and reduced in place; mean and stddev are written too.
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

static void kernel_correlation(int m, int n, DATA_TYPE float_n, DATA_TYPE data[restrict n][m],
                               DATA_TYPE corr[restrict m][m], DATA_TYPE mean[restrict m],
                               DATA_TYPE stddev[restrict m])
{
  int i, j, k;
  DATA_TYPE eps = SCALAR_VAL(0.1);

  for (j = 0; j < m; j++) {
    mean[j] = SCALAR_VAL(0.0);
    for (i = 0; i < n; i++)
      mean[j] += data[i][j];
    mean[j] /= float_n;
  }
  for (j = 0; j < m; j++) {
    stddev[j] = SCALAR_VAL(0.0);
    for (i = 0; i < n; i++)
      stddev[j] += (data[i][j] - mean[j]) * (data[i][j] - mean[j]);
    stddev[j] /= float_n;
    stddev[j] = SQRT_FUN(stddev[j]);
    /* A (nearly) constant variable would divide by zero below: treat its deviation as 1. */
    stddev[j] = stddev[j] <= eps ? SCALAR_VAL(1.0) : stddev[j];
  }
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++) {
      data[i][j] -= mean[j];
      data[i][j] /= SQRT_FUN(float_n) * stddev[j];
    }
  for (i = 0; i < m - 1; i++) {
    corr[i][i] = SCALAR_VAL(1.0);
    for (j = i + 1; j < m; j++) {
      corr[i][j] = SCALAR_VAL(0.0);
      for (k = 0; k < n; k++)
        corr[i][j] += data[k][i] * data[k][j];
      corr[j][i] = corr[i][j];
    }
  }
  corr[m - 1][m - 1] = SCALAR_VAL(1.0);
}

int main(void)
{
  int m = M, n = N;
  int i, j;
  DATA_TYPE float_n = (DATA_TYPE)n;
  DATA_TYPE (*data)[m] = POLYLIFT_ALLOC(n * m, DATA_TYPE);
  DATA_TYPE (*corr)[m] = POLYLIFT_ALLOC(m * m, DATA_TYPE);
  DATA_TYPE *mean = POLYLIFT_ALLOC(m, DATA_TYPE);
  DATA_TYPE *stddev = POLYLIFT_ALLOC(m, DATA_TYPE);

  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      data[i][j] = (DATA_TYPE)((i * (j + 1)) % n) / 4 + (DATA_TYPE)j / m;

  kernel_correlation(m, n, float_n, data, corr, mean, stddev);

  POLYLIFT_CHECKSUM("corr", corr[0][0], m * m);
  POLYLIFT_CHECKSUM("data", data[0][0], n * m);
  POLYLIFT_CHECKSUM("mean", mean[0], m);
  POLYLIFT_CHECKSUM("stddev", stddev[0], m);
  free(data);
  free(corr);
  free(mean);
  free(stddev);
  return 0;
}
