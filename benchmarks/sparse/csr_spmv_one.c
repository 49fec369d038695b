/* csr_spmv_one: y = A x with A in 1-based CSR, as Fortran code and one-based sparse
 * formats store it: row pointers and columns count from 1, so the nonzeros of row i are
 * val[k] at column col[k] - 1 for rowptr[i] - 1 <= k < rowptr[i+1] - 1. The structure
 * is csr_spmv's: empty rows, columns out of order, repeated columns. */
#include "polylift_bench.h"

#if defined(MINI_DATASET)
#define SIZE_M 24
#define SIZE_N 30
#elif defined(SMALL_DATASET)
#define SIZE_M 2000
#define SIZE_N 2400
#elif defined(LARGE_DATASET)
#define SIZE_M 400000
#define SIZE_N 400000
#elif defined(EXTRALARGE_DATASET)
#define SIZE_M 1000000
#define SIZE_N 1000000
#else
#define SIZE_M 40000
#define SIZE_N 50000
#endif

/* Element counts of the pointer parameters, for the polylift harness:
 *   POLYLIFT_EXTENT(rowptr, m + 1)
 *   POLYLIFT_EXTENT(col, nnz)
 *   POLYLIFT_EXTENT(val, nnz)
 *   POLYLIFT_EXTENT(x, n)
 *   POLYLIFT_EXTENT(y, m)
 * and what its index arrays hold, for inputs made outside main:
 *   POLYLIFT_OFFSETS(rowptr, nnz, 1)
 *   POLYLIFT_INDEX(col, n, 1)
 */
static void kernel_csr_spmv_one(int m, int n, int nnz, const int *restrict rowptr,
                                const int *restrict col, const double *restrict val,
                                const double *restrict x, double *restrict y)
{
  (void)n;
  (void)nnz;
  for (int i = 0; i < m; i++) {
    double s = 0.0;
    for (int k = rowptr[i] - 1; k < rowptr[i + 1] - 1; k++)
      s += val[k] * x[col[k] - 1];
    y[i] = s;
  }
}

/* Row i holds (i * 7) % 23 entries, none every 9th row; the columns hop by a stride
 * coprime to n, so they run out of order and a row longer than its hops repeats one. */
static int row_length(int i)
{
  return i % 9 == 4 ? 0 : (i * 7) % 23;
}

int main(void)
{
  int m = SIZE_M, n = SIZE_N;
  int *rowptr = POLYLIFT_ALLOC(m + 1, int);
  int i, k;
  for (i = 0; i < m; i++)
    rowptr[i + 1] = rowptr[i] + row_length(i);
  int nnz = rowptr[m];
  int *col = POLYLIFT_ALLOC(nnz, int);
  double *val = POLYLIFT_ALLOC(nnz, double);
  double *x = POLYLIFT_ALLOC(n, double);
  double *y = POLYLIFT_ALLOC(m, double);

  for (i = 0; i < m; i++)
    for (k = rowptr[i]; k < rowptr[i + 1]; k++) {
      int hop = k - rowptr[i];
      col[k] = (int)(((long)i * 131 + (long)(hop % 17) * 7919) % n);
      val[k] = (double)((k * 13 + 7) % 31 - 15) / 8.0;
    }
  for (i = 0; i < n; i++)
    x[i] = (double)((i * 5 + 2) % 19 - 9) / 6.0;

  /* Counted from 1. */
  for (i = 0; i <= m; i++)
    rowptr[i] += 1;
  for (k = 0; k < nnz; k++)
    col[k] += 1;

  kernel_csr_spmv_one(m, n, nnz, rowptr, col, val, x, y);

  polylift_checksum_f64("y", y, (size_t)m);
  free(rowptr);
  free(col);
  free(val);
  free(x);
  free(y);
  return 0;
}
