/* sparse_dot: r = sum over k of x[k] * y[idx[k]], in order: the dot product of a sparse
 * vector (x, idx) with a dense one (the Sparse BLAS's usdot; one row of a CSR product). */
#include "polylift_bench.h"

#if defined(MINI_DATASET)
#define SIZE_N 50
#define SIZE_NZ 20
#elif defined(SMALL_DATASET)
#define SIZE_N 5000
#define SIZE_NZ 2000
#elif defined(LARGE_DATASET)
#define SIZE_N 4000000
#define SIZE_NZ 1000000
#elif defined(EXTRALARGE_DATASET)
#define SIZE_N 16000000
#define SIZE_NZ 4000000
#else
#define SIZE_N 200000
#define SIZE_NZ 60000
#endif

/* What the index arrays hold, for inputs made outside main:
 *   POLYLIFT_INDEX(idx, n)
 */
static void kernel_sparse_dot(int n, int nz, const double x[restrict nz],
                              const int idx[restrict nz], const double y[restrict n],
                              double r[restrict 1])
{
  double s = 0.0;
  for (int k = 0; k < nz; k++)
    s += x[k] * y[idx[k]];
  r[0] = s;
}

int main(void)
{
  int n = SIZE_N, nz = SIZE_NZ;
  double *x = POLYLIFT_ALLOC(nz, double);
  int *idx = POLYLIFT_ALLOC(nz, int);
  double *y = POLYLIFT_ALLOC(n, double);
  double *r = POLYLIFT_ALLOC(1, double);

  for (int k = 0; k < nz; k++) {
    x[k] = (double)((k * 11 + 4) % 23 - 11) / 5.0;
    idx[k] = (int)(((unsigned)k * 2246822519u) % (unsigned)n);
  }
  for (int i = 0; i < n; i++)
    y[i] = (double)((i * 3) % 13 - 6) / 9.0;

  kernel_sparse_dot(n, nz, x, idx, y, r);

  polylift_checksum_f64("r", r, 1);
  free(x);
  free(idx);
  free(y);
  free(r);
  return 0;
}
