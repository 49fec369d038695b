/*
 * gramschmidt: QR factorisation A = Q * R of an m x n matrix (m >= n) by modified
 * Gram-Schmidt.  Q (m x n) has orthonormal columns, R (n x n) is upper triangular, and
 * A is overwritten by the residuals of the orthogonalisation.
 * The sizes keep m > n so that the columns are independent and R[k][k] never vanishes.
 */
#include "polylift_bench.h"

#if defined(MINI_DATASET)
#define M 30
#define N 20
#elif defined(SMALL_DATASET)
#define M 80
#define N 60
#elif defined(LARGE_DATASET)
#define M 1200
#define N 1000
#elif defined(EXTRALARGE_DATASET)
#define M 2600
#define N 2000
#else
#define M 240
#define N 200
#endif

static void kernel_gramschmidt(int m, int n, DATA_TYPE A[restrict m][n],
                               DATA_TYPE R[restrict n][n], DATA_TYPE Q[restrict m][n])
{
  int i, j, k;
  DATA_TYPE nrm;

  for (k = 0; k < n; k++) {
    nrm = SCALAR_VAL(0.0);
    for (i = 0; i < m; i++)
      nrm += A[i][k] * A[i][k];
    R[k][k] = SQRT_FUN(nrm);
    for (i = 0; i < m; i++)
      Q[i][k] = A[i][k] / R[k][k];
    for (j = k + 1; j < n; j++) {
      R[k][j] = SCALAR_VAL(0.0);
      for (i = 0; i < m; i++)
        R[k][j] += Q[i][k] * A[i][j];
      for (i = 0; i < m; i++)
        A[i][j] = A[i][j] - Q[i][k] * R[k][j];
    }
  }
}

int main(void)
{
  int m = M, n = N;
  int i, j;
  DATA_TYPE (*A)[n] = POLYLIFT_ALLOC(m * n, DATA_TYPE);
  DATA_TYPE (*R)[n] = POLYLIFT_ALLOC(n * n, DATA_TYPE);
  DATA_TYPE (*Q)[n] = POLYLIFT_ALLOC(m * n, DATA_TYPE);

  /* m * [I; 0] plus entries in [0, 0.8]: the smallest singular value is at least
   * m - 0.8 * sqrt(m n) > 0.2 m. */
  for (i = 0; i < m; i++)
    for (j = 0; j < n; j++)
      A[i][j] = (i == j ? (DATA_TYPE)m : SCALAR_VAL(0.0)) + (DATA_TYPE)((i + 2 * j) % 5) / 5;

  kernel_gramschmidt(m, n, A, R, Q);

  POLYLIFT_CHECKSUM("A", A[0][0], m * n);
  POLYLIFT_CHECKSUM("R", R[0][0], n * n);
  POLYLIFT_CHECKSUM("Q", Q[0][0], m * n);
  free(A);
  free(R);
  free(Q);
  return 0;
}
