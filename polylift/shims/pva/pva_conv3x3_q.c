/*
 * pva shims of launches `pva_conv3x3_q` (whole image, replicate border) and
 * `pva_conv3x3_q_roi` (a region read with its real one-pixel halo): the PVA 3x3
 * convolution in Q format. Nine multiply-accumulates per lane into a 32-bit accumulator
 * (wrapping), then the rounding right shift (add 2^(shift-1), arithmetic shift) and
 * saturation to the element type, over line buffers (pva_model.h). Bit-exact with the
 * ref shims. The whole-image operator takes exactly a 3x3 kernel; the region operator's
 * template reads coef[0..2][0..2] of a kernel of at least 3x3.
 */
#include "polylift_shims.h"
#include "pva_model.h"

static void check_conv_args(const char *shim, int64_t kh, int64_t kw, int32_t shift, int exact)
{
  int taps_ok = exact ? (kh == 3 && kw == 3) : (kh >= 3 && kw >= 3);
  if (taps_ok && shift >= 0 && shift <= 31)
    return;
  fprintf(stderr, "%s: needs a %s3x3 kernel and 0 <= shift <= 31 (got %lldx%lld, shift %d)\n",
          shim, exact ? "" : "at least ", (long long)kh, (long long)kw, (int)shift);
  abort();
}

#define POLYLIFT_PVA_CONV3X3_Q(NAME, LOAD, EXACT, T, DT, LO, HI)                              \
  void polylift_pva_##NAME##_##DT(int64_t h, int64_t w, int64_t kh, int64_t kw, int32_t shift, \
                                  const T *coef, int64_t ldcoef, const T *src, int64_t ldsrc, \
                                  T *dst, int64_t lddst)                                      \
  {                                                                                           \
    check_conv_args(__func__, kh, kw, shift, EXACT);                                          \
    if (h <= 0 || w <= 0)                                                                     \
      return;                                                                                 \
    uint32_t taps[9];                                                                         \
    for (int a = 0; a < 3; a++)                                                               \
      for (int b = 0; b < 3; b++)                                                             \
        taps[3 * a + b] = (uint32_t)(int32_t)coef[a * ldcoef + b];                            \
    uint32_t rnd = shift > 0 ? (uint32_t)1 << (shift - 1) : 0;                                \
    int32_t *buf = pva_line_buffers(__func__, w);                                             \
    for (int64_t i = 0; i < h; i++) {                                                         \
      LOAD(buf, src, ldsrc, i, h, w);                                                         \
      for (int64_t j = 0; j < w; j++) {                                                       \
        uint32_t acc = 0;                                                                     \
        for (int a = 0; a < 3; a++) {                                                         \
          const int32_t *line = buf + a * (w + 2) + j;                                        \
          acc += taps[3 * a] * (uint32_t)line[0] + taps[3 * a + 1] * (uint32_t)line[1]        \
                 + taps[3 * a + 2] * (uint32_t)line[2];                                       \
        }                                                                                     \
        int32_t v = (int32_t)(acc + rnd) >> shift;                                            \
        dst[i * lddst + j] = (T)(v > HI ? HI : (v < LO ? LO : v));                            \
      }                                                                                       \
    }                                                                                         \
    free(buf);                                                                                \
  }

POLYLIFT_PVA_CONV3X3_Q(pva_conv3x3_q, PVA_LOAD_WINDOW, 1, int8_t, i8, -128, 127)
POLYLIFT_PVA_CONV3X3_Q(pva_conv3x3_q, PVA_LOAD_WINDOW, 1, int16_t, i16, -32768, 32767)
POLYLIFT_PVA_CONV3X3_Q(pva_conv3x3_q_roi, PVA_LOAD_WINDOW_HALO, 0, int8_t, i8, -128, 127)
POLYLIFT_PVA_CONV3X3_Q(pva_conv3x3_q_roi, PVA_LOAD_WINDOW_HALO, 0, int16_t, i16, -32768, 32767)
