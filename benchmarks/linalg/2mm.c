/* 2mm: two chained products, D := alpha * A * B * C + beta * D. */
#include "polylift_bench.h"

#if defined(MINI_DATASET)
#define NI 16
#define NJ 18
#define NK 22
#define NL 24
#elif defined(SMALL_DATASET)
#define NI 40
#define NJ 50
#define NK 70
#define NL 80
#elif defined(LARGE_DATASET)
#define NI 800
#define NJ 900
#define NK 1100
#define NL 1200
#elif defined(EXTRALARGE_DATASET)
#define NI 1600
#define NJ 1800
#define NK 2200
#define NL 2400
#else
#define NI 180
#define NJ 190
#define NK 210
#define NL 220
#endif

static void kernel_2mm(int ni, int nj, int nk, int nl, DATA_TYPE alpha, DATA_TYPE beta,
                       DATA_TYPE tmp[restrict ni][nj], DATA_TYPE A[restrict ni][nk],
                       DATA_TYPE B[restrict nk][nj], DATA_TYPE C[restrict nj][nl],
                       DATA_TYPE D[restrict ni][nl])
{
  int i, j, k;

  /* tmp := alpha * A * B */
  for (i = 0; i < ni; i++)
    for (j = 0; j < nj; j++) {
      tmp[i][j] = SCALAR_VAL(0.0);
      for (k = 0; k < nk; k++)
        tmp[i][j] += alpha * A[i][k] * B[k][j];
    }
  /* D := beta * D + tmp * C */
  for (i = 0; i < ni; i++)
    for (j = 0; j < nl; j++) {
      D[i][j] *= beta;
      for (k = 0; k < nj; k++)
        D[i][j] += tmp[i][k] * C[k][j];
    }
}

int main(void)
{
  int ni = NI, nj = NJ, nk = NK, nl = NL;
  int i, j;
  DATA_TYPE alpha = SCALAR_VAL(1.5);
  DATA_TYPE beta = SCALAR_VAL(1.2);
  DATA_TYPE (*tmp)[nj] = POLYLIFT_ALLOC(ni * nj, DATA_TYPE);
  DATA_TYPE (*A)[nk] = POLYLIFT_ALLOC(ni * nk, DATA_TYPE);
  DATA_TYPE (*B)[nj] = POLYLIFT_ALLOC(nk * nj, DATA_TYPE);
  DATA_TYPE (*C)[nl] = POLYLIFT_ALLOC(nj * nl, DATA_TYPE);
  DATA_TYPE (*D)[nl] = POLYLIFT_ALLOC(ni * nl, DATA_TYPE);

  for (i = 0; i < ni; i++)
    for (j = 0; j < nk; j++)
      A[i][j] = (DATA_TYPE)((i * j + 1) % ni) / ni;
  for (i = 0; i < nk; i++)
    for (j = 0; j < nj; j++)
      B[i][j] = (DATA_TYPE)((i * (j + 1)) % nj) / nj;
  for (i = 0; i < nj; i++)
    for (j = 0; j < nl; j++)
      C[i][j] = (DATA_TYPE)((i * (j + 3) + 1) % nl) / nl;
  for (i = 0; i < ni; i++)
    for (j = 0; j < nl; j++)
      D[i][j] = (DATA_TYPE)((i * (j + 2)) % nk) / nk;

  kernel_2mm(ni, nj, nk, nl, alpha, beta, tmp, A, B, C, D);

  POLYLIFT_CHECKSUM("tmp", tmp[0][0], ni * nj);
  POLYLIFT_CHECKSUM("D", D[0][0], ni * nl);
  free(tmp);
  free(A);
  free(B);
  free(C);
  free(D);
  return 0;
}
