/*
 * pva shim of launch `pva_bilateral3x3`: the PVA 3x3 bilateral filter. Per lane, the
 * nine taps of the replicated line buffers (pva_model.h) are weighted by the spatial
 * table times the range LUT entry at |q - p| >> S (S = 0 for i8, 8 for i16, a 256-entry
 * LUT), accumulated in 32-bit registers (wrapping), and the weighted mean is rounded
 * halves away from zero by an exact integer division. Semantics: see ref/pva_bilateral3x3.c.
 *
 * The template language cannot state this launch yet, so its prototype is declared here.
 */
#include "polylift_shims.h"
#include "pva_model.h"

#define POLYLIFT_BILATERAL_PROTO(T, DT)                                                       \
  void polylift_pva_pva_bilateral3x3_##DT(int64_t h, int64_t w, int64_t kh, int64_t kw,       \
                                          int64_t nr, const int32_t *ws, int64_t ldws,        \
                                          const int32_t *wr, int64_t incwr, const T *src,     \
                                          int64_t ldsrc, T *dst, int64_t lddst)
POLYLIFT_BILATERAL_PROTO(int8_t, i8);
POLYLIFT_BILATERAL_PROTO(int16_t, i16);

static void check_bilateral_args(const char *shim, int64_t kh, int64_t kw, int64_t nr)
{
  if (kh == 3 && kw == 3 && nr == 256)
    return;
  fprintf(stderr, "%s: needs 3x3 spatial and 256 range weights (got %lldx%lld and %lld)\n",
          shim, (long long)kh, (long long)kw, (long long)nr);
  abort();
}

#define POLYLIFT_PVA_BILATERAL3X3(T, DT, S)                                                   \
  POLYLIFT_BILATERAL_PROTO(T, DT)                                                             \
  {                                                                                           \
    check_bilateral_args(__func__, kh, kw, nr);                                               \
    if (h <= 0 || w <= 0)                                                                     \
      return;                                                                                 \
    uint32_t spatial[9], range[256];                                                          \
    for (int a = 0; a < 9; a++)                                                               \
      spatial[a] = (uint32_t)ws[(a / 3) * ldws + a % 3];                                      \
    for (int k = 0; k < 256; k++)                                                             \
      range[k] = (uint32_t)wr[k * incwr];                                                     \
    int32_t *buf = pva_line_buffers(__func__, w);                                             \
    for (int64_t i = 0; i < h; i++) {                                                         \
      PVA_LOAD_WINDOW(buf, src, ldsrc, i, h, w);                                              \
      for (int64_t j = 0; j < w; j++) {                                                       \
        int32_t p = buf[(w + 2) + j + 1];                                                     \
        uint32_t num = 0, den = 0;                                                            \
        for (int t = 0; t < 9; t++) {                                                         \
          int32_t q = buf[(t / 3) * (w + 2) + j + t % 3];                                     \
          uint32_t wgt = spatial[t] * range[(q > p ? q - p : p - q) >> S];                    \
          num += wgt * (uint32_t)q;                                                           \
          den += wgt;                                                                         \
        }                                                                                     \
        int32_t n = (int32_t)num, e = (int32_t)den;                                           \
        dst[i * lddst + j] = e <= 0 ? (T)p                                                    \
                                    : (T)(n >= 0 ? (n + e / 2) / e : -((e / 2 - n) / e));     \
      }                                                                                       \
    }                                                                                         \
    free(buf);                                                                                \
  }

POLYLIFT_PVA_BILATERAL3X3(int8_t, i8, 0)
POLYLIFT_PVA_BILATERAL3X3(int16_t, i16, 8)
