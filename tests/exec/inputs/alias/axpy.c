/* axpy with no `restrict`: y = a x + y, called with x == y and on two arrays.
   -DALIAS_RESTRICT says `restrict` and makes only the call on two arrays. */
#include "alias.h"

#define N 32

static void kernel_axpy(int n, double a, double *R x, double *R y)
{
  /* POLYLIFT_EXTENT(x, n) */
  /* POLYLIFT_EXTENT(y, n) */
  int i;
  for (i = 0; i < n; i++)
    y[i] = a * x[i] + y[i];
}

int main(void)
{
  int n = N;
  double *v = malloc(sizeof(double[N]));
  double *x = malloc(sizeof(double[N])), *y = malloc(sizeof(double[N]));
  for (int i = 0; i < n; i++) {
    v[i] = 0.25 * i + 1.0;
    x[i] = 1.0 / (i + 1);
    y[i] = 3.0 - 0.5 * i;
  }
#ifndef ALIAS_RESTRICT
  kernel_axpy(n, 1.5, v, v);
#endif
  kernel_axpy(n, 1.5, x, y);
  printf("%.17g %.17g\n", v[7], y[7]);
  free(v);
  free(x);
  free(y);
  return 0;
}
