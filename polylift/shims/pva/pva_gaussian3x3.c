/*
 * pva shims of launches `pva_gaussian3x3` (whole image, replicate border) and
 * `pva_gaussian3x3_roi` (a region read with its real one-pixel halo): the PVA 3x3
 * Gaussian, separable. A vertical 1-2-1 pass over the three line buffers, a horizontal
 * 1-2-1 pass over the result, then (s + 8) >> 4 truncated to the element type. Integer
 * sums are exact, so the separable form gives the bits of the direct 9-tap sum of the
 * ref shims. The two launches differ only in how the line buffers are filled.
 */
#include "polylift_shims.h"
#include "pva_model.h"

#define POLYLIFT_PVA_GAUSSIAN3X3(NAME, LOAD, T, DT)                                           \
  void polylift_pva_##NAME##_##DT(int64_t h, int64_t w, const T *src, int64_t ldsrc, T *dst,  \
                                  int64_t lddst)                                              \
  {                                                                                           \
    if (h <= 0 || w <= 0)                                                                     \
      return;                                                                                 \
    int32_t *buf = pva_line_buffers(__func__, w);                                             \
    for (int64_t i = 0; i < h; i++) {                                                         \
      LOAD(buf, src, ldsrc, i, h, w);                                                         \
      int32_t *l0 = buf, *l1 = buf + (w + 2), *l2 = buf + 2 * (w + 2);                        \
      for (int64_t j = 0; j < w + 2; j++)                                                     \
        l0[j] = l0[j] + 2 * l1[j] + l2[j]; /* vertical pass, in place */                      \
      for (int64_t j = 0; j < w; j++) {                                                       \
        int32_t s = l0[j] + 2 * l0[j + 1] + l0[j + 2];                                        \
        dst[i * lddst + j] = (T)((s + 8) >> 4);                                               \
      }                                                                                       \
    }                                                                                         \
    free(buf);                                                                                \
  }

POLYLIFT_PVA_GAUSSIAN3X3(pva_gaussian3x3, PVA_LOAD_WINDOW, int8_t, i8)
POLYLIFT_PVA_GAUSSIAN3X3(pva_gaussian3x3, PVA_LOAD_WINDOW, int16_t, i16)
POLYLIFT_PVA_GAUSSIAN3X3(pva_gaussian3x3_roi, PVA_LOAD_WINDOW_HALO, int8_t, i8)
POLYLIFT_PVA_GAUSSIAN3X3(pva_gaussian3x3_roi, PVA_LOAD_WINDOW_HALO, int16_t, i16)
