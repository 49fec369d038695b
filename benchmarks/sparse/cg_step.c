/* cg_step: one iteration of the conjugate gradient method on a sparse symmetric
 * positive definite matrix A in CSR (a 2-D Laplacian's five-point stencil):
 *   q = A p,  alpha = rho / (p . q),  x += alpha p,  r -= alpha q,
 *   rho' = r . r,  p = r + (rho' / rho) p.
 * Each piece is a loop of its own, as solvers write it; rho comes in and goes out in
 * rho[0]. */
#include "polylift_bench.h"

#if defined(MINI_DATASET)
#define SIZE_G 6
#elif defined(SMALL_DATASET)
#define SIZE_G 40
#elif defined(LARGE_DATASET)
#define SIZE_G 1000
#elif defined(EXTRALARGE_DATASET)
#define SIZE_G 2000
#else
#define SIZE_G 200
#endif

/* Element counts of the pointer parameters, for the polylift harness:
 *   POLYLIFT_EXTENT(rowptr, n + 1)
 *   POLYLIFT_EXTENT(col, nnz)
 *   POLYLIFT_EXTENT(val, nnz)
 *   POLYLIFT_EXTENT(x, n)
 *   POLYLIFT_EXTENT(r, n)
 *   POLYLIFT_EXTENT(p, n)
 *   POLYLIFT_EXTENT(q, n)
 *   POLYLIFT_EXTENT(rho, 1)
 * and what its index arrays hold, for inputs made outside main:
 *   POLYLIFT_OFFSETS(rowptr, nnz)
 *   POLYLIFT_INDEX(col, n)
 */
static void kernel_cg_step(int n, int nnz, const int *restrict rowptr, const int *restrict col,
                           const double *restrict val, double *restrict x,
                           double *restrict r, double *restrict p, double *restrict q,
                           double *restrict rho)
{
  (void)nnz;
  for (int i = 0; i < n; i++) {
    double s = 0.0;
    for (int k = rowptr[i]; k < rowptr[i + 1]; k++)
      s += val[k] * p[col[k]];
    q[i] = s;
  }
  double pq = 0.0;
  for (int i = 0; i < n; i++)
    pq += p[i] * q[i];
  double alpha = rho[0] / pq;
  for (int i = 0; i < n; i++)
    x[i] += alpha * p[i];
  for (int i = 0; i < n; i++)
    r[i] -= alpha * q[i];
  double rr = 0.0;
  for (int i = 0; i < n; i++)
    rr += r[i] * r[i];
  double beta = rr / rho[0];
  for (int i = 0; i < n; i++)
    p[i] = r[i] + beta * p[i];
  rho[0] = rr;
}

int main(void)
{
  int g = SIZE_G, n = g * g;
  int *rowptr = POLYLIFT_ALLOC(n + 1, int);
  int *col = POLYLIFT_ALLOC(5 * n, int);
  double *val = POLYLIFT_ALLOC(5 * n, double);
  double *x = POLYLIFT_ALLOC(n, double);
  double *r = POLYLIFT_ALLOC(n, double);
  double *p = POLYLIFT_ALLOC(n, double);
  double *q = POLYLIFT_ALLOC(n, double);
  double *rho = POLYLIFT_ALLOC(1, double);
  int i, j, nnz = 0;

  /* The five-point Laplacian on a g x g grid: 4 on the diagonal, -1 to each neighbour. */
  for (i = 0; i < g; i++)
    for (j = 0; j < g; j++) {
      int row = i * g + j;
      if (i > 0) { col[nnz] = row - g; val[nnz++] = -1.0; }
      if (j > 0) { col[nnz] = row - 1; val[nnz++] = -1.0; }
      col[nnz] = row;
      val[nnz++] = 4.0;
      if (j < g - 1) { col[nnz] = row + 1; val[nnz++] = -1.0; }
      if (i < g - 1) { col[nnz] = row + g; val[nnz++] = -1.0; }
      rowptr[row + 1] = nnz;
    }
  /* x = 0 and b = A 1 (so r = p = b), rho = r . r. */
  for (i = 0; i < n; i++) {
    double b = 0.0;
    int k;
    for (k = rowptr[i]; k < rowptr[i + 1]; k++)
      b += val[k];
    r[i] = p[i] = b + (double)(i % 7) / 8.0;
    rho[0] += r[i] * r[i];
  }

  kernel_cg_step(n, nnz, rowptr, col, val, x, r, p, q, rho);

  polylift_checksum_f64("x", x, (size_t)n);
  polylift_checksum_f64("r", r, (size_t)n);
  polylift_checksum_f64("p", p, (size_t)n);
  polylift_checksum_f64("q", q, (size_t)n);
  polylift_checksum_f64("rho", rho, 1);
  free(rowptr);
  free(col);
  free(val);
  free(x);
  free(r);
  free(p);
  free(q);
  free(rho);
  return 0;
}
