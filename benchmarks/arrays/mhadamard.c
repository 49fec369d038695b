/*
 * mhadamard: C = A .* B, the element-wise (Hadamard) product of matrices.
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
 *   POLYLIFT_EXTENT(C, m * ld)
 */
static void kernel_mhadamard(int m, int n, int ld, float *restrict A, float *restrict B, float *restrict C)
{
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      C[i * ld + j] = A[i * ld + j] * B[i * ld + j];
}

int main(void)
{
  int m = SIZE_M, n = SIZE_N, ld = SIZE_N + 3;
  int i;
  float *A = POLYLIFT_ALLOC(m * ld, float);
  float *B = POLYLIFT_ALLOC(m * ld, float);
  float *C = POLYLIFT_ALLOC(m * ld, float);

  for (i = 0; i < m * ld; i++)
    A[i] = (float)((i * 7 + 3) % 23 - 11) / 8.0f;
  for (i = 0; i < m * ld; i++)
    B[i] = (float)((i * 5 + 1) % 19 - 9) / 4.0f;

  kernel_mhadamard(m, n, ld, A, B, C);

  polylift_checksum_f32("C", C, (size_t)(m * ld));
  free(A);
  free(B);
  free(C);
  return 0;
}
