/* gemv with no `restrict`: y = A x, called with x == y (the in-place call reads x[j]
   after writing y[j] for j < i), with two rows of one matrix (apart: the lifted
   path), and with two arrays. -DALIAS_RESTRICT says `restrict` and makes only the
   call on two arrays. */
#include "alias.h"

#define N 16

static void kernel_gemv(int n, double A[R n][n], double *R x, double *R y)
{
  /* POLYLIFT_EXTENT(x, n) */
  /* POLYLIFT_EXTENT(y, n) */
  int i, j;
  for (i = 0; i < n; i++) {
    y[i] = 0.0;
    for (j = 0; j < n; j++)
      y[i] = y[i] + A[i][j] * x[j];
  }
}

int main(void)
{
  int n = N;
  double (*A)[N] = malloc(sizeof(double[N][N]));
  double (*M)[N] = malloc(sizeof(double[N][N]));
  double *v = malloc(sizeof(double[N])), *w = malloc(sizeof(double[N]));
  for (int i = 0; i < n; i++) {
    v[i] = 1.0 + i * 0.25;
    w[i] = 0.0;
    for (int j = 0; j < n; j++) {
      A[i][j] = (double)((i + 2 * j) % n) / 7.0;
      M[i][j] = (double)(i - j) / 3.0;
    }
  }
#ifndef ALIAS_RESTRICT
  kernel_gemv(n, A, v, v);
  kernel_gemv(n, A, M[2], M[5]);
#endif
  kernel_gemv(n, A, v, w);
  printf("%.17g %.17g %.17g\n", v[3], w[3], M[5][3]);
  free(A);
  free(M);
  free(v);
  free(w);
  return 0;
}
