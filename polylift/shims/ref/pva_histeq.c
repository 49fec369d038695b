/*
 * ref shim of launch `pva_histeq` (pva.histeq), on an 8-bit image read as unsigned:
 *   hist[b] = 0 for b < nbins; hist[src[i][j]] += 1 for each pixel (rows, then columns);
 *   cdf[0] = hist[0]; cdf[k] = cdf[k-1] + hist[k] for k = 1 .. nbins-1;
 *   total = cdf[255]; cmin = total; for k < nbins: cmin = cdf[k] > 0 && cdf[k] < cmin ?
 *     cdf[k] : cmin;  den = total - cmin;
 *   lut[k] = den <= 0 ? k : cdf[k] < cmin ? 0 : ((int64)(cdf[k] - cmin) * 255 +
 *     (int64)(den / 2)) / (int64)den, truncated to 8 bits;
 *   dst[i][j] = lut[src[i][j]].
 * 32-bit sums wrap, as the lifted loops' arithmetic does. A source that counts a pixel
 * past the last bin, or has fewer than 256 bins (it reads cdf[255]), is undefined: the
 * shim stops with a message (abort) instead.
 */
#include <stdio.h>
#include <stdlib.h>

#include "polylift_shims.h"

static int32_t wrap_add(int32_t a, int32_t b)
{
  return (int32_t)((uint32_t)a + (uint32_t)b);
}

static int32_t wrap_sub(int32_t a, int32_t b)
{
  return (int32_t)((uint32_t)a - (uint32_t)b);
}

static void undefined(const char *shim, const char *what, long long a, long long b)
{
  fprintf(stderr, "%s: %s (%lld, %lld)\n", shim, what, a, b);
  abort();
}

void polylift_ref_pva_histeq_i8(int64_t h, int64_t w, int64_t nbins, const int8_t *src,
                                int64_t ldsrc, int32_t *hist, int64_t inchist, int32_t *cdf,
                                int64_t inccdf, int8_t *lut, int64_t inclut, int8_t *dst,
                                int64_t lddst)
{
  if (nbins < 256)
    undefined(__func__, "needs 256 bins or more (the equalisation reads cdf[255])", nbins, 256);
  for (int64_t b = 0; b < nbins; b++)
    hist[b * inchist] = 0;
  for (int64_t i = 0; i < h; i++)
    for (int64_t j = 0; j < w; j++) {
      uint8_t k = (uint8_t)src[i * ldsrc + j];
      hist[k * inchist] = wrap_add(hist[k * inchist], 1);
    }
  cdf[0] = hist[0];
  for (int64_t k = 1; k < nbins; k++)
    cdf[k * inccdf] = wrap_add(cdf[(k - 1) * inccdf], hist[k * inchist]);
  int32_t total = cdf[255 * inccdf], cmin = total;
  for (int64_t k = 0; k < nbins; k++) {
    int32_t c = cdf[k * inccdf];
    cmin = c > 0 && c < cmin ? c : cmin;
  }
  int32_t den = wrap_sub(total, cmin);
  for (int64_t k = 0; k < nbins; k++) {
    int32_t c = cdf[k * inccdf];
    if (den <= 0)
      lut[k * inclut] = (int8_t)k;
    else if (c < cmin)
      lut[k * inclut] = 0;
    else
      lut[k * inclut] = (int8_t)(((int64_t)wrap_sub(c, cmin) * 255 + (int64_t)(den / 2)) /
                                 (int64_t)den);
  }
  for (int64_t i = 0; i < h; i++)
    for (int64_t j = 0; j < w; j++)
      dst[i * lddst + j] = lut[(uint8_t)src[i * ldsrc + j] * inclut];
}
