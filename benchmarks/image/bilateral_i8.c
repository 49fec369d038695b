/*
 * bilateral_i8: 3x3 bilateral filter on a int8_t image with integer weights.  Each
 * neighbour q of pixel p gets the weight  ws[a][b] * wr[idx(q)]  where ws is a 3x3
 * spatial table and wr a 256-entry range table indexed by the intensity difference |d| (0..255), so that
 *   num = sum wgt * in[q],  den = sum wgt  (den > 0 since wr[0] > 0),
 *   out = num / den rounded to nearest, halves away from zero.
 * Pixels outside the image replicate the nearest edge pixel: the interior uses plain
 * subscripts and the border rows, columns and corners have their own loops.
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

/* Contribution of neighbour (r, c), at spatial position (a, b), to the pixel valued ctr. */
#define TERM(a, b, r, c)                                                                      \
  d = in[r][c] - ctr;                                                                         \
  d = d < 0 ? -d : d;                                                                         \
  wgt = ws[a][b] * wr[d >> 0];                                                                \
  num += wgt * in[r][c];                                                                      \
  den += wgt

/* One output pixel (r, c) from input rows r0..r2 and columns c0..c2. */
#define PIXEL(r, c, r0, r1, r2, c0, c1, c2)                                                   \
  ctr = in[r][c];                                                                             \
  num = 0;                                                                                    \
  den = 0;                                                                                    \
  TERM(0, 0, r0, c0);                                                                         \
  TERM(0, 1, r0, c1);                                                                         \
  TERM(0, 2, r0, c2);                                                                         \
  TERM(1, 0, r1, c0);                                                                         \
  TERM(1, 1, r1, c1);                                                                         \
  TERM(1, 2, r1, c2);                                                                         \
  TERM(2, 0, r2, c0);                                                                         \
  TERM(2, 1, r2, c1);                                                                         \
  TERM(2, 2, r2, c2);                                                                         \
  out[r][c] = (int8_t)(num >= 0 ? (num + den / 2) / den : -((den / 2 - num) / den))

static void kernel_bilateral_i8(int h, int w, int ws[restrict 3][3], int wr[restrict 256],
                               int8_t in[restrict h][w], int8_t out[restrict h][w])
{
  int i, j;
  int ctr, d, wgt, num, den;

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
#undef TERM

int main(void)
{
  int h = H, w = W;
  int i, j;
  int spatial[9] = {1, 2, 1, 2, 4, 2, 1, 2, 1};
  int (*ws)[3] = POLYLIFT_ALLOC(9, int);
  int *wr = POLYLIFT_ALLOC(256, int);
  int8_t (*in)[w] = POLYLIFT_ALLOC(h * w, int8_t);
  int8_t (*out)[w] = POLYLIFT_ALLOC(h * w, int8_t);
  double sigma = 40.0;
  double x;

  for (i = 0; i < 3; i++)
    for (j = 0; j < 3; j++)
      ws[i][j] = spatial[3 * i + j];
  /* Gaussian range weights in Q6: wr[k] = round(64 exp(-(k << 0)^2 / (2 sigma^2))). */
  for (i = 0; i < 256; i++) {
    x = (double)(i << 0) / sigma;
    wr[i] = (int)floor(64.0 * exp(-0.5 * x * x) + 0.5);
  }
  for (i = 0; i < h; i++)
    for (j = 0; j < w; j++)
      in[i][j] = (int8_t)((i * 3 + j * 5) % 200 - 100 + (i * j) % 17 - 8);

  kernel_bilateral_i8(h, w, ws, wr, in, out);

  polylift_checksum_i8("out", &out[0][0], (size_t)h * w);
  free(ws);
  free(wr);
  free(in);
  free(out);
  return 0;
}
