/* A FULL kernel whose size is 0 at run time: no flops, a bound of an empty launch. */
#include <stdio.h>
#include <stdlib.h>

static void kernel_empty_axpy(int n, double alpha, double y[restrict 1], double x[restrict 1])
{
  int i;
  for (i = 0; i < n; i++)
    y[i] = y[i] + alpha * x[i];
}

int main(void)
{
  int n = 0;
  double *y = calloc(1, sizeof(double));
  double *x = calloc(1, sizeof(double));
  y[0] = 2.5;
  x[0] = 1.0 / 3;
  kernel_empty_axpy(n, 1.5, y, x);
  printf("%.17g\n", y[0]);
  free(y);
  free(x);
  return 0;
}
