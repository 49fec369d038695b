/* gather: y[k] = x[idx[k]], the values of a dense vector at nz positions (repeated
 * positions allowed): the Sparse BLAS's usga, a sparse vector's values read out. */
#include "polylift_bench.h"

#if defined(MINI_DATASET)
#define SIZE_N 40
#define SIZE_NZ 30
#elif defined(SMALL_DATASET)
#define SIZE_N 4000
#define SIZE_NZ 3000
#elif defined(LARGE_DATASET)
#define SIZE_N 2000000
#define SIZE_NZ 1500000
#elif defined(EXTRALARGE_DATASET)
#define SIZE_N 8000000
#define SIZE_NZ 6000000
#else
#define SIZE_N 100000
#define SIZE_NZ 80000
#endif

/* What the index arrays hold, for inputs made outside main:
 *   POLYLIFT_INDEX(idx, n)
 */
static void kernel_gather(int n, int nz, const float x[restrict n], const int idx[restrict nz],
                          float y[restrict nz])
{
  for (int k = 0; k < nz; k++)
    y[k] = x[idx[k]];
}

int main(void)
{
  int n = SIZE_N, nz = SIZE_NZ;
  float *x = POLYLIFT_ALLOC(n, float);
  int *idx = POLYLIFT_ALLOC(nz, int);
  float *y = POLYLIFT_ALLOC(nz, float);

  for (int i = 0; i < n; i++)
    x[i] = (float)((i * 13 + 5) % 101 - 50) / 16.0f;
  /* Positions scattered over x by a multiplicative hash, some repeated. */
  for (int k = 0; k < nz; k++)
    idx[k] = (int)(((unsigned)k * 2654435761u) % (unsigned)n);

  kernel_gather(n, nz, x, idx, y);

  polylift_checksum_f32("y", y, (size_t)nz);
  free(x);
  free(idx);
  free(y);
  return 0;
}
