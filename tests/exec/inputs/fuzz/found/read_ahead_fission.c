/* Found by polylift fuzz (seed 1, program 1, once the generator kept an element in a
   temporary before a store overwrote it), shrunk: B[i] is kept in t, overwritten, then
   stored into A. Fission ran the overwrite of every B[i] first, so A got the new
   values (DIFF): the same iteration's order was not asked. */
#include "polylift_bench.h"

static void kernel_read_ahead_fission(double A[1], double B[1])
{
  int i;
  double t = 0;
  for (i = 0; i < 1; i++) {
    t = B[i];
    B[i] = 1.0;
    A[i] = t;
  }
}

int main(void)
{
  size_t k;
  double *A = POLYLIFT_ALLOC(1, double);
  for (k = 0; k < (size_t)(1); k++)
    ((double *)A)[k] = (double)((k * 7 + 1) % 13) / 13;
  double *B = POLYLIFT_ALLOC(1, double);
  for (k = 0; k < (size_t)(1); k++)
    ((double *)B)[k] = (double)((k * 8 + 2) % 15) / 15;
  kernel_read_ahead_fission(A, B);
  polylift_checksum_f64("A", (double *)A, 1);
  polylift_checksum_f64("B", (double *)B, 1);
  free(A);
  free(B);
  return 0;
}
