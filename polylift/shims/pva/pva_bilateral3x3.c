/*
 * pva shims of launches `pva_bilateral3x3` (whole image, replicate border) and
 * `pva_bilateral3x3_roi` (a region read with its real one-pixel halo): the PVA 3x3
 * bilateral filter. The two launches differ only in how the line buffers are filled
 * (pva_model.h: PVA_LOAD_WINDOW replicates the edge, PVA_LOAD_WINDOW_HALO reads the halo);
 * one pixel function computes both from the three buffers.
 *
 * Per lane, the nine taps of the line buffers are weighted by the spatial table times
 * the range table entry at |q - p| >> rshift, accumulated in 32-bit registers (wrapping),
 * and the weighted mean is rounded halves away from zero by an exact integer division:
 * the source's expression for any den != 0, negative included. The range table is copied
 * once into local memory, only the entries an index can reach (at most
 * (d_max >> rshift) + 1, d_max = 255 for i8 and 65535 for i16). den == 0, an index >= n,
 * a shift outside 0..31 and INT32_MIN / -1 abort with a message.
 * Semantics: see ref/pva_bilateral3x3.c.
 */
#include "polylift_shims.h"
#include "pva_model.h"

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
static int32_t rounded_quotient(const char *shim, uint32_t num, uint32_t den, int64_t i,
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

/* The tables in local memory, as the vector unit reads them. */
struct bilateral_tables {
  uint32_t spatial[9];
  uint32_t *range; /* `size` entries: those an index can reach, below n */
  int64_t size, n;
  int32_t rshift;
};

static struct bilateral_tables load_tables(const char *shim, const int32_t *ws, int64_t ldws,
                                           const int32_t *wr, int64_t incwr, int64_t n,
                                           int32_t rshift, int32_t dmax)
{
  struct bilateral_tables t = {.n = n, .rshift = rshift};
  for (int a = 0; a < 9; a++)
    t.spatial[a] = (uint32_t)ws[(a / 3) * ldws + a % 3];
  t.size = reachable_entries(n, dmax, rshift);
  t.range = pva_vmem_alloc(shim, t.size, sizeof(uint32_t), "range table");
  for (int64_t k = 0; k < t.size; k++)
    t.range[k] = (uint32_t)wr[k * incwr];
  return t;
}

/* Output pixel j of row i from the three line buffers `buf` of w + 2 lanes each. */
static int32_t bilateral_pixel(const char *shim, const struct bilateral_tables *t,
                               const int32_t *buf, int64_t w, int64_t i, int64_t j)
{
  int32_t p = buf[(w + 2) + j + 1];
  uint32_t num = 0, den = 0;
  for (int tap = 0; tap < 9; tap++) {
    int32_t q = buf[(tap / 3) * (w + 2) + j + tap % 3];
    int32_t k = (q > p ? q - p : p - q) >> t->rshift;
    if (k >= t->size) /* k <= d_max >> rshift, so this is k >= n */
      range_outside(shim, i, j, k, t->n);
    uint32_t wgt = t->spatial[tap] * t->range[k];
    num += wgt * (uint32_t)q;
    den += wgt;
  }
  return rounded_quotient(shim, num, den, i, j);
}

#define POLYLIFT_PVA_BILATERAL3X3(NAME, LOAD, T, DT, DMAX)                                    \
  void polylift_pva_##NAME##_##DT(int64_t h, int64_t w, int64_t kh, int64_t kw, int64_t n,    \
                                  int32_t rshift, const int32_t *ws, int64_t ldws,            \
                                  const int32_t *wr, int64_t incwr, const T *src,             \
                                  int64_t ldsrc, T *dst, int64_t lddst)                       \
  {                                                                                           \
    check_args(__func__, kh, kw, rshift);                                                     \
    if (h <= 0 || w <= 0)                                                                     \
      return;                                                                                 \
    struct bilateral_tables t = load_tables(__func__, ws, ldws, wr, incwr, n, rshift, DMAX);  \
    int32_t *buf = pva_line_buffers(__func__, w);                                             \
    for (int64_t i = 0; i < h; i++) {                                                         \
      LOAD(buf, src, ldsrc, i, h, w);                                                         \
      for (int64_t j = 0; j < w; j++)                                                         \
        dst[i * lddst + j] = (T)bilateral_pixel(__func__, &t, buf, w, i, j);                  \
    }                                                                                         \
    free(buf);                                                                                \
    free(t.range);                                                                            \
  }

POLYLIFT_PVA_BILATERAL3X3(pva_bilateral3x3, PVA_LOAD_WINDOW, int8_t, i8, 255)
POLYLIFT_PVA_BILATERAL3X3(pva_bilateral3x3, PVA_LOAD_WINDOW, int16_t, i16, 65535)
POLYLIFT_PVA_BILATERAL3X3(pva_bilateral3x3_roi, PVA_LOAD_WINDOW_HALO, int8_t, i8, 255)
POLYLIFT_PVA_BILATERAL3X3(pva_bilateral3x3_roi, PVA_LOAD_WINDOW_HALO, int16_t, i16, 65535)
