/* y += alpha * A.x whose exact result is 0: the source computes (alpha * A) * x, the
 * template alpha * (A * x); the two leave different last-bit residues. */
#include <stdio.h>
#include <stdlib.h>

static void kernel_cancel_gemv(int n, int m, double alpha, double y[restrict n],
                               double A[restrict n][m], double x[restrict m])
{
  int i, j;
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      y[i] += alpha * A[i][j] * x[j];
}

int main(void)
{
  int n = 4, m = 3;
  double *y = calloc(4, sizeof(double));
  double (*A)[3] = calloc(4 * 3, sizeof(double));
  double *x = calloc(3, sizeof(double));
  double a[3] = {-1, -0.375, -0.125};
  for (int i = 0; i < n; i++) {
    y[i] = 1;
    for (int j = 0; j < m; j++)
      A[i][j] = a[j];
  }
  x[0] = -1.0 / 3;
  x[1] = 8.0 / 3;
  x[2] = 4.0 / 3;
  kernel_cancel_gemv(n, m, 1.2, y, A, x);
  printf("%.17g\n", y[0]);
  free(y);
  free(A);
  free(x);
  return 0;
}
