/* gather with no `restrict`: y[i] = x[idx[i]]. No bound covers the reads of x (their
   subscript is read from data), so the guard compares x's whole array with y's range;
   called with y overlapping x and on two arrays (an int table never aliases a double).
   -DALIAS_RESTRICT says `restrict` and makes only the call on two arrays. */
#include "alias.h"

#define N 32

static void kernel_gather(int n, const int *R idx, double *R x, double *R y)
{
  /* POLYLIFT_EXTENT(idx, n) */
  /* POLYLIFT_EXTENT(x, n) */
  /* POLYLIFT_EXTENT(y, n) */
  int i;
  for (i = 0; i < n; i++)
    y[i] = x[idx[i]];
}

int main(void)
{
  int n = N;
  int *idx = malloc(sizeof(int[N]));
  double *buf = malloc(sizeof(double[2 * N]));
  double *a = malloc(sizeof(double[N])), *b = malloc(sizeof(double[N]));
  for (int i = 0; i < n; i++) {
    idx[i] = (i * 7 + 3) % n;
    a[i] = 2.0 * i - 3.0;
    b[i] = 0.0;
  }
  for (int i = 0; i < 2 * n; i++)
    buf[i] = 0.5 + i;
#ifndef ALIAS_RESTRICT
  kernel_gather(n, idx, buf, buf + n / 2);
#endif
  kernel_gather(n, idx, a, b);
  printf("%.17g %.17g\n", buf[n], b[n - 1]);
  free(idx);
  free(buf);
  free(a);
  free(b);
  return 0;
}
