/*
 * gaussian_i16: 3x3 Gaussian smoothing of a int16_t image with the binomial weights
 *   1 2 1 / 2 4 2 / 1 2 1,  out = (s + 8) >> 4
 * (the weights sum to 16; the arithmetic shift rounds halves up).  Pixels outside the
 * image replicate the nearest edge pixel: the interior uses plain subscripts and the
 * border rows, columns and corners have their own loops.
 */
#include "polylift_bench.h"

#if defined(MINI_DATASET)
#define H 24
#define W 32
#elif defined(SMALL_DATASET)
#define H 120
#define W 160
#elif defined(LARGE_DATASET)
#define H 1080
#define W 1920
#elif defined(EXTRALARGE_DATASET)
#define H 2160
#define W 3840
#else
#define H 480
#define W 640
#endif

/* One output pixel (r, c) from input rows r0..r2 and columns c0..c2. */
#define PIXEL(r, c, r0, r1, r2, c0, c1, c2)                                                   \
  s = in[r0][c0] + 2 * in[r0][c1] + in[r0][c2]                                                \
      + 2 * in[r1][c0] + 4 * in[r1][c1] + 2 * in[r1][c2]                                      \
      + in[r2][c0] + 2 * in[r2][c1] + in[r2][c2];                                             \
  out[r][c] = (int16_t)((s + 8) >> 4)

static void kernel_gaussian_i16(int h, int w, int16_t in[restrict h][w], int16_t out[restrict h][w])
{
  int i, j;
  int s;

  /* interior */
  for (i = 1; i < h - 1; i++)
    for (j = 1; j < w - 1; j++) {
      PIXEL(i, j, i - 1, i, i + 1, j - 1, j, j + 1);
    }
  /* top and bottom rows, replicating row 0 and row h-1 */
  for (j = 1; j < w - 1; j++) {
    PIXEL(0, j, 0, 0, 1, j - 1, j, j + 1);
    PIXEL(h - 1, j, h - 2, h - 1, h - 1, j - 1, j, j + 1);
  }
  /* left and right columns, replicating column 0 and column w-1 */
  for (i = 1; i < h - 1; i++) {
    PIXEL(i, 0, i - 1, i, i + 1, 0, 0, 1);
    PIXEL(i, w - 1, i - 1, i, i + 1, w - 2, w - 1, w - 1);
  }
  /* corners */
  PIXEL(0, 0, 0, 0, 1, 0, 0, 1);
  PIXEL(0, w - 1, 0, 0, 1, w - 2, w - 1, w - 1);
  PIXEL(h - 1, 0, h - 2, h - 1, h - 1, 0, 0, 1);
  PIXEL(h - 1, w - 1, h - 2, h - 1, h - 1, w - 2, w - 1, w - 1);
}

#undef PIXEL

int main(void)
{
  int h = H, w = W;
  int i, j;
  int16_t (*in)[w] = POLYLIFT_ALLOC(h * w, int16_t);
  int16_t (*out)[w] = POLYLIFT_ALLOC(h * w, int16_t);

  for (i = 0; i < h; i++)
    for (j = 0; j < w; j++)
      in[i][j] = (int16_t)((i * 389 + j * 571) % 50000 - 25000 + (i * j * 7) % 2001 - 1000);

  kernel_gaussian_i16(h, w, in, out);

  polylift_checksum_i16("out", &out[0][0], (size_t)h * w);
  free(in);
  free(out);
  return 0;
}
