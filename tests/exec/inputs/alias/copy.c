/* copy with no `restrict`: y = x, called with y = x + 1 (the source order copies x[0]
   into every element; a block copy would shift the array) and on two arrays.
   -DALIAS_RESTRICT says `restrict` and makes only the call on two arrays. */
#include "alias.h"

#define N 32

static void kernel_copy(int n, double *R x, double *R y)
{
  /* POLYLIFT_EXTENT(x, n) */
  /* POLYLIFT_EXTENT(y, n) */
  int i;
  for (i = 0; i < n; i++)
    y[i] = x[i];
}

int main(void)
{
  int n = N;
  double *buf = malloc(sizeof(double[N + 1]));
  double *a = malloc(sizeof(double[N])), *b = malloc(sizeof(double[N]));
  for (int i = 0; i <= n; i++)
    buf[i] = 0.5 + i;
  for (int i = 0; i < n; i++) {
    a[i] = 2.0 * i - 3.0;
    b[i] = 0.0;
  }
#ifndef ALIAS_RESTRICT
  kernel_copy(n, buf, buf + 1);
#endif
  kernel_copy(n, a, b);
  printf("%.17g %.17g\n", buf[n], b[n - 1]);
  free(buf);
  free(a);
  free(b);
  return 0;
}
