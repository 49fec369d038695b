/*
 * ref shim of launch `pva_box3x3_roi` (pva.box3x3_roi), per pixel (i, j) of the h x w
 * region, in the template's order:
 *   s = src[i-1][j-1] + src[i-1][j] + src[i-1][j+1] + src[i][j-1] + src[i][j]
 *       + src[i][j+1] + src[i+1][j-1] + src[i+1][j] + src[i+1][j+1]
 *   dst[i][j] = (T)rdiv(s, 9),  rdiv(s, 9) = s >= 0 ? (s + 4) / 9 : -((4 - s) / 9)
 * (nearest, halves away from zero, with C's truncating division). `src` points at the
 * source pixel under dst[0][0]; rows -1 and h and columns -1 and w are the halo the
 * caller guarantees, read as they are (no border mode).
 */
#include "polylift_shims.h"

#define POLYLIFT_REF_PVA_BOX3X3_ROI(T, DT)                                                    \
  void polylift_ref_pva_box3x3_roi_##DT(int64_t h, int64_t w, const T *src, int64_t ldsrc,    \
                                        T *dst, int64_t lddst)                                \
  {                                                                                           \
    for (int64_t i = 0; i < h; i++)                                                           \
      for (int64_t j = 0; j < w; j++) {                                                       \
        const T *up = src + (i - 1) * ldsrc + j, *mid = up + ldsrc, *down = mid + ldsrc;      \
        int32_t s = up[-1] + up[0] + up[1] + mid[-1] + mid[0] + mid[1] + down[-1] + down[0]   \
                    + down[1];                                                                \
        dst[i * lddst + j] = (T)(s >= 0 ? (s + 4) / 9 : -((4 - s) / 9));                     \
      }                                                                                       \
  }

POLYLIFT_REF_PVA_BOX3X3_ROI(int8_t, i8)
POLYLIFT_REF_PVA_BOX3X3_ROI(int16_t, i16)
