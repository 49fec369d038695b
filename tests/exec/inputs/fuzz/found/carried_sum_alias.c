/* Found by polylift fuzz (seed 5, program 12, a dot product), shrunk: the second call
   passes x for out, and the raised sum zeroed x[0] before reading it (DIFF). */
#include "polylift_bench.h"

static void kernel_carried_sum_alias(int n, double x[1], double out[1])
{
  int i;
  double s = 0;
  for (i = 0; i < n; i++) {
    s += x[i];
  }
  out[0] = s;
}

int main(void)
{
  size_t k;
  double *x = POLYLIFT_ALLOC(1, double);
  for (k = 0; k < (size_t)(1); k++)
    ((double *)x)[k] = (double)((k * 7 + 1) % 13) / 13;
  double *out = POLYLIFT_ALLOC(1, double);
  for (k = 0; k < (size_t)(1); k++)
    ((double *)out)[k] = (double)((k * 8 + 2) % 15) / 15;
  kernel_carried_sum_alias(1, x, out);
  kernel_carried_sum_alias(1, x, x);
  polylift_checksum_f64("out", (double *)out, 1);
  free(x);
  free(out);
  return 0;
}
