/*
 * histeq_i8: histogram equalisation of an 8-bit (unsigned) image.
 *   hist[v] = number of pixels of value v;  cdf[v] = sum_{u <= v} hist[u]
 *   cmin = smallest non-zero cdf value;  total = h * w
 *   lut[v] = round(255 * (cdf[v] - cmin) / (total - cmin))   (0 below the first used value;
 *            the identity when the image is constant)
 *   out[i][j] = lut[in[i][j]]
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

static void kernel_histeq_i8(int h, int w, uint8_t in[restrict h][w], int hist[restrict 256],
                             int cdf[restrict 256], uint8_t lut[restrict 256],
                             uint8_t out[restrict h][w])
{
  int i, j, k;
  int total, cmin, den;

  for (k = 0; k < 256; k++)
    hist[k] = 0;
  for (i = 0; i < h; i++)
    for (j = 0; j < w; j++)
      hist[in[i][j]] += 1;
  cdf[0] = hist[0];
  for (k = 1; k < 256; k++)
    cdf[k] = cdf[k - 1] + hist[k];
  total = cdf[255];
  cmin = total;
  for (k = 0; k < 256; k++)
    cmin = cdf[k] > 0 && cdf[k] < cmin ? cdf[k] : cmin;
  den = total - cmin;
  for (k = 0; k < 256; k++) {
    if (den <= 0)
      lut[k] = (uint8_t)k;
    else if (cdf[k] < cmin)
      lut[k] = 0;
    else
      lut[k] = (uint8_t)(((int64_t)(cdf[k] - cmin) * 255 + den / 2) / den);
  }
  for (i = 0; i < h; i++)
    for (j = 0; j < w; j++)
      out[i][j] = lut[in[i][j]];
}

int main(void)
{
  int h = H, w = W;
  int i, j;
  uint8_t (*in)[w] = POLYLIFT_ALLOC(h * w, uint8_t);
  int *hist = POLYLIFT_ALLOC(256, int);
  int *cdf = POLYLIFT_ALLOC(256, int);
  uint8_t *lut = POLYLIFT_ALLOC(256, uint8_t);
  uint8_t (*out)[w] = POLYLIFT_ALLOC(h * w, uint8_t);

  /* A low-contrast image: values in [80, 150], unevenly distributed. */
  for (i = 0; i < h; i++)
    for (j = 0; j < w; j++)
      in[i][j] = (uint8_t)(80 + (i * 3 + j * 5) % 64 + (i * j) % 7);

  kernel_histeq_i8(h, w, in, hist, cdf, lut, out);

  polylift_checksum_i32("hist", hist, 256);
  polylift_checksum_i32("cdf", cdf, 256);
  polylift_checksum_u8("lut", lut, 256);
  polylift_checksum_u8("out", &out[0][0], (size_t)h * w);
  free(in);
  free(hist);
  free(cdf);
  free(lut);
  free(out);
  return 0;
}
