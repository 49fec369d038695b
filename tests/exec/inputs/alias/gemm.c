/* gemm with no `restrict`: C = alpha A B + beta C, called with C also A (rows of C are
   scaled and updated while later columns of them are still read as A) and on three
   arrays. -DALIAS_RESTRICT says `restrict` and makes only the call on three arrays. */
#include "alias.h"

#define N 12

static void kernel_gemm(int n, double alpha, double beta, double C[R n][n],
                        double A[R n][n], double B[R n][n])
{
  int i, j, k;
  for (i = 0; i < n; i++) {
    for (j = 0; j < n; j++)
      C[i][j] *= beta;
    for (k = 0; k < n; k++)
      for (j = 0; j < n; j++)
        C[i][j] += alpha * A[i][k] * B[k][j];
  }
}

int main(void)
{
  int n = N;
  double (*A)[N] = malloc(sizeof(double[N][N]));
  double (*B)[N] = malloc(sizeof(double[N][N]));
  double (*C)[N] = malloc(sizeof(double[N][N]));
  double (*M)[N] = malloc(sizeof(double[N][N]));
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      A[i][j] = (double)(i * j % n) / n;
      B[i][j] = (double)(i * (j + 1) % n) / n;
      C[i][j] = (double)((i + j) % n) / n;
      M[i][j] = (double)((i * 3 + j) % n) / n;
    }
#ifndef ALIAS_RESTRICT
  kernel_gemm(n, 1.5, 1.2, M, M, B);
#endif
  kernel_gemm(n, 1.5, 1.2, C, A, B);
  printf("%.17g %.17g\n", M[3][4], C[3][4]);
  free(A);
  free(B);
  free(C);
  free(M);
  return 0;
}
