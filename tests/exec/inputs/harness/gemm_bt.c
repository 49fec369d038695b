/* C += A * B^T on square matrices: the shape of the planted-fault test. */
#include <stdio.h>
#include <stdlib.h>

#define N 12

static void kernel_gemm_bt(int n, double C[restrict n][n], double A[restrict n][n],
                           double B[restrict n][n])
{
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      for (int k = 0; k < n; k++)
        C[i][j] += A[i][k] * B[j][k];
}

int main(void)
{
  int n = N;
  double (*C)[N] = calloc(N * N, sizeof(double));
  double (*A)[N] = calloc(N * N, sizeof(double));
  double (*B)[N] = calloc(N * N, sizeof(double));
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      A[i][j] = (double)((i * 3 + j) % 7) / 4;
      B[i][j] = (double)((i + 5 * j) % 9) / 8;
      C[i][j] = (double)(i - j) / 2;
    }
  kernel_gemm_bt(n, C, A, B);
  printf("%.17g\n", C[n - 1][0]);
  free(C);
  free(A);
  free(B);
  return 0;
}
