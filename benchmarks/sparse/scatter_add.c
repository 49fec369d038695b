/* scatter_add: y[idx[k]] += x[k] for k in order, more values than positions, so most
 * positions receive several (the Sparse BLAS's usaxpy with alpha = 1; a finite-element
 * assembly's or a sparse gradient's accumulation). */
#include "polylift_bench.h"

#if defined(MINI_DATASET)
#define SIZE_N 30
#define SIZE_NZ 40
#elif defined(SMALL_DATASET)
#define SIZE_N 3000
#define SIZE_NZ 4000
#elif defined(LARGE_DATASET)
#define SIZE_N 1500000
#define SIZE_NZ 2000000
#elif defined(EXTRALARGE_DATASET)
#define SIZE_N 6000000
#define SIZE_NZ 8000000
#else
#define SIZE_N 80000
#define SIZE_NZ 100000
#endif

/* What the index arrays hold, for inputs made outside main:
 *   POLYLIFT_INDEX(idx, n)
 */
static void kernel_scatter_add(int n, int nz, const double x[restrict nz],
                               const int idx[restrict nz], double y[restrict n])
{
  for (int k = 0; k < nz; k++)
    y[idx[k]] += x[k];
}

int main(void)
{
  int n = SIZE_N, nz = SIZE_NZ;
  double *x = POLYLIFT_ALLOC(nz, double);
  int *idx = POLYLIFT_ALLOC(nz, int);
  double *y = POLYLIFT_ALLOC(n, double);

  for (int k = 0; k < nz; k++) {
    x[k] = (double)((k * 7 + 3) % 29 - 14) / 3.0;
    idx[k] = (int)(((unsigned)k * 40503u + 17u) % (unsigned)n);
  }
  for (int i = 0; i < n; i++)
    y[i] = (double)(i % 11) / 7.0;

  kernel_scatter_add(n, nz, x, idx, y);

  polylift_checksum_f64("y", y, (size_t)n);
  free(x);
  free(idx);
  free(y);
  return 0;
}
