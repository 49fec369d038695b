/* skip_zeros: s[i] = sum over the nonzero A[i][j] of A[i][j]^2, the zeros skipped with
 * `continue` (a sparse row's energy), A a rows x cols matrix stored flat row-major. */
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
 *   POLYLIFT_EXTENT(s, rows)
 */
static void kernel_skip_zeros(int rows, int cols, const float *restrict A, float *restrict s)
{
  for (int i = 0; i < rows; i++) {
    float acc = 0.0f;
    for (int j = 0; j < cols; j++) {
      float v = A[i * cols + j];
      if (v == 0.0f)
        continue;
      acc += v * v;
    }
    s[i] = acc;
  }
}

int main(void)
{
  int rows = SIZE_M, cols = SIZE_N;
  int i;
  float *A = POLYLIFT_ALLOC(rows * cols, float);
  float *s = POLYLIFT_ALLOC(rows, float);

  /* One element in three is zero. */
  for (i = 0; i < rows * cols; i++)
    A[i] = i % 3 == 1 ? 0.0f : (float)((i * 7 + 3) % 23 - 11) / 8.0f;

  kernel_skip_zeros(rows, cols, A, s);

  polylift_checksum_f32("s", s, (size_t)rows);
  free(A);
  free(s);
  return 0;
}
