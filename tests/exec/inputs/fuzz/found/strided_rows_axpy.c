/* Found by polylift fuzz (seed 22, program 1936), shrunk: B[j][k + 1][1] is a 2-D view
   whose rows step by 2 elements; match-kernels made it an axpy2d launch that no
   backend could lower ("no backend claimed", FAIL). It stays a generic now. */
#include "polylift_bench.h"

static void kernel_strided_rows_axpy(int m, int p, double A[restrict 1][1][1], double B[restrict 1][2][2])
{
  int j, k;
  for (j = 0; j < p; j++) {
    for (k = 0; k < m - 1; k++) {
      A[0][j][k] += B[j][k + 1][1];
    }
  }
}

int main(void)
{
  size_t k;
  double (*A)[1][1] = POLYLIFT_ALLOC(1 * 1 * 1, double);
  for (k = 0; k < (size_t)(1 * 1 * 1); k++)
    ((double *)A)[k] = (double)((k * 7 + 1) % 13) / 13;
  double (*B)[2][2] = POLYLIFT_ALLOC(1 * 2 * 2, double);
  for (k = 0; k < (size_t)(1 * 2 * 2); k++)
    ((double *)B)[k] = (double)((k * 8 + 2) % 15) / 15;
  kernel_strided_rows_axpy(1, 1, A, B);
  polylift_checksum_f64("A", (double *)A, 1 * 1 * 1);
  free(A);
  free(B);
  return 0;
}
