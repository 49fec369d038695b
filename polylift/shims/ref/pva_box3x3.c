/*
 * ref shim of launch `pva_box3x3` (pva.box3x3), per pixel (i, j):
 *   s = sum over a, b in 0..2 of src[r(i+a-1)][c(j+b-1)]   (a in the outer loop)
 *   dst[i][j] = s >= 0 ? (s + 4) / 9 : -((4 - s) / 9)       (nearest, halves away from 0)
 * where r() and c() clamp a subscript into the image (replicate border).
 */
#include "polylift_shims.h"

static int64_t clamp_index(int64_t v, int64_t n)
{
  return v < 0 ? 0 : (v >= n ? n - 1 : v);
}

#define POLYLIFT_REF_PVA_BOX3X3(T, DT)                                                        \
  void polylift_ref_pva_box3x3_##DT(int64_t h, int64_t w, const T *src, int64_t ldsrc, T *dst, \
                                    int64_t lddst)                                            \
  {                                                                                           \
    for (int64_t i = 0; i < h; i++)                                                           \
      for (int64_t j = 0; j < w; j++) {                                                       \
        int32_t s = 0;                                                                        \
        for (int64_t a = 0; a < 3; a++)                                                       \
          for (int64_t b = 0; b < 3; b++)                                                     \
            s += src[clamp_index(i + a - 1, h) * ldsrc + clamp_index(j + b - 1, w)];          \
        dst[i * lddst + j] = (T)(s >= 0 ? (s + 4) / 9 : -((4 - s) / 9));                     \
      }                                                                                       \
  }

POLYLIFT_REF_PVA_BOX3X3(int8_t, i8)
POLYLIFT_REF_PVA_BOX3X3(int16_t, i16)
