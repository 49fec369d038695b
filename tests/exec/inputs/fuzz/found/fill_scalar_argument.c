/* Found by polylift fuzz (seed 9 with alpha and beta NaN half the time, program 0, a
   syrk), shrunk: a row filled with a scalar argument was erased by the raising as if it
   stored each element back unchanged (the argument is a block argument too), so the
   array kept its old values (DIFF). */
#include "polylift_bench.h"

static void kernel_fill_scalar_argument(float beta, float C[restrict 1][1])
{
  int j;
  for (j = 0; j < 1; j++) {
    C[0][j] = beta;
  }
}

int main(void)
{
  size_t k;
  float (*C)[1] = POLYLIFT_ALLOC(1 * 1, float);
  for (k = 0; k < (size_t)(1 * 1); k++)
    ((float *)C)[k] = (float)((k * 7 + 1) % 13) / 13;
  kernel_fill_scalar_argument(NAN, C);
  polylift_checksum_f32("C", (float *)C, 1 * 1);
  free(C);
  return 0;
}
