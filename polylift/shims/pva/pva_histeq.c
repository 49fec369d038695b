/*
 * pva shim of launch `pva_histeq`: the PVA histogram equalisation of an 8-bit image.
 * The histogram is gathered into four sub-histograms in local memory (one per lane
 * group, as the vector unit does to avoid conflicting updates) and merged; a running
 * sum gives the CDF; the equalisation table is computed once in fixed point (64-bit
 * product, rounded division) into local memory; the image is then mapped through it.
 * Integer counts do not depend on the order. Semantics: see ref/pva_histeq.c.
 */
#include <string.h>

#include "polylift_shims.h"
#include "pva_model.h"

static int32_t wrap_add(int32_t a, int32_t b)
{
  return (int32_t)((uint32_t)a + (uint32_t)b);
}

/* lut[k] for every bin: the equalisation of `sums` (see the ref shim's formula). */
static void equalisation_lut(const int32_t *sums, int64_t nbins, int8_t *table)
{
  int32_t total = sums[255], cmin = total;
  for (int64_t k = 0; k < nbins; k++)
    cmin = sums[k] > 0 && sums[k] < cmin ? sums[k] : cmin;
  int32_t den = (int32_t)((uint32_t)total - (uint32_t)cmin);
  for (int64_t k = 0; k < nbins; k++) {
    int32_t up = (int32_t)((uint32_t)sums[k] - (uint32_t)cmin);
    if (den <= 0)
      table[k] = (int8_t)k;
    else if (sums[k] < cmin)
      table[k] = 0;
    else
      table[k] = (int8_t)(((int64_t)up * 255 + (int64_t)(den / 2)) / (int64_t)den);
  }
}

void polylift_pva_pva_histeq_i8(int64_t h, int64_t w, int64_t nbins, const int8_t *src,
                                int64_t ldsrc, int32_t *hist, int64_t inchist, int32_t *cdf,
                                int64_t inccdf, int8_t *lut, int64_t inclut, int8_t *dst,
                                int64_t lddst)
{
  if (nbins < 256) {
    fprintf(stderr, "%s: needs 256 bins or more (the equalisation reads cdf[255]) (%lld, "
            "256)\n", __func__, (long long)nbins);
    abort();
  }
  uint32_t sub[4][256];
  memset(sub, 0, sizeof sub);
  for (int64_t i = 0; i < h; i++)
    for (int64_t j = 0; j < w; j++)
      sub[j & 3][(uint8_t)src[i * ldsrc + j]] += 1;
  int32_t *merged = pva_vmem_alloc(__func__, nbins, sizeof(int32_t), "histogram");
  int32_t *sums = pva_vmem_alloc(__func__, nbins, sizeof(int32_t), "CDF");
  int8_t *table = pva_vmem_alloc(__func__, nbins, sizeof(int8_t), "table");
  for (int64_t k = 0; k < nbins; k++) {
    merged[k] = k < 256 ? (int32_t)(sub[0][k] + sub[1][k] + sub[2][k] + sub[3][k]) : 0;
    sums[k] = k > 0 ? wrap_add(sums[k - 1], merged[k]) : merged[0];
  }
  equalisation_lut(sums, nbins, table);
  for (int64_t k = 0; k < nbins; k++) {
    hist[k * inchist] = merged[k];
    cdf[k * inccdf] = sums[k];
    lut[k * inclut] = table[k];
  }
  for (int64_t i = 0; i < h; i++)
    for (int64_t j = 0; j < w; j++)
      dst[i * lddst + j] = table[(uint8_t)src[i * ldsrc + j]];
  free(table);
  free(sums);
  free(merged);
}
