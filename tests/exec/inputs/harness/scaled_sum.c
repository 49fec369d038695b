/* A kernel that writes an array and returns a scalar: y := a * x, and the sum of the
   absolute values of x. The check compares y and the returned value (`return`). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#if defined(MINI_DATASET)
#define N 40
#else
#define N 4000
#endif

static double kernel_scaled_sum(int n, double a, double x[restrict n], double y[restrict n])
{
  double s = 0.0;
  for (int i = 0; i < n; i++) {
    y[i] = a * x[i];
    s += fabs(x[i]);
  }
  return s;
}

int main(void)
{
  int n = N;
  double *x = malloc(sizeof(double) * n), *y = malloc(sizeof(double) * n);
  for (int i = 0; i < n; i++)
    x[i] = (double)(i % 9) / 4.0 - 1.0;
  double s = kernel_scaled_sum(n, 0.75, x, y);
  printf("s=%.17g y[1]=%.17g\n", s, y[1]);
  free(x);
  free(y);
  return 0;
}
