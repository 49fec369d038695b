/* Triangular matrix times matrix into a separate C: the sums run over one triangle of A
 * (k >= i above, k <= i below), written as a user would. */
void kernel_trmm_upper(int m, int n, double alpha, double A[m][m], double B[m][n],
                       double C[m][n])
{
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++) {
      C[i][j] = 0.0;
      for (int k = i; k < m; k++)
        C[i][j] += alpha * A[i][k] * B[k][j];
    }
}

void kernel_trmm_lower(int m, int n, double alpha, double A[m][m], double B[m][n],
                       double C[m][n])
{
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++) {
      C[i][j] = 0.0;
      for (int k = 0; k <= i; k++)
        C[i][j] += alpha * A[i][k] * B[k][j];
    }
}
