/*
 * ref shim of launch `pva_histogram` (pva.histogram):
 *   hist[b] = 0 for b < nbins;
 *   then for each pixel (i, j), rows then columns: k = src[i][j] read as unsigned
 *   (uint8_t for i8, uint16_t for i16), hist[k] += 1 (32-bit, wrapping as the C loop's
 *   int does in practice).
 * A key k >= nbins lies outside the histogram, where the source program's behaviour is
 * undefined, so the shim stops with a message (abort) instead of writing out of bounds.
 */
#include <stdio.h>
#include <stdlib.h>

#include "polylift_shims.h"

static void bin_outside(const char *shim, int64_t i, int64_t j, int64_t k, int64_t nbins)
{
  fprintf(stderr, "%s: pixel (%lld, %lld) counts in bin %lld of a %lld-bin histogram\n",
          shim, (long long)i, (long long)j, (long long)k, (long long)nbins);
  abort();
}

#define POLYLIFT_REF_PVA_HISTOGRAM(T, U, DT)                                                 \
  void polylift_ref_pva_histogram_##DT(int64_t h, int64_t w, int64_t nbins, const T *src,    \
                                       int64_t ldsrc, int32_t *hist, int64_t inchist)        \
  {                                                                                          \
    for (int64_t b = 0; b < nbins; b++)                                                      \
      hist[b * inchist] = 0;                                                                 \
    for (int64_t i = 0; i < h; i++)                                                          \
      for (int64_t j = 0; j < w; j++) {                                                      \
        int64_t k = (U)src[i * ldsrc + j];                                                   \
        if (k >= nbins)                                                                      \
          bin_outside(__func__, i, j, k, nbins);                                             \
        hist[k * inchist] = (int32_t)((uint32_t)hist[k * inchist] + 1u);                     \
      }                                                                                      \
  }

POLYLIFT_REF_PVA_HISTOGRAM(int8_t, uint8_t, i8)
POLYLIFT_REF_PVA_HISTOGRAM(int16_t, uint16_t, i16)
