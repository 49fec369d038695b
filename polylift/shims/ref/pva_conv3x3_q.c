/*
 * ref shim of launch `pva_conv3x3_q` (pva.conv3x3_q_i8, pva.conv3x3_q_i16), per pixel (i, j):
 *   acc = sum over a, b in 0..2 of coef[a][b] * src[r(i+a-1)][c(j+b-1)]   (32-bit int)
 *   acc = (acc + 2^(shift-1)) >> shift                                    (arithmetic shift)
 *   dst[i][j] = acc saturated to the element type
 * where r() and c() clamp a subscript into the image (replicate border). The 32-bit sums
 * wrap instead of overflowing, and shift == 0 adds no rounding term. kh == kw == 3 and
 * 0 <= shift <= 31 are required; other values stop the program with a message.
 */
#include <stdio.h>
#include <stdlib.h>

#include "polylift_shims.h"

static int64_t clamp_index(int64_t v, int64_t n)
{
  return v < 0 ? 0 : (v >= n ? n - 1 : v);
}

static void check_conv_args(const char *shim, int64_t kh, int64_t kw, int32_t shift)
{
  if (kh == 3 && kw == 3 && shift >= 0 && shift <= 31)
    return;
  fprintf(stderr, "%s: needs a 3x3 kernel and 0 <= shift <= 31 (got %lldx%lld, shift %d)\n",
          shim, (long long)kh, (long long)kw, (int)shift);
  abort();
}

#define POLYLIFT_REF_PVA_CONV3X3_Q(T, DT, LO, HI)                                             \
  void polylift_ref_pva_conv3x3_q_##DT(int64_t h, int64_t w, int64_t kh, int64_t kw,          \
                                       int32_t shift, const T *coef, int64_t ldcoef,          \
                                       const T *src, int64_t ldsrc, T *dst, int64_t lddst)    \
  {                                                                                           \
    check_conv_args(__func__, kh, kw, shift);                                                 \
    uint32_t rnd = shift > 0 ? (uint32_t)1 << (shift - 1) : 0;                                \
    for (int64_t i = 0; i < h; i++)                                                           \
      for (int64_t j = 0; j < w; j++) {                                                       \
        uint32_t acc = 0;                                                                     \
        for (int64_t a = 0; a < 3; a++)                                                       \
          for (int64_t b = 0; b < 3; b++) {                                                   \
            int32_t x = src[clamp_index(i + a - 1, h) * ldsrc + clamp_index(j + b - 1, w)];   \
            acc += (uint32_t)((int32_t)coef[a * ldcoef + b] * x);                             \
          }                                                                                   \
        int32_t v = (int32_t)(acc + rnd) >> shift;                                            \
        dst[i * lddst + j] = (T)(v > HI ? HI : (v < LO ? LO : v));                            \
      }                                                                                       \
  }

POLYLIFT_REF_PVA_CONV3X3_Q(int8_t, i8, -128, 127)
POLYLIFT_REF_PVA_CONV3X3_Q(int16_t, i16, -32768, 32767)
