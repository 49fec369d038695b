/*
 * pva shim of launch `pva_histeq`: the PVA histogram equalisation of an 8-bit image.
 * The histogram is gathered into four sub-histograms (one per lane group, as the vector
 * unit does to avoid conflicting updates) and merged; a prefix sum gives the CDF; the
 * 256-entry LUT is computed once in fixed point (64-bit product, rounded division); the
 * image is then mapped through the LUT. Semantics: see ref/pva_histeq.c.
 *
 * The template language cannot state this launch yet, so its prototype is declared here.
 */
#include <string.h>

#include "polylift_shims.h"
#include "pva_model.h"

void polylift_pva_pva_histeq_u8(int64_t h, int64_t w, int64_t nbins, const uint8_t *src,
                                int64_t ldsrc, int32_t *hist, int64_t inchist, int32_t *cdf,
                                int64_t inccdf, uint8_t *lut, int64_t inclut, uint8_t *dst,
                                int64_t lddst);

/* The 256-entry equalisation LUT from the CDF. */
static void equalisation_lut(const int32_t cdf[256], uint8_t table[256])
{
  int32_t total = cdf[255], cmin = total;
  for (int k = 0; k < 256; k++)
    cmin = cdf[k] > 0 && cdf[k] < cmin ? cdf[k] : cmin;
  int32_t den = total - cmin;
  for (int k = 0; k < 256; k++) {
    if (den <= 0)
      table[k] = (uint8_t)k;
    else if (cdf[k] < cmin)
      table[k] = 0;
    else
      table[k] = (uint8_t)(((int64_t)(cdf[k] - cmin) * 255 + den / 2) / den);
  }
}

void polylift_pva_pva_histeq_u8(int64_t h, int64_t w, int64_t nbins, const uint8_t *src,
                                int64_t ldsrc, int32_t *hist, int64_t inchist, int32_t *cdf,
                                int64_t inccdf, uint8_t *lut, int64_t inclut, uint8_t *dst,
                                int64_t lddst)
{
  if (nbins != 256) {
    fprintf(stderr, "%s: needs 256 bins (got %lld)\n", __func__, (long long)nbins);
    abort();
  }
  uint32_t sub[4][256];
  int32_t merged[256], sums[256];
  uint8_t table[256];
  memset(sub, 0, sizeof sub);
  for (int64_t i = 0; i < h; i++)
    for (int64_t j = 0; j < w; j++)
      sub[j & 3][src[i * ldsrc + j]] += 1;
  for (int k = 0; k < 256; k++) {
    merged[k] = (int32_t)(sub[0][k] + sub[1][k] + sub[2][k] + sub[3][k]);
    sums[k] = (k > 0 ? sums[k - 1] : 0) + merged[k];
  }
  equalisation_lut(sums, table);
  for (int k = 0; k < 256; k++) {
    hist[k * inchist] = merged[k];
    cdf[k * inccdf] = sums[k];
    lut[k * inclut] = table[k];
  }
  for (int64_t i = 0; i < h; i++)
    for (int64_t j = 0; j < w; j++)
      dst[i * lddst + j] = table[src[i * ldsrc + j]];
}
