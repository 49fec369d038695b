/*
 * pva shim of launch `pva_gaussian3x3`: the PVA 3x3 Gaussian, separable. A vertical
 * 1-2-1 pass over the three line buffers, a horizontal 1-2-1 pass over the result, then
 * (s + 8) >> 4 truncated to the element type. Integer sums are exact, so the separable
 * form gives the bits of the direct 9-tap sum of the ref shim.
 */
#include "polylift_shims.h"
#include "pva_model.h"

#define POLYLIFT_PVA_GAUSSIAN3X3(T, DT)                                                       \
  void polylift_pva_pva_gaussian3x3_##DT(int64_t h, int64_t w, const T *src, int64_t ldsrc,   \
                                         T *dst, int64_t lddst)                               \
  {                                                                                           \
    if (h <= 0 || w <= 0)                                                                     \
      return;                                                                                 \
    int32_t *buf = pva_line_buffers(__func__, w);                                             \
    for (int64_t i = 0; i < h; i++) {                                                         \
      PVA_LOAD_WINDOW(buf, src, ldsrc, i, h, w);                                              \
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

POLYLIFT_PVA_GAUSSIAN3X3(int8_t, i8)
POLYLIFT_PVA_GAUSSIAN3X3(int16_t, i16)
