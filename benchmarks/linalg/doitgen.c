/* doitgen: multiresolution analysis kernel, A[r][q][:] := A[r][q][:] * C4 for every r, q. */
#include "polylift_bench.h"

#if defined(MINI_DATASET)
#define NQ 8
#define NR 10
#define NP 12
#elif defined(SMALL_DATASET)
#define NQ 20
#define NR 25
#define NP 30
#elif defined(LARGE_DATASET)
#define NQ 140
#define NR 150
#define NP 160
#elif defined(EXTRALARGE_DATASET)
#define NQ 220
#define NR 250
#define NP 270
#else
#define NQ 40
#define NR 50
#define NP 60
#endif

static void kernel_doitgen(int nr, int nq, int np, DATA_TYPE A[restrict nr][nq][np],
                           DATA_TYPE C4[restrict np][np], DATA_TYPE sum[restrict np])
{
  int r, q, p, s;

  for (r = 0; r < nr; r++)
    for (q = 0; q < nq; q++) {
      for (p = 0; p < np; p++) {
        sum[p] = SCALAR_VAL(0.0);
        for (s = 0; s < np; s++)
          sum[p] += A[r][q][s] * C4[s][p];
      }
      for (p = 0; p < np; p++)
        A[r][q][p] = sum[p];
    }
}

int main(void)
{
  int nr = NR, nq = NQ, np = NP;
  int i, j, k;
  DATA_TYPE (*A)[nq][np] = POLYLIFT_ALLOC(nr * nq * np, DATA_TYPE);
  DATA_TYPE (*C4)[np] = POLYLIFT_ALLOC(np * np, DATA_TYPE);
  DATA_TYPE *sum = POLYLIFT_ALLOC(np, DATA_TYPE);

  for (i = 0; i < nr; i++)
    for (j = 0; j < nq; j++)
      for (k = 0; k < np; k++)
        A[i][j][k] = (DATA_TYPE)((i * j + k) % np) / np;
  for (i = 0; i < np; i++)
    for (j = 0; j < np; j++)
      C4[i][j] = (DATA_TYPE)((i * j) % np) / np;

  kernel_doitgen(nr, nq, np, A, C4, sum);

  POLYLIFT_CHECKSUM("A", A[0][0][0], nr * nq * np);
  POLYLIFT_CHECKSUM("sum", sum[0], np);
  free(A);
  free(C4);
  free(sum);
  return 0;
}
