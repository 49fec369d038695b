/*
 * conv2d_i8: 3x3 stencil convolution on int8_t data over the interior of an ni x nj image,
 * with nine explicit integer coefficient taps in Q4 fixed point: the products are
 * accumulated in int and the sum is shifted right by 4 (arithmetic shift, i.e. rounded
 * towards minus infinity) before it is stored.  The coefficient magnitudes sum to 16 = 2^4, so every result fits int8_t.
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

static void kernel_conv2d_i8(int ni, int nj, int8_t A[restrict ni][nj], int8_t B[restrict ni][nj])
{
  int i, j;
  int acc;
  int shift = 4;
  int c11 = 1, c12 = -2, c13 = 3;
  int c21 = -1, c22 = 4, c23 = 2;
  int c31 = -1, c32 = 1, c33 = -1;

  for (i = 1; i < ni - 1; i++)
    for (j = 1; j < nj - 1; j++) {
      acc = c11 * A[i - 1][j - 1] + c12 * A[i - 1][j] + c13 * A[i - 1][j + 1]
            + c21 * A[i][j - 1] + c22 * A[i][j] + c23 * A[i][j + 1]
            + c31 * A[i + 1][j - 1] + c32 * A[i + 1][j] + c33 * A[i + 1][j + 1];
      B[i][j] = (int8_t)(acc >> shift);
    }
}

int main(void)
{
  int ni = NI, nj = NJ;
  int i, j;
  int8_t (*A)[nj] = POLYLIFT_ALLOC(ni * nj, int8_t);
  int8_t (*B)[nj] = POLYLIFT_ALLOC(ni * nj, int8_t);

  for (i = 0; i < ni; i++)
    for (j = 0; j < nj; j++)
      A[i][j] = (int8_t)((7 * i + 13 * j + i * j) % 256 - 128);

  kernel_conv2d_i8(ni, nj, A, B);

  polylift_checksum_i8("B", &B[0][0], (size_t)ni * nj);
  free(A);
  free(B);
  return 0;
}
