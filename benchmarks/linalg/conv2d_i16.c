/*
 * conv2d_i16: 3x3 stencil convolution on int16_t data over the interior of an ni x nj image,
 * with nine explicit integer coefficient taps in Q6 fixed point: the products are
 * accumulated in int and the sum is shifted right by 6 (arithmetic shift, i.e. rounded
 * towards minus infinity) before it is stored.  The coefficient magnitudes sum to 64 = 2^6, so every result fits int16_t.
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

static void kernel_conv2d_i16(int ni, int nj, int16_t A[restrict ni][nj], int16_t B[restrict ni][nj])
{
  int i, j;
  int acc;
  int shift = 6;
  int c11 = 3, c12 = -5, c13 = 7;
  int c21 = -9, c22 = 32, c23 = 4;
  int c31 = -2, c32 = 1, c33 = -1;

  for (i = 1; i < ni - 1; i++)
    for (j = 1; j < nj - 1; j++) {
      acc = c11 * A[i - 1][j - 1] + c12 * A[i - 1][j] + c13 * A[i - 1][j + 1]
            + c21 * A[i][j - 1] + c22 * A[i][j] + c23 * A[i][j + 1]
            + c31 * A[i + 1][j - 1] + c32 * A[i + 1][j] + c33 * A[i + 1][j + 1];
      B[i][j] = (int16_t)(acc >> shift);
    }
}

int main(void)
{
  int ni = NI, nj = NJ;
  int i, j;
  int16_t (*A)[nj] = POLYLIFT_ALLOC(ni * nj, int16_t);
  int16_t (*B)[nj] = POLYLIFT_ALLOC(ni * nj, int16_t);

  for (i = 0; i < ni; i++)
    for (j = 0; j < nj; j++)
      A[i][j] = (int16_t)((7 * i + 13 * j + i * j) % 65536 - 32768);

  kernel_conv2d_i16(ni, nj, A, B);

  polylift_checksum_i16("B", &B[0][0], (size_t)ni * nj);
  free(A);
  free(B);
  return 0;
}
