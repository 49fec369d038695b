/* 3mm: three products, G := (A * B) * (C * D). */
#include "polylift_bench.h"

#if defined(MINI_DATASET)
#define NI 16
#define NJ 18
#define NK 20
#define NL 22
#define NM 24
#elif defined(SMALL_DATASET)
#define NI 40
#define NJ 50
#define NK 60
#define NL 70
#define NM 80
#elif defined(LARGE_DATASET)
#define NI 800
#define NJ 900
#define NK 1000
#define NL 1100
#define NM 1200
#elif defined(EXTRALARGE_DATASET)
#define NI 1600
#define NJ 1800
#define NK 2000
#define NL 2200
#define NM 2400
#else
#define NI 180
#define NJ 190
#define NK 200
#define NL 210
#define NM 220
#endif

static void kernel_3mm(int ni, int nj, int nk, int nl, int nm,
                       DATA_TYPE E[restrict ni][nj], DATA_TYPE A[restrict ni][nk],
                       DATA_TYPE B[restrict nk][nj], DATA_TYPE F[restrict nj][nl],
                       DATA_TYPE C[restrict nj][nm], DATA_TYPE D[restrict nm][nl],
                       DATA_TYPE G[restrict ni][nl])
{
  int i, j, k;

  /* E := A * B */
  for (i = 0; i < ni; i++)
    for (j = 0; j < nj; j++) {
      E[i][j] = SCALAR_VAL(0.0);
      for (k = 0; k < nk; k++)
        E[i][j] += A[i][k] * B[k][j];
    }
  /* F := C * D */
  for (i = 0; i < nj; i++)
    for (j = 0; j < nl; j++) {
      F[i][j] = SCALAR_VAL(0.0);
      for (k = 0; k < nm; k++)
        F[i][j] += C[i][k] * D[k][j];
    }
  /* G := E * F */
  for (i = 0; i < ni; i++)
    for (j = 0; j < nl; j++) {
      G[i][j] = SCALAR_VAL(0.0);
      for (k = 0; k < nj; k++)
        G[i][j] += E[i][k] * F[k][j];
    }
}

int main(void)
{
  int ni = NI, nj = NJ, nk = NK, nl = NL, nm = NM;
  int i, j;
  DATA_TYPE (*E)[nj] = POLYLIFT_ALLOC(ni * nj, DATA_TYPE);
  DATA_TYPE (*A)[nk] = POLYLIFT_ALLOC(ni * nk, DATA_TYPE);
  DATA_TYPE (*B)[nj] = POLYLIFT_ALLOC(nk * nj, DATA_TYPE);
  DATA_TYPE (*F)[nl] = POLYLIFT_ALLOC(nj * nl, DATA_TYPE);
  DATA_TYPE (*C)[nm] = POLYLIFT_ALLOC(nj * nm, DATA_TYPE);
  DATA_TYPE (*D)[nl] = POLYLIFT_ALLOC(nm * nl, DATA_TYPE);
  DATA_TYPE (*G)[nl] = POLYLIFT_ALLOC(ni * nl, DATA_TYPE);

  for (i = 0; i < ni; i++)
    for (j = 0; j < nk; j++)
      A[i][j] = (DATA_TYPE)((i * j + 1) % ni) / (5 * ni);
  for (i = 0; i < nk; i++)
    for (j = 0; j < nj; j++)
      B[i][j] = (DATA_TYPE)((i * (j + 1) + 2) % nj) / (5 * nj);
  for (i = 0; i < nj; i++)
    for (j = 0; j < nm; j++)
      C[i][j] = (DATA_TYPE)((i * (j + 3)) % nl) / (5 * nl);
  for (i = 0; i < nm; i++)
    for (j = 0; j < nl; j++)
      D[i][j] = (DATA_TYPE)((i * (j + 2) + 2) % nk) / (5 * nk);

  kernel_3mm(ni, nj, nk, nl, nm, E, A, B, F, C, D, G);

  POLYLIFT_CHECKSUM("E", E[0][0], ni * nj);
  POLYLIFT_CHECKSUM("F", F[0][0], nj * nl);
  POLYLIFT_CHECKSUM("G", G[0][0], ni * nl);
  free(E);
  free(A);
  free(B);
  free(F);
  free(C);
  free(D);
  free(G);
  return 0;
}
