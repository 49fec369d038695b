/*
 * ref shim of launch `pva_bilateral3x3`, per pixel (i, j) with centre value p:
 *   for a, b in 0..2 (a outer), q = src[r(i+a-1)][c(j+b-1)]:
 *     wgt = ws[a][b] * wr[|q - p| >> S]   (S = 0 for i8, 8 for i16: the index is 0..255)
 *     num += wgt * q;  den += wgt                              (32-bit int, wrapping)
 *   dst[i][j] = num >= 0 ? (num + den/2) / den : -((den/2 - num) / den)
 * where r() and c() clamp a subscript into the image (replicate border). The weights are
 * meant to be non-negative with wr[0] > 0, so den > 0; should den be <= 0 the pixel keeps
 * its value p. kh == kw == 3 and nr == 256 are required.
 *
 * The template language cannot state this launch yet (a table read at a data-dependent
 * subscript, int32 tables beside an 8/16-bit image), so its prototype is declared here.
 */
#include <stdio.h>
#include <stdlib.h>

#include "polylift_shims.h"

#define POLYLIFT_BILATERAL_PROTO(T, DT)                                                       \
  void polylift_ref_pva_bilateral3x3_##DT(int64_t h, int64_t w, int64_t kh, int64_t kw,       \
                                          int64_t nr, const int32_t *ws, int64_t ldws,        \
                                          const int32_t *wr, int64_t incwr, const T *src,     \
                                          int64_t ldsrc, T *dst, int64_t lddst)
POLYLIFT_BILATERAL_PROTO(int8_t, i8);
POLYLIFT_BILATERAL_PROTO(int16_t, i16);

static int64_t clamp_index(int64_t v, int64_t n)
{
  return v < 0 ? 0 : (v >= n ? n - 1 : v);
}

static void check_bilateral_args(const char *shim, int64_t kh, int64_t kw, int64_t nr)
{
  if (kh == 3 && kw == 3 && nr == 256)
    return;
  fprintf(stderr, "%s: needs 3x3 spatial and 256 range weights (got %lldx%lld and %lld)\n",
          shim, (long long)kh, (long long)kw, (long long)nr);
  abort();
}

#define POLYLIFT_REF_PVA_BILATERAL3X3(T, DT, S)                                               \
  POLYLIFT_BILATERAL_PROTO(T, DT)                                                             \
  {                                                                                           \
    check_bilateral_args(__func__, kh, kw, nr);                                               \
    for (int64_t i = 0; i < h; i++)                                                           \
      for (int64_t j = 0; j < w; j++) {                                                       \
        int32_t p = src[i * ldsrc + j];                                                       \
        uint32_t num = 0, den = 0;                                                            \
        for (int64_t a = 0; a < 3; a++)                                                       \
          for (int64_t b = 0; b < 3; b++) {                                                   \
            int32_t q = src[clamp_index(i + a - 1, h) * ldsrc + clamp_index(j + b - 1, w)];   \
            int32_t d = q > p ? q - p : p - q;                                                \
            uint32_t wgt = (uint32_t)ws[a * ldws + b] * (uint32_t)wr[(d >> S) * incwr];       \
            num += wgt * (uint32_t)q;                                                         \
            den += wgt;                                                                       \
          }                                                                                   \
        int32_t n = (int32_t)num, e = (int32_t)den;                                           \
        dst[i * lddst + j] = e <= 0 ? (T)p                                                    \
                                    : (T)(n >= 0 ? (n + e / 2) / e : -((e / 2 - n) / e));     \
      }                                                                                       \
  }

POLYLIFT_REF_PVA_BILATERAL3X3(int8_t, i8, 0)
POLYLIFT_REF_PVA_BILATERAL3X3(int16_t, i16, 8)
