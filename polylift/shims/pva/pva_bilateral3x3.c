/*
 * pva shims of launches `pva_bilateral3x3` (whole image, replicate border) and
 * `pva_bilateral3x3_roi` (a region read with its real halo, at the end of this file): the
 * PVA 3x3 bilateral filter. Per lane, the nine taps of the line buffers (pva_model.h) are
 * weighted by the spatial table times the range LUT entry at |q - p| >> S (whole image:
 * S = 0 for i8, 8 for i16, a 256-entry LUT), accumulated in 32-bit registers (wrapping),
 * and the weighted mean is rounded halves away from zero by an exact integer division.
 * Semantics: see ref/pva_bilateral3x3.c and ref/pva_bilateral3x3_roi.c.
 *
 * The template language cannot state the whole-image launch yet, so its prototype is
 * declared here.
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

/*
 * pva shim of launch `pva_bilateral3x3_roi`: the same filter over a region read with its
 * real one-pixel halo (PVA_LOAD_WINDOW_HALO), with a range shift and table size given at
 * run time. The range table is copied once into local memory, only the entries an index
 * can reach (at most (d_max >> rshift) + 1, d_max = 255 for i8 and 65535 for i16). The
 * weighted mean is the source's expression for any den != 0, negative included; den == 0,
 * an index >= n, a shift outside 0..31 and INT32_MIN / -1 abort with a message.
 * Semantics: see ref/pva_bilateral3x3_roi.c.
 */
#define POLYLIFT_BILATERAL_ROI_PROTO(T, DT)                                                   \
  void polylift_pva_pva_bilateral3x3_roi_##DT(                                                \
      int64_t h, int64_t w, int64_t kh, int64_t kw, int64_t n, int32_t rshift,                \
      const int32_t *ws, int64_t ldws, const int32_t *wr, int64_t incwr, const T *src,        \
      int64_t ldsrc, T *dst, int64_t lddst)

static void check_roi_args(const char *shim, int64_t kh, int64_t kw, int32_t rshift)
{
  if (kh != 3 || kw != 3) {
    fprintf(stderr, "%s: needs 3x3 spatial weights (got %lldx%lld)\n", shim, (long long)kh,
            (long long)kw);
    abort();
  }
  if (rshift < 0 || rshift > 31) {
    fprintf(stderr, "%s: range shift %d is outside 0..31 (undefined in C)\n", shim,
            (int)rshift);
    abort();
  }
}

/* The number of range entries to copy: those below n that an index can reach. */
static int64_t reachable_entries(int64_t n, int32_t dmax, int32_t rshift)
{
  int64_t reach = (int64_t)(dmax >> rshift) + 1;
  return n < 0 ? 0 : (n < reach ? n : reach);
}

static void range_outside(const char *shim, int64_t i, int64_t j, int32_t k, int64_t n)
{
  fprintf(stderr, "%s: pixel (%lld, %lld) reads range weight %d of a %lld-entry table\n",
          shim, (long long)i, (long long)j, (int)k, (long long)n);
  abort();
}

/* num >= 0 ? (num + den/2) / den : -((den/2 - num) / den), int32, wrapping +, -. */
static int32_t roi_quotient(const char *shim, uint32_t num, uint32_t den, int64_t i,
                            int64_t j)
{
  int32_t n = (int32_t)num, e = (int32_t)den;
  uint32_t half = (uint32_t)(e / 2);
  int32_t top = n >= 0 ? (int32_t)(num + half) : (int32_t)(half - num);
  if (e == 0 || (e == -1 && top == INT32_MIN)) {
    fprintf(stderr, "%s: pixel (%lld, %lld) divides %d by %d (undefined in C)\n", shim,
            (long long)i, (long long)j, (int)top, (int)e);
    abort();
  }
  int32_t quot = top / e;
  return n >= 0 ? quot : (int32_t)(0u - (uint32_t)quot);
}

#define POLYLIFT_PVA_BILATERAL3X3_ROI(T, DT, DMAX)                                            \
  POLYLIFT_BILATERAL_ROI_PROTO(T, DT)                                                         \
  {                                                                                           \
    check_roi_args(__func__, kh, kw, rshift);                                                 \
    if (h <= 0 || w <= 0)                                                                     \
      return;                                                                                 \
    int64_t size = reachable_entries(n, DMAX, rshift);                                        \
    uint32_t spatial[9];                                                                      \
    for (int a = 0; a < 9; a++)                                                               \
      spatial[a] = (uint32_t)ws[(a / 3) * ldws + a % 3];                                      \
    uint32_t *range = pva_vmem_alloc(__func__, size, sizeof(uint32_t), "range table");        \
    for (int64_t k = 0; k < size; k++)                                                        \
      range[k] = (uint32_t)wr[k * incwr];                                                     \
    int32_t *buf = pva_line_buffers(__func__, w);                                             \
    for (int64_t i = 0; i < h; i++) {                                                         \
      PVA_LOAD_WINDOW_HALO(buf, src, ldsrc, i, h, w);                                         \
      for (int64_t j = 0; j < w; j++) {                                                       \
        int32_t p = buf[(w + 2) + j + 1];                                                     \
        uint32_t num = 0, den = 0;                                                            \
        for (int t = 0; t < 9; t++) {                                                         \
          int32_t q = buf[(t / 3) * (w + 2) + j + t % 3];                                     \
          int32_t k = (q > p ? q - p : p - q) >> rshift;                                      \
          if (k >= size) /* k <= DMAX >> rshift, so this is k >= n */                         \
            range_outside(__func__, i, j, k, n);                                              \
          uint32_t wgt = spatial[t] * range[k];                                               \
          num += wgt * (uint32_t)q;                                                           \
          den += wgt;                                                                         \
        }                                                                                     \
        dst[i * lddst + j] = (T)roi_quotient(__func__, num, den, i, j);                       \
      }                                                                                       \
    }                                                                                         \
    free(buf);                                                                                \
    free(range);                                                                              \
  }

POLYLIFT_PVA_BILATERAL3X3_ROI(int8_t, i8, 255)
POLYLIFT_PVA_BILATERAL3X3_ROI(int16_t, i16, 65535)
