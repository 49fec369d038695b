/*
 * ref shim of launch `pva_conv3x3_q_roi` (pva.conv3x3_q_roi_i8, pva.conv3x3_q_roi_i16),
 * per pixel (i, j) of the h x w region, in the template's order:
 *   acc = coef[0][0]*src[i-1][j-1] + coef[0][1]*src[i-1][j] + ... + coef[2][2]*src[i+1][j+1]
 *         + (1 << (shift - 1))                                 (32-bit int, wrapping)
 *   dst[i][j] = min(max(acc >> shift, LO), HI)                  (arithmetic shift)
 * with [LO, HI] the element type's range. `src` points at the source pixel under
 * dst[0][0]; rows -1 and h and columns -1 and w are the halo the caller guarantees, read
 * as they are (no border mode). The template reads coef[0..2][0..2], so kh, kw >= 3 and
 * 0 <= shift <= 31 are required (shift == 0, where C's 1 << -1 is undefined, adds no
 * rounding term); other values stop the program with a message.
 */
#include <stdio.h>
#include <stdlib.h>

#include "polylift_shims.h"

static void check_roi_args(const char *shim, int64_t kh, int64_t kw, int32_t shift)
{
  if (kh >= 3 && kw >= 3 && shift >= 0 && shift <= 31)
    return;
  fprintf(stderr, "%s: needs a kernel of at least 3x3 and 0 <= shift <= 31 (got %lldx%lld, "
          "shift %d)\n", shim, (long long)kh, (long long)kw, (int)shift);
  abort();
}

/* coef[a][b] * src[i+a-1][j+b-1], wrapping in 32 bits as the template's i32 does. */
#define TAP(a, b) ((uint32_t)(int32_t)coef[(a) * ldcoef + (b)]                                \
                   * (uint32_t)(int32_t)src[(i + (a) - 1) * ldsrc + j + (b) - 1])

#define POLYLIFT_REF_PVA_CONV3X3_Q_ROI(T, DT, LO, HI)                                         \
  void polylift_ref_pva_conv3x3_q_roi_##DT(int64_t h, int64_t w, int64_t kh, int64_t kw,      \
                                           int32_t shift, const T *coef, int64_t ldcoef,      \
                                           const T *src, int64_t ldsrc, T *dst, int64_t lddst) \
  {                                                                                           \
    check_roi_args(__func__, kh, kw, shift);                                                  \
    uint32_t rnd = shift > 0 ? (uint32_t)1 << (shift - 1) : 0;                                \
    for (int64_t i = 0; i < h; i++)                                                           \
      for (int64_t j = 0; j < w; j++) {                                                       \
        uint32_t acc = TAP(0, 0) + TAP(0, 1) + TAP(0, 2) + TAP(1, 0) + TAP(1, 1) + TAP(1, 2)  \
                       + TAP(2, 0) + TAP(2, 1) + TAP(2, 2) + rnd;                             \
        int32_t v = (int32_t)acc >> shift;                                                    \
        v = v > LO ? v : LO;                                                                  \
        dst[i * lddst + j] = (T)(v < HI ? v : HI);                                            \
      }                                                                                       \
  }

POLYLIFT_REF_PVA_CONV3X3_Q_ROI(int8_t, i8, -128, 127)
POLYLIFT_REF_PVA_CONV3X3_Q_ROI(int16_t, i16, -32768, 32767)
