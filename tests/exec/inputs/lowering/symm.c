/* Symmetric matrix times matrix, A read from its lower triangle only: the three nests of
 * blas.symm_lower in the template's order. symm.mlir holds the three masked generics
 * that stand for these nests (test_symm_generics_become_one_launch runs both). */
void kernel_symm(int m, int n, double alpha, double beta, double A[m][m], double B[m][n],
                 double C[m][n])
{
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      C[i][j] = beta * C[i][j];
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      for (int k = 0; k <= i; k++)
        C[i][j] += alpha * A[i][k] * B[k][j];
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      for (int k = i + 1; k < m; k++)
        C[i][j] += alpha * A[k][i] * B[k][j];
}
