/* fz2007 with a first nest no template takes (fz2007's own is an in-place addition
   now, and a map of F alone an expression template: this one reads its counter as a
   number, which none states): a residual nest, then Y += 1.5 * E.W through a flat
   pointer whose sums cancel. */
#include <stdio.h>
#include <stdlib.h>

/* POLYLIFT_EXTENT(Y, n1 * ldY) */
static void kernel_fz2007_residual(int n0, int n1, int n2, int ldY,
                                   double F[restrict n0][n1], double x[restrict 7],
                                   double w[restrict n0], double *restrict Y,
                                   double E[restrict n1][n2], double W[restrict n2][n0])
{
  int i, j, k;
  for (i = 0; i < 7; i++)
    for (j = 0; j < n1; j++)
      F[i][j] = F[i][j] * F[i][j] - (double)j;
  for (j = 0; j < n0; j++)
    for (k = 0; k < n2; k++)
      for (i = 0; i < n1; i++)
        Y[(i) * ldY + j] += 1.5 * E[i][k] * W[k][j];
}

int main(void)
{
  int n0 = 7, n1 = 2, n2 = 4, ldY = 7;
  double (*F)[2] = calloc(7 * 2, sizeof(double));
  double *x = calloc(7, sizeof(double));
  double *w = calloc(7, sizeof(double));
  double *Y = calloc(2 * 7, sizeof(double));
  double (*E)[4] = calloc(2 * 4, sizeof(double));
  double (*W)[7] = calloc(4 * 7, sizeof(double));
  for (int i = 0; i < 7; i++)
    for (int j = 0; j < 2; j++)
      F[i][j] = (double)((3 * i + j) % 5 - 2) / 4;
  for (int i = 0; i < 2 * 7; i++)
    Y[i] = (double)((5 * i + 3) % 11 - 5) / 10;
  for (int i = 0; i < 2; i++)
    for (int k = 0; k < 4; k++)
      E[i][k] = (double)((8 * i + 7 * k + 1) % 9 - 4) / 3;
  for (int k = 0; k < 4; k++)
    for (int j = 0; j < 7; j++)
      W[k][j] = (double)((11 * k + 13 * j + 2) % 13 - 6) / 7;
  kernel_fz2007_residual(n0, n1, n2, ldY, F, x, w, Y, E, W);
  double s = 0;
  for (int i = 0; i < 2 * 7; i++)
    s += Y[i];
  printf("%.17g\n", s);
  free(F); free(x); free(w); free(Y); free(E); free(W);
  return 0;
}
