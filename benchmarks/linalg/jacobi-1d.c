/* jacobi-1d: 3-point Jacobi smoothing in 1-D, alternating between A and B. */
#include "polylift_bench.h"

#if defined(MINI_DATASET)
#define TSTEPS 20
#define N 30
#elif defined(SMALL_DATASET)
#define TSTEPS 40
#define N 120
#elif defined(LARGE_DATASET)
#define TSTEPS 500
#define N 2000
#elif defined(EXTRALARGE_DATASET)
#define TSTEPS 1000
#define N 4000
#else
#define TSTEPS 100
#define N 400
#endif

static void kernel_jacobi_1d(int tsteps, int n, DATA_TYPE A[restrict n], DATA_TYPE B[restrict n])
{
  int t, i;

  for (t = 0; t < tsteps; t++) {
    for (i = 1; i < n - 1; i++)
      B[i] = SCALAR_VAL(0.33333) * (A[i - 1] + A[i] + A[i + 1]);
    for (i = 1; i < n - 1; i++)
      A[i] = SCALAR_VAL(0.33333) * (B[i - 1] + B[i] + B[i + 1]);
  }
}

int main(void)
{
  int tsteps = TSTEPS, n = N;
  int i;
  DATA_TYPE *A = POLYLIFT_ALLOC(n, DATA_TYPE);
  DATA_TYPE *B = POLYLIFT_ALLOC(n, DATA_TYPE);

  for (i = 0; i < n; i++) {
    A[i] = ((DATA_TYPE)i + 2) / n;
    B[i] = ((DATA_TYPE)i + 3) / n;
  }

  kernel_jacobi_1d(tsteps, n, A, B);

  POLYLIFT_CHECKSUM("A", A[0], n);
  POLYLIFT_CHECKSUM("B", B[0], n);
  free(A);
  free(B);
  return 0;
}
