/* Found by polylift fuzz (seed 9 with alpha and beta NaN half the time, program 35),
   shrunk: a loop with no iteration was raised over an empty dimension, and the view
   match-kernels built of it did not verify (FAIL). */
#include "polylift_bench.h"

static void kernel_empty_loop_fill(double beta, double C[restrict 1][3])
{
  int j;
  for (j = 2; j < 1; j++) {
    C[0][j] = beta;
  }
}

int main(void)
{
  size_t k;
  double (*C)[3] = POLYLIFT_ALLOC(1 * 3, double);
  for (k = 0; k < (size_t)(1 * 3); k++)
    ((double *)C)[k] = (double)((k * 7 + 1) % 13) / 13;
  kernel_empty_loop_fill(1.5, C);
  polylift_checksum_f64("C", (double *)C, 1 * 3);
  free(C);
  return 0;
}
