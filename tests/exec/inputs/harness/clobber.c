/* A loop in main around a small kernel.  The harness replaces the kernel by a wrapper
   that may use every caller-saved register; main's loop bounds and sums must survive. */
#include <stdio.h>

static void kernel_clobber(int n, double x[restrict n])
{
  for (int i = 0; i < n; i++)
    x[i] = x[i] + 1.0;
}

int main(void)
{
  int n = 37, rounds = 11;
  double x[64] = {0};
  long sum = 0;
  for (int r = 0; r < rounds; r++) {
    kernel_clobber(n, x);
    for (int i = 0; i < n; i++)
      sum += (long)x[i] * (r + 1);
  }
  printf("%ld\n", sum);
  return 0;
}
