/* gemm: C := alpha * A * B + beta * C (general matrix-matrix product). */
#include "polylift_bench.h"

#if defined(MINI_DATASET)
#define NI 20
#define NJ 25
#define NK 30
#elif defined(SMALL_DATASET)
#define NI 60
#define NJ 70
#define NK 80
#elif defined(LARGE_DATASET)
#define NI 1000
#define NJ 1100
#define NK 1200
#elif defined(EXTRALARGE_DATASET)
#define NI 2000
#define NJ 2300
#define NK 2600
#else
#define NI 200
#define NJ 220
#define NK 240
#endif

static void kernel_gemm(int ni, int nj, int nk, DATA_TYPE alpha, DATA_TYPE beta,
                        DATA_TYPE C[restrict ni][nj], DATA_TYPE A[restrict ni][nk],
                        DATA_TYPE B[restrict nk][nj])
{
  int i, j, k;

  for (i = 0; i < ni; i++) {
    for (j = 0; j < nj; j++)
      C[i][j] *= beta;
    for (k = 0; k < nk; k++)
      for (j = 0; j < nj; j++)
        C[i][j] += alpha * A[i][k] * B[k][j];
  }
}

int main(void)
{
  int ni = NI, nj = NJ, nk = NK;
  int i, j;
  DATA_TYPE alpha = SCALAR_VAL(1.5);
  DATA_TYPE beta = SCALAR_VAL(1.2);
  DATA_TYPE (*C)[nj] = POLYLIFT_ALLOC(ni * nj, DATA_TYPE);
  DATA_TYPE (*A)[nk] = POLYLIFT_ALLOC(ni * nk, DATA_TYPE);
  DATA_TYPE (*B)[nj] = POLYLIFT_ALLOC(nk * nj, DATA_TYPE);

  for (i = 0; i < ni; i++)
    for (j = 0; j < nj; j++)
      C[i][j] = (DATA_TYPE)((i * j + 1) % ni) / ni;
  for (i = 0; i < ni; i++)
    for (j = 0; j < nk; j++)
      A[i][j] = (DATA_TYPE)((i * (j + 1)) % nk) / nk;
  for (i = 0; i < nk; i++)
    for (j = 0; j < nj; j++)
      B[i][j] = (DATA_TYPE)((i * (j + 2)) % nj) / nj;

  kernel_gemm(ni, nj, nk, alpha, beta, C, A, B);

  POLYLIFT_CHECKSUM("C", C[0][0], ni * nj);
  free(C);
  free(A);
  free(B);
  return 0;
}
