/*
 * ref shim of launch `pva_histeq` (8-bit unsigned image):
 *   hist[v] = number of pixels of value v;  cdf[v] = hist[0] + ... + hist[v]
 *   cmin = smallest non-zero cdf value;  den = h * w - cmin
 *   lut[v] = den <= 0 ? v : cdf[v] < cmin ? 0 : ((cdf[v] - cmin) * 255 + den / 2) / den
 *   dst[i][j] = lut[src[i][j]]
 * (the LUT product in 64 bits). hist, cdf and lut are outputs too. nbins == 256 is
 * required.
 *
 * The template language cannot state this launch yet (a histogram is a write at a
 * data-dependent subscript; int32 tables beside a u8 image), so its prototype is
 * declared here.
 */
#include <stdio.h>
#include <stdlib.h>

#include "polylift_shims.h"

void polylift_ref_pva_histeq_u8(int64_t h, int64_t w, int64_t nbins, const uint8_t *src,
                                int64_t ldsrc, int32_t *hist, int64_t inchist, int32_t *cdf,
                                int64_t inccdf, uint8_t *lut, int64_t inclut, uint8_t *dst,
                                int64_t lddst);

void polylift_ref_pva_histeq_u8(int64_t h, int64_t w, int64_t nbins, const uint8_t *src,
                                int64_t ldsrc, int32_t *hist, int64_t inchist, int32_t *cdf,
                                int64_t inccdf, uint8_t *lut, int64_t inclut, uint8_t *dst,
                                int64_t lddst)
{
  if (nbins != 256) {
    fprintf(stderr, "%s: needs 256 bins (got %lld)\n", __func__, (long long)nbins);
    abort();
  }
  for (int64_t k = 0; k < 256; k++)
    hist[k * inchist] = 0;
  for (int64_t i = 0; i < h; i++)
    for (int64_t j = 0; j < w; j++)
      hist[src[i * ldsrc + j] * inchist] += 1;
  cdf[0] = hist[0];
  for (int64_t k = 1; k < 256; k++)
    cdf[k * inccdf] = cdf[(k - 1) * inccdf] + hist[k * inchist];
  int32_t total = cdf[255 * inccdf], cmin = total;
  for (int64_t k = 0; k < 256; k++) {
    int32_t c = cdf[k * inccdf];
    cmin = c > 0 && c < cmin ? c : cmin;
  }
  int32_t den = total - cmin;
  for (int64_t k = 0; k < 256; k++) {
    int32_t c = cdf[k * inccdf];
    if (den <= 0)
      lut[k * inclut] = (uint8_t)k;
    else if (c < cmin)
      lut[k * inclut] = 0;
    else
      lut[k * inclut] = (uint8_t)(((int64_t)(c - cmin) * 255 + den / 2) / den);
  }
  for (int64_t i = 0; i < h; i++)
    for (int64_t j = 0; j < w; j++)
      dst[i * lddst + j] = lut[src[i * ldsrc + j] * inclut];
}
