/* Flattened subscripts on plain pointers (CNN-framework style). */
#define M 9
#define N 11
#define K 7

void kernel_flat_gemm(int m, int n, int k, float alpha, float *A, int lda,
                      float *B, int ldb, float *C, int ldc)
{
  int i, j, p;
  for (i = 0; i < m; ++i)
    for (p = 0; p < k; ++p) {
      float a = alpha * A[i * lda + p];
      for (j = 0; j < n; ++j)
        C[i * ldc + j] += a * B[p * ldb + j];
    }
}

void kernel_flat_const(int m, float *X, float *Y)
{
  for (int i = 0; i < m; i++)
    for (int j = 0; j < 4; j++)
      Y[i * 4 + j] = X[j * 16 + i] * 2.0f;
}
