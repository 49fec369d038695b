/* col_mean: mean[j] = (sum over i of A[i][j]) / rows, A a rows x cols matrix stored flat row-major. */
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
 *   POLYLIFT_EXTENT(A, rows * cols)
 *   POLYLIFT_EXTENT(mean, cols)
 */
static void kernel_col_mean(int rows, int cols, const float *restrict A, float *restrict mean)
{
  for (int j = 0; j < cols; j++)
    mean[j] = 0.0f;
  for (int i = 0; i < rows; i++)
    for (int j = 0; j < cols; j++)
      mean[j] += A[i * cols + j];
  for (int j = 0; j < cols; j++)
    mean[j] /= rows;
}

int main(void)
{
  int rows = SIZE_M, cols = SIZE_N;
  int i;
  float *A = POLYLIFT_ALLOC(rows * cols, float);
  float *mean = POLYLIFT_ALLOC(cols, float);

  for (i = 0; i < rows * cols; i++)
    A[i] = (float)((i * 7 + 3) % 23 - 11) / 8.0f;

  kernel_col_mean(rows, cols, A, mean);

  polylift_checksum_f32("mean", mean, (size_t)cols);
  free(A);
  free(mean);
  return 0;
}
