/* An fdtd-style update that runs no iteration (n0 = 1), then E3 += u4.v^T + p.w^T
 * (a rank-2 update) whose sums cancel: the verdict must not change with the stencil. */
#include <stdio.h>
#include <stdlib.h>

/* POLYLIFT_EXTENT(E, n0 * ldE) */
/* POLYLIFT_EXTENT(E3, n3 * n2) */
static void kernel_ger2_stencil(int n0, int nf, int n1, int n2, int n3, int ldE,
                                double V[restrict n0][n1], double *restrict E,
                                double F[restrict nf][n1], double *restrict E3,
                                double u4[restrict n3], double v[restrict n2],
                                double p[restrict n3], double w[restrict n2])
{
  int i, j;
  for (i = 0; i < n0 - 1; i++)
    for (j = 0; j < n1; j++)
      V[i][j] = V[i][j] - 0.7 * (E[i * ldE + j + 1] - E[i * ldE + j] + F[i + 1][j] - F[i][j]);
  for (i = 0; i < n3; i++)
    for (j = 0; j < n2; j++)
      E3[(i) * n2 + j] = u4[i] * v[j] + (E3[(i) * n2 + j] + p[i] * w[j]);
}

int main(void)
{
  int n0 = 1, n1 = 3, n2 = 7, n3 = 1, ldE = 4;
  double (*V)[3] = calloc(1 * 3, sizeof(double));
  double *E = calloc(1 * 4, sizeof(double));
  double (*F)[3] = calloc(2 * 3, sizeof(double));
  double *E3 = calloc(1 * 7, sizeof(double));
  double *u4 = calloc(1, sizeof(double));
  double *v = calloc(7, sizeof(double));
  double *p = calloc(1, sizeof(double));
  double *w = calloc(7, sizeof(double));
  for (int j = 0; j < 3; j++) {
    V[0][j] = (double)(j % 5 - 2) / 4;
    F[0][j] = (double)(j % 3 - 1) / 2;
    F[1][j] = (double)(j % 7 - 3) / 8;
  }
  for (int j = 0; j < 4; j++)
    E[j] = (double)(j % 9 - 4) / 4;
  for (int i0 = 0; i0 < 1; i0++)
    for (int i1 = 0; i1 < 7; i1++)
      E3[i0 * 7 + i1] = (double)((5 * i0 + 5 * i1 + 4) % 19 - 9) / 8;
  for (int i0 = 0; i0 < 1; i0++) {
    u4[i0] = (i0 % 17 - 8) / 5.0;
    p[i0] = (i0 % 17 - 8) / 10.0;
  }
  for (int i0 = 0; i0 < 7; i0++) {
    v[i0] = (double)((7 * i0 + 1) % 7 - 3) / 16;
    w[i0] = (double)((3 * i0 + 2) % 11 - 5) / 4;
  }
  kernel_ger2_stencil(n0, n0 + 1, n1, n2, n3, ldE, V, E, F, E3, u4, v, p, w);
  double s = 0;
  for (int j = 0; j < 7; j++)
    s += E3[j];
  printf("%.17g\n", s);
  free(V); free(E); free(F); free(E3); free(u4); free(v); free(p); free(w);
  return 0;
}
