/* A gemm, then an unrelated fill: the three ops look like cnn.gemm_bias_relu's. */
#include <stdio.h>
#include <stdlib.h>

static void kernel_stalectx(int m, int n, int k, float beta, float C[restrict m][n],
                            float A[restrict m][k], float B[restrict k][n],
                            float R[restrict m][n])
{
  int i, j, p;
  for (i = 0; i < m; i++)
    for (j = 0; j < n; j++) {
      C[i][j] = 0.0f;
      for (p = 0; p < k; p++)
        C[i][j] += A[i][p] * B[p][j];
    }
  for (i = 0; i < m; i++)
    for (j = 0; j < n; j++)
      R[i][j] = beta;
}

int main(void)
{
  int m = 7, n = 9, k = 5;
  float (*C)[9] = calloc(7 * 9, sizeof(float));
  float (*A)[5] = calloc(7 * 5, sizeof(float));
  float (*B)[9] = calloc(5 * 9, sizeof(float));
  float (*R)[9] = calloc(7 * 9, sizeof(float));
  for (int i = 0; i < m; i++)
    for (int j = 0; j < k; j++)
      A[i][j] = (float)((i * 3 + j) % 7) / 7;
  for (int i = 0; i < k; i++)
    for (int j = 0; j < n; j++)
      B[i][j] = (float)((i + 5 * j) % 9) / 9;
  kernel_stalectx(m, n, k, 1.5f, C, A, B, R);
  printf("%.9g %.9g\n", C[m - 1][0], R[0][n - 1]);
  free(C);
  free(A);
  free(B);
  free(R);
  return 0;
}
