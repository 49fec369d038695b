/*
 * conv2d_i32: 3x3 stencil convolution on int32_t data over the interior of an ni x nj image,
 * with nine explicit integer coefficient taps in Q8 fixed point: the products are
 * accumulated in int and the sum is shifted right by 8 (arithmetic shift, i.e. rounded
 * towards minus infinity) before it is stored.  The accumulator stays far from overflow (inputs in [-1000, 1000]).
 * The border of B is left as it was (zero).
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

static void kernel_conv2d_i32(int ni, int nj, int32_t A[restrict ni][nj], int32_t B[restrict ni][nj])
{
  int i, j;
  int acc;
  int shift = 8;
  int c11 = 17, c12 = -33, c13 = 21;
  int c21 = -12, c22 = 200, c23 = 9;
  int c31 = -5, c32 = 3, c33 = -2;

  for (i = 1; i < ni - 1; i++)
    for (j = 1; j < nj - 1; j++) {
      acc = c11 * A[i - 1][j - 1] + c12 * A[i - 1][j] + c13 * A[i - 1][j + 1]
            + c21 * A[i][j - 1] + c22 * A[i][j] + c23 * A[i][j + 1]
            + c31 * A[i + 1][j - 1] + c32 * A[i + 1][j] + c33 * A[i + 1][j + 1];
      B[i][j] = (int32_t)(acc >> shift);
    }
}

int main(void)
{
  int ni = NI, nj = NJ;
  int i, j;
  int32_t (*A)[nj] = POLYLIFT_ALLOC(ni * nj, int32_t);
  int32_t (*B)[nj] = POLYLIFT_ALLOC(ni * nj, int32_t);

  for (i = 0; i < ni; i++)
    for (j = 0; j < nj; j++)
      A[i][j] = (int32_t)((7 * i + 13 * j + i * j) % 2001 - 1000);

  kernel_conv2d_i32(ni, nj, A, B);

  polylift_checksum_i32("B", &B[0][0], (size_t)ni * nj);
  free(A);
  free(B);
  return 0;
}
