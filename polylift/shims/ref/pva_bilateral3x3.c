/*
 * ref shims of launches `pva_bilateral3x3` (pva.bilateral3x3, whole image, replicate
 * border) and `pva_bilateral3x3_roi` (pva.bilateral3x3_roi, a region with its halo), per
 * pixel (i, j) of the h x w image or region, p = src[i][j], for a, b in 0..2 (a outer):
 *   q = src[r(i+a-1)][c(j+b-1)];  d = |q - p|;  wgt = ws[a][b] * wr[(d >> rshift) * incwr]
 *   num += wgt * q;  den += wgt                                 (32-bit int, wrapping)
 *   dst[i][j] = (T)(num >= 0 ? (num + den/2) / den : -((den/2 - num) / den))
 * with int32 truncating divisions for any den != 0, negative included (the source's
 * expression; nothing replaces a den <= 0), wrapping additions and negation. Whole image:
 * r() and c() clamp a subscript into the image (the pixels outside replicate the nearest
 * edge pixel), so it is the region operator on the image padded by one replicated pixel.
 * Region: r() and c() are the identity; `src` points at the source pixel under dst[0][0],
 * and rows -1 and h, columns -1 and w are the halo the caller guarantees, read as they are.
 *
 * What the source program leaves undefined stops with a message (abort) instead of
 * computing something: den == 0, a range index d >> rshift >= n, a shift outside 0..31,
 * and the one overflowing quotient INT32_MIN / -1. kh == kw == 3 is required.
 */
#include <stdio.h>
#include <stdlib.h>

#include "polylift_shims.h"

static int64_t clamp_index(int64_t v, int64_t n)
{
  return v < 0 ? 0 : (v >= n ? n - 1 : v);
}

static void check_args(const char *shim, int64_t kh, int64_t kw, int32_t rshift)
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

static int64_t range_index(const char *shim, int32_t q, int32_t p, int32_t rshift,
                           int64_t n, int64_t i, int64_t j)
{
  int32_t d = q - p;
  d = d < 0 ? -d : d;
  if ((d >> rshift) < n)
    return d >> rshift;
  fprintf(stderr, "%s: pixel (%lld, %lld) reads range weight %d of a %lld-entry table\n",
          shim, (long long)i, (long long)j, (int)(d >> rshift), (long long)n);
  abort();
}

/* num >= 0 ? (num + den/2) / den : -((den/2 - num) / den), int32, wrapping +, -. */
static int32_t rounded_quotient(const char *shim, int32_t num, int32_t den, int64_t i,
                                int64_t j)
{
  uint32_t half = (uint32_t)(den / 2);
  int32_t top = num >= 0 ? (int32_t)((uint32_t)num + half) : (int32_t)(half - (uint32_t)num);
  if (den == 0 || (den == -1 && top == INT32_MIN)) {
    fprintf(stderr, "%s: pixel (%lld, %lld) divides %d by %d (undefined in C)\n", shim,
            (long long)i, (long long)j, (int)top, (int)den);
    abort();
  }
  int32_t quot = top / den;
  return num >= 0 ? quot : (int32_t)(0u - (uint32_t)quot);
}

/* Subscript v of an extent-n dimension as the whole-image launch reads it. */
#define POLYLIFT_CLAMPED(v, n) clamp_index(v, n)
/* ... and as the region launch reads it: the halo is there. */
#define POLYLIFT_HALO(v, n) (v)

#define POLYLIFT_REF_PVA_BILATERAL3X3(NAME, AT, T, DT)                                        \
  void NAME##_##DT(int64_t h, int64_t w, int64_t kh, int64_t kw, int64_t n, int32_t rshift,   \
                   const int32_t *ws, int64_t ldws, const int32_t *wr, int64_t incwr,         \
                   const T *src, int64_t ldsrc, T *dst, int64_t lddst)                        \
  {                                                                                           \
    check_args(__func__, kh, kw, rshift);                                                     \
    for (int64_t i = 0; i < h; i++)                                                           \
      for (int64_t j = 0; j < w; j++) {                                                       \
        int32_t p = src[i * ldsrc + j];                                                       \
        uint32_t num = 0, den = 0;                                                            \
        for (int64_t a = 0; a < 3; a++)                                                       \
          for (int64_t b = 0; b < 3; b++) {                                                   \
            int32_t q = src[AT(i + a - 1, h) * ldsrc + AT(j + b - 1, w)];                     \
            int64_t k = range_index(__func__, q, p, rshift, n, i, j);                         \
            uint32_t wgt = (uint32_t)ws[a * ldws + b] * (uint32_t)wr[k * incwr];              \
            num += wgt * (uint32_t)q;                                                         \
            den += wgt;                                                                       \
          }                                                                                   \
        dst[i * lddst + j] = (T)rounded_quotient(__func__, (int32_t)num, (int32_t)den, i, j); \
      }                                                                                       \
  }

POLYLIFT_REF_PVA_BILATERAL3X3(polylift_ref_pva_bilateral3x3, POLYLIFT_CLAMPED, int8_t, i8)
POLYLIFT_REF_PVA_BILATERAL3X3(polylift_ref_pva_bilateral3x3, POLYLIFT_CLAMPED, int16_t, i16)
POLYLIFT_REF_PVA_BILATERAL3X3(polylift_ref_pva_bilateral3x3_roi, POLYLIFT_HALO, int8_t, i8)
POLYLIFT_REF_PVA_BILATERAL3X3(polylift_ref_pva_bilateral3x3_roi, POLYLIFT_HALO, int16_t, i16)
