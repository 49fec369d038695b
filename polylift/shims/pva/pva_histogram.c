/*
 * pva shim of launch `pva_histogram`: the PVA histogram. The bins live in local memory
 * (VMEM), as many as a key can reach (256 for i8, 65536 for i16) and no more than nbins;
 * each source row is brought into a line buffer of 32-bit lanes holding the pixel read as
 * unsigned, every lane increments its bin, and the bins are written out once at the end
 * (bins past those a key can reach are zero). Integer counts do not depend on the order.
 * A key >= nbins aborts with a message, as in the ref shim. Semantics: see
 * ref/pva_histogram.c.
 */
#include "polylift_shims.h"
#include "pva_model.h"

static void bin_outside(const char *shim, int64_t i, int64_t j, int64_t k, int64_t nbins)
{
  fprintf(stderr, "%s: pixel (%lld, %lld) counts in bin %lld of a %lld-bin histogram\n",
          shim, (long long)i, (long long)j, (long long)k, (long long)nbins);
  abort();
}

#define POLYLIFT_PVA_HISTOGRAM(T, U, DT)                                                     \
  void polylift_pva_pva_histogram_##DT(int64_t h, int64_t w, int64_t nbins, const T *src,    \
                                       int64_t ldsrc, int32_t *hist, int64_t inchist)        \
  {                                                                                          \
    const int64_t keys = (int64_t)1 << (8 * sizeof(U));                                      \
    int64_t size = nbins < 0 ? 0 : (nbins < keys ? nbins : keys);                            \
    uint32_t *bins = pva_vmem_alloc(__func__, size, sizeof(uint32_t), "histogram");          \
    for (int64_t b = 0; b < size; b++)                                                       \
      bins[b] = 0;                                                                           \
    uint32_t *line = pva_vmem_alloc(__func__, w, sizeof(uint32_t), "line buffer");           \
    for (int64_t i = 0; i < h; i++) {                                                        \
      for (int64_t j = 0; j < w; j++)                                                        \
        line[j] = (U)src[i * ldsrc + j];                                                     \
      for (int64_t j = 0; j < w; j++) {                                                      \
        if (line[j] >= size) /* every key is < `keys`, so this is k >= nbins */              \
          bin_outside(__func__, i, j, line[j], nbins);                                       \
        bins[line[j]] += 1u;                                                                 \
      }                                                                                      \
    }                                                                                        \
    for (int64_t b = 0; b < nbins; b++)                                                      \
      hist[b * inchist] = b < size ? (int32_t)bins[b] : 0;                                   \
    free(line);                                                                              \
    free(bins);                                                                              \
  }

POLYLIFT_PVA_HISTOGRAM(int8_t, uint8_t, i8)
POLYLIFT_PVA_HISTOGRAM(int16_t, uint16_t, i16)
