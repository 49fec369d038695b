/*
 * mscale_f64: B = alpha * A (double matrices).
 */
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
 *   POLYLIFT_EXTENT(A, m * ld)
 *   POLYLIFT_EXTENT(B, m * ld)
 */
static void kernel_mscale_f64(int m, int n, int ld, double alpha, double *restrict A, double *restrict B)
{
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      B[i * ld + j] = alpha * A[i * ld + j];
}

int main(void)
{
  int m = SIZE_M, n = SIZE_N, ld = SIZE_N + 3;
  int i;
  double *A = POLYLIFT_ALLOC(m * ld, double);
  double *B = POLYLIFT_ALLOC(m * ld, double);

  for (i = 0; i < m * ld; i++)
    A[i] = (double)((i * 7 + 3) % 23 - 11) / 8.0;

  kernel_mscale_f64(m, n, ld, 0.375, A, B);

  polylift_checksum_f64("B", B, (size_t)(m * ld));
  free(A);
  free(B);
  return 0;
}
