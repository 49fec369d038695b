/* Outputs scaled by a run-time beta before they are accumulated into: gemm, gemv and
 * axpby. With beta == 0 the source still reads the outputs (0 * NaN is NaN, 0 * -1 is
 * -0), so a launch must not take beta == 0 to mean "not read". */
void kernel_beta_zero(int m, int n, int k, double alpha, double beta, double C[m][n],
                      double A[m][k], double B[k][n], double y[m], double x[k],
                      double z[n], double w[n])
{
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      C[i][j] = beta * C[i][j];
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      for (int p = 0; p < k; p++)
        C[i][j] = C[i][j] + alpha * A[i][p] * B[p][j];
  for (int i = 0; i < m; i++)
    y[i] = beta * y[i];
  for (int i = 0; i < m; i++)
    for (int p = 0; p < k; p++)
      y[i] = y[i] + alpha * A[i][p] * x[p];
  for (int j = 0; j < n; j++)
    z[j] = alpha * w[j] + beta * z[j];
}
