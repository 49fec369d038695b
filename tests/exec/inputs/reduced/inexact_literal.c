/* C = 0.1, then C += A.B: the kernel's own constant is not dyadic, so exact inputs do
 * not keep the sums exact. */
#include <stdio.h>
#include <stdlib.h>

static void kernel_inexact_literal(int ni, int nj, int nk, double C[restrict ni][nj],
                                   double A[restrict ni][nk], double B[restrict nk][nj])
{
  int i, j, k;
  for (i = 0; i < ni; i++)
    for (j = 0; j < nj; j++) {
      C[i][j] = 0.1;
      for (k = 0; k < nk; k++)
        C[i][j] += A[i][k] * B[k][j];
    }
}

int main(void)
{
  int ni = 20, nj = 25, nk = 30;
  double (*C)[25] = calloc(20 * 25, sizeof(double));
  double (*A)[30] = calloc(20 * 30, sizeof(double));
  double (*B)[25] = calloc(30 * 25, sizeof(double));
  for (int i = 0; i < ni; i++)
    for (int k = 0; k < nk; k++)
      A[i][k] = (double)((i * (k + 1)) % nk) / nk;
  for (int k = 0; k < nk; k++)
    for (int j = 0; j < nj; j++)
      B[k][j] = (double)((k * (j + 2)) % nj) / nj;
  kernel_inexact_literal(ni, nj, nk, C, A, B);
  printf("%.17g\n", C[0][0]);
  free(C);
  free(A);
  free(B);
  return 0;
}
