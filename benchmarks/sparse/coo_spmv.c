/* coo_spmv: y = A x with A an m x n sparse matrix in coordinates (COO): entry k is
 * val[k] at row row[k] and column col[k]. The entries come in no order, some positions
 * twice (their terms add), and some rows have none; y is cleared first, then each
 * entry adds its term into its row, in order. */
#include "polylift_bench.h"

#if defined(MINI_DATASET)
#define SIZE_M 20
#define SIZE_NNZ 60
#elif defined(SMALL_DATASET)
#define SIZE_M 2000
#define SIZE_NNZ 9000
#elif defined(LARGE_DATASET)
#define SIZE_M 400000
#define SIZE_NNZ 2000000
#elif defined(EXTRALARGE_DATASET)
#define SIZE_M 1000000
#define SIZE_NNZ 8000000
#else
#define SIZE_M 40000
#define SIZE_NNZ 180000
#endif

/* What the index arrays hold, for inputs made outside main:
 *   POLYLIFT_INDEX(row, m)
 *   POLYLIFT_INDEX(col, n)
 */
static void kernel_coo_spmv(int m, int n, int nnz, const int row[restrict nnz],
                            const int col[restrict nnz], const double val[restrict nnz],
                            const double x[restrict n], double y[restrict m])
{
  for (int i = 0; i < m; i++)
    y[i] = 0.0;
  for (int k = 0; k < nnz; k++)
    y[row[k]] += val[k] * x[col[k]];
}

int main(void)
{
  int m = SIZE_M, n = SIZE_M + 7, nnz = SIZE_NNZ;
  int *row = POLYLIFT_ALLOC(nnz, int);
  int *col = POLYLIFT_ALLOC(nnz, int);
  double *val = POLYLIFT_ALLOC(nnz, double);
  double *x = POLYLIFT_ALLOC(n, double);
  double *y = POLYLIFT_ALLOC(m, double);

  /* Rows by a hash that skips every 11th row and repeats some (row, column) pairs. */
  for (int k = 0; k < nnz; k++) {
    int r = (int)(((unsigned)k * 2654435761u >> 5) % (unsigned)m);
    row[k] = r % 11 == 3 ? (r + 1) % m : r;
    col[k] = (int)(((unsigned)k * 40503u + (unsigned)row[k]) % (unsigned)(k % 5 == 0 ? 13 : n));
    val[k] = (double)((k * 17 + 5) % 29 - 14) / 7.0;
  }
  for (int i = 0; i < n; i++)
    x[i] = (double)((i * 3 + 1) % 23 - 11) / 5.0;

  kernel_coo_spmv(m, n, nnz, row, col, val, x, y);

  polylift_checksum_f64("y", y, (size_t)m);
  free(row);
  free(col);
  free(val);
  free(x);
  free(y);
  return 0;
}
