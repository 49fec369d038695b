/*
 * conv2d_f64: 3x3 stencil convolution in double over the interior of an ni x nj image,
 * B[i][j] = sum_{di,dj in -1..1} c[di][dj] * A[i+di][j+dj], with nine explicit
 * coefficient taps.  The border of B is left as it was (zero).
 */
#include "polylift_bench.h"

#if defined(MINI_DATASET)
#define NI 32
#define NJ 32
#elif defined(SMALL_DATASET)
#define NI 128
#define NJ 128
#elif defined(LARGE_DATASET)
#define NI 2048
#define NJ 2048
#elif defined(EXTRALARGE_DATASET)
#define NI 4096
#define NJ 4096
#else
#define NI 1024
#define NJ 1024
#endif

static void kernel_conv2d_f64(int ni, int nj, double A[restrict ni][nj], double B[restrict ni][nj])
{
  int i, j;
  double c11 = 0.1, c12 = 0.2, c13 = -0.1;
  double c21 = -0.2, c22 = 0.5, c23 = 0.3;
  double c31 = 0.05, c32 = -0.3, c33 = 0.15;

  for (i = 1; i < ni - 1; i++)
    for (j = 1; j < nj - 1; j++)
      B[i][j] = c11 * A[i - 1][j - 1] + c12 * A[i - 1][j] + c13 * A[i - 1][j + 1]
                + c21 * A[i][j - 1] + c22 * A[i][j] + c23 * A[i][j + 1]
                + c31 * A[i + 1][j - 1] + c32 * A[i + 1][j] + c33 * A[i + 1][j + 1];
}

int main(void)
{
  int ni = NI, nj = NJ;
  int i, j;
  double (*A)[nj] = POLYLIFT_ALLOC(ni * nj, double);
  double (*B)[nj] = POLYLIFT_ALLOC(ni * nj, double);

  for (i = 0; i < ni; i++)
    for (j = 0; j < nj; j++)
      A[i][j] = (double)((7 * i + 13 * j + i * j) % 256) / 255.0;

  kernel_conv2d_f64(ni, nj, A, B);

  polylift_checksum_f64("B", &B[0][0], (size_t)ni * nj);
  free(A);
  free(B);
  return 0;
}
