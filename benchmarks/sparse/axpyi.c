/* axpyi: y[idx[k]] = y[idx[k]] + alpha * x[k], a sparse vector (x, idx) scaled into a
 * dense one (the Sparse BLAS's usaxpy), with float data. */
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
static void kernel_axpyi(int n, int nz, float alpha, const float x[restrict nz],
                         const int idx[restrict nz], float y[restrict n])
{
  for (int k = 0; k < nz; k++)
    y[idx[k]] = y[idx[k]] + alpha * x[k];
}

int main(void)
{
  int n = SIZE_N, nz = SIZE_NZ;
  float *x = POLYLIFT_ALLOC(nz, float);
  int *idx = POLYLIFT_ALLOC(nz, int);
  float *y = POLYLIFT_ALLOC(n, float);

  /* Sorted positions with gaps, as a compressed sparse vector stores them. */
  for (int k = 0; k < nz; k++) {
    x[k] = (float)((k * 5 + 1) % 17 - 8) / 4.0f;
    idx[k] = (int)((long)k * n / nz) + k % 2;
  }
  for (int i = 0; i < n; i++)
    y[i] = (float)(i % 9) * 0.5f;

  kernel_axpyi(n, nz, 0.75f, x, idx, y);

  polylift_checksum_f32("y", y, (size_t)n);
  free(x);
  free(idx);
  free(y);
  return 0;
}
