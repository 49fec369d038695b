/*
 * pva shims of launches `pva_box3x3` (whole image, replicate border) and `pva_box3x3_roi`
 * (a region read with its real one-pixel halo): the PVA 3x3 box filter. Column sums of
 * the three line buffers, then a sliding 3-wide row sum s; the rounded mean uses no
 * divider:
 *   round(s / 9) = floor((s + 4) / 9) = ((s + 4 + 9*32768) * 954437177 >> 33) - 32768,
 * a fixed-point reciprocal exact for every 0 <= x < 2^32 (here x < 2^20). A ninth is
 * never a half, so this equals the halves-away-from-zero rounding of the ref shims
 * (rdiv(s, 9) = s >= 0 ? (s + 4) / 9 : -((4 - s) / 9)). The two launches differ only in
 * how the line buffers are filled.
 */
#include "polylift_shims.h"
#include "pva_model.h"

#define PVA_BOX_BIAS 294912 /* 9 * 32768: makes every sum non-negative */
#define PVA_RECIP9 954437177u /* ceil(2^33 / 9) */

#define POLYLIFT_PVA_BOX3X3(NAME, LOAD, T, DT)                                                \
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
        l0[j] = l0[j] + l1[j] + l2[j]; /* column sums, in place */                            \
      for (int64_t j = 0; j < w; j++) {                                                       \
        uint64_t x = (uint64_t)(l0[j] + l0[j + 1] + l0[j + 2] + 4 + PVA_BOX_BIAS);            \
        dst[i * lddst + j] = (T)((int32_t)((x * PVA_RECIP9) >> 33) - 32768);                  \
      }                                                                                       \
    }                                                                                         \
    free(buf);                                                                                \
  }

POLYLIFT_PVA_BOX3X3(pva_box3x3, PVA_LOAD_WINDOW, int8_t, i8)
POLYLIFT_PVA_BOX3X3(pva_box3x3, PVA_LOAD_WINDOW, int16_t, i16)
POLYLIFT_PVA_BOX3X3(pva_box3x3_roi, PVA_LOAD_WINDOW_HALO, int8_t, i8)
POLYLIFT_PVA_BOX3X3(pva_box3x3_roi, PVA_LOAD_WINDOW_HALO, int16_t, i16)
