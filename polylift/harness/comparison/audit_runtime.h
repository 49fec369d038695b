/* Helpers of polylift's generated launch audit (pasted into each audit.c).
 *
 * An audited shim call saves its outputs, runs the backend, keeps the backend's
 * results aside, restores the outputs and runs the `ref` shim on the same arguments.
 * The ref results stay in place, so the program goes on exactly as it would with the
 * ref backend; the two results are compared element by element in ULP (as the harness
 * compares arrays: ordered float keys, -0 and +0 0 apart, NaN against a number
 * infinitely far, integers by their difference). At exit, one record per shim goes to
 * the file named by POLYLIFT_AUDIT_OUT. (Helpers are `static inline`: a file auditing only
 * integer shims leaves the float ones unused.)
 *
 * For a template that only adds, multiplies and takes max/min, a reordered sum differs
 * from the template's order by at most about 2n unit roundoffs of sum |term|, however
 * much the terms cancel. The audit then also runs the ref shim on the absolute values
 * of every input and scalar, which gives that magnitude M per element, and measures a
 * difference in ULPs of M when that is the smaller distance: a result that cancels to
 * almost 0 is held to the precision of its terms, not of itself.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define POLYLIFT_AUDIT_MAX_RANK 6 /* a template array has at most six dims (cnn.upsample) */
#define POLYLIFT_AUDIT_INFINITE UINT64_MAX

/* One output array of a shim call: a strided view, extents and strides in elements. */
typedef struct {
  const char *name;
  void *data;
  int rank;
  int64_t dims[POLYLIFT_AUDIT_MAX_RANK];
  int64_t strides[POLYLIFT_AUDIT_MAX_RANK];
  size_t elem;
  char kind; /* 'f' floating point, 'i' signed integer, 'u' unsigned integer */
} polylift_audit_view;

/* What the audit saw of one shim over the whole run. */
typedef struct polylift_audit_site {
  const char *symbol;
  int inexact; /* the template divides or takes roots: its bound holds for exact inputs too */
  int backward; /* results are measured by their backward error, not per element */
  long long calls, failed_calls;
  uint64_t max_ulp, bound_at_max;
  char first[640]; /* the first element outside its bound */
  struct polylift_audit_site *next;
} polylift_audit_site;

static polylift_audit_site *polylift_audit_sites;

static inline void polylift_audit_fail(const char *what) {
  fprintf(stderr, "polylift audit: %s\n", what);
  exit(97);
}

static inline int64_t polylift_audit_count(const polylift_audit_view *v) {
  int64_t count = 1;
  for (int d = 0; d < v->rank; ++d) count *= v->dims[d] > 0 ? v->dims[d] : 0;
  return count;
}

/* The element at row-major position `flat` of the view, and its subscripts. */
static inline unsigned char *polylift_audit_at(const polylift_audit_view *v, int64_t flat,
                                               int64_t *index) {
  int64_t offset = 0;
  for (int d = v->rank - 1; d >= 0; --d) {
    index[d] = flat % v->dims[d];
    flat /= v->dims[d];
    offset += index[d] * v->strides[d];
  }
  return (unsigned char *)v->data + offset * (int64_t)v->elem;
}

static inline size_t polylift_audit_bytes(const polylift_audit_view *views, int n) {
  size_t bytes = 0;
  for (int k = 0; k < n; ++k) bytes += (size_t)polylift_audit_count(&views[k]) * views[k].elem;
  return bytes;
}

/* A packed copy of every element of the views. */
static inline unsigned char *polylift_audit_save(const polylift_audit_view *views, int n) {
  unsigned char *copy = malloc(polylift_audit_bytes(views, n) + 1), *out = copy;
  int64_t index[POLYLIFT_AUDIT_MAX_RANK];
  if (!copy) polylift_audit_fail("cannot save a shim's outputs");
  for (int k = 0; k < n; ++k)
    for (int64_t i = 0; i < polylift_audit_count(&views[k]); ++i, out += views[k].elem)
      memcpy(out, polylift_audit_at(&views[k], i, index), views[k].elem);
  return copy;
}

static inline void polylift_audit_restore(const polylift_audit_view *views, int n,
                                          const unsigned char *copy) {
  int64_t index[POLYLIFT_AUDIT_MAX_RANK];
  for (int k = 0; k < n; ++k)
    for (int64_t i = 0; i < polylift_audit_count(&views[k]); ++i, copy += views[k].elem)
      memcpy(polylift_audit_at(&views[k], i, index), copy, views[k].elem);
}

/* Clear the sign bit of a float element (|x|; a NaN stays a NaN). */
static inline void polylift_audit_abs_element(unsigned char *p, size_t elem) {
  p[elem - 1] &= 0x7f; /* both targets are little-endian */
}

/* A packed copy of a float view, every element made positive (the magnitude run's input). */
static inline void *polylift_audit_abs_copy(const polylift_audit_view *v) {
  unsigned char *copy = polylift_audit_save(v, 1);
  for (int64_t i = 0; i < polylift_audit_count(v); ++i)
    polylift_audit_abs_element(copy + i * (int64_t)v->elem, v->elem);
  return copy;
}

static inline void polylift_audit_abs_views(const polylift_audit_view *views, int n) {
  int64_t index[POLYLIFT_AUDIT_MAX_RANK];
  for (int k = 0; k < n; ++k)
    for (int64_t i = 0; i < polylift_audit_count(&views[k]); ++i)
      polylift_audit_abs_element(polylift_audit_at(&views[k], i, index), views[k].elem);
}

static inline uint64_t polylift_audit_bits(const unsigned char *p, size_t elem) {
  uint64_t bits = 0;
  memcpy(&bits, p, elem); /* both targets are little-endian */
  return bits;
}

/* An integer element, sign- or zero-extended. */
static inline int64_t polylift_audit_integer(const unsigned char *p, size_t elem, char kind) {
  uint64_t bits = polylift_audit_bits(p, elem);
  int shift = 64 - 8 * (int)elem;
  if (shift == 0 || kind == 'u') return (int64_t)bits;
  return (int64_t)(bits << shift) >> shift;
}

static inline uint64_t polylift_audit_gap(int64_t a, int64_t b) {
  return a >= b ? (uint64_t)a - (uint64_t)b : (uint64_t)b - (uint64_t)a;
}

/* The distance between two elements: ULP for floats, the difference for integers. */
static inline uint64_t polylift_audit_distance(const unsigned char *a, const unsigned char *b,
                                               size_t elem, char kind) {
  if (kind != 'f')
    return polylift_audit_gap(polylift_audit_integer(a, elem, kind),
                              polylift_audit_integer(b, elem, kind));
  uint64_t sign = UINT64_C(1) << (8 * elem - 1);
  uint64_t inf = elem == 2 ? 0x7c00 : elem == 4 ? 0x7f800000 : UINT64_C(0x7ff0000000000000);
  uint64_t x = polylift_audit_bits(a, elem), y = polylift_audit_bits(b, elem);
  uint64_t mx = x & ~sign, my = y & ~sign;
  int nan_x = mx > inf, nan_y = my > inf;
  if (nan_x || nan_y) return nan_x && nan_y ? 0 : POLYLIFT_AUDIT_INFINITE;
  int64_t kx = (x & sign) ? -(int64_t)mx : (int64_t)mx;
  int64_t ky = (y & sign) ? -(int64_t)my : (int64_t)my;
  return polylift_audit_gap(kx, ky);
}

static inline double polylift_audit_real(const unsigned char *p, size_t elem) {
  if (elem == 8) {
    double x;
    memcpy(&x, p, 8);
    return x;
  }
  float x;
  memcpy(&x, p, 4);
  return x;
}

/* |ref - got| in ULPs of the magnitude `mag` (f32 and f64), rounded up; `dist` when that
 * is smaller or does not apply (a NaN or infinity, a zero magnitude). */
static inline uint64_t polylift_audit_relative(const unsigned char *ref, const unsigned char *got,
                                               const unsigned char *mag, size_t elem,
                                               uint64_t dist) {
  double a = polylift_audit_real(ref, elem), b = polylift_audit_real(got, elem);
  double m = polylift_audit_real(mag, elem);
  if (!isfinite(a) || !isfinite(b) || !isfinite(m) || m <= 0) return dist;
  int e;
  frexp(m, &e);
  double units = fabs(a - b) / ldexp(1.0, e - (elem == 8 ? 53 : 24));
  return units < (double)dist ? (uint64_t)ceil(units) : dist;
}

static inline void polylift_audit_value(char *out, size_t size, const unsigned char *p,
                                        const polylift_audit_view *v) {
  uint64_t bits = polylift_audit_bits(p, v->elem);
  if (v->kind != 'f')
    snprintf(out, size, "%lld", (long long)polylift_audit_integer(p, v->elem, v->kind));
  else if (v->elem == 8)
    snprintf(out, size, "%.17g (0x%016llx)", polylift_audit_real(p, 8), (unsigned long long)bits);
  else if (v->elem == 4)
    snprintf(out, size, "%.9g (0x%08llx)", polylift_audit_real(p, 4), (unsigned long long)bits);
  else
    snprintf(out, size, "0x%04llx", (unsigned long long)bits);
}

static inline void polylift_audit_note(polylift_audit_site *site, const polylift_audit_view *v,
                                       const int64_t *index, const unsigned char *ref,
                                       const unsigned char *got, uint64_t dist, uint64_t bound) {
  char where[128] = "", a[64], b[64], far[32];
  for (int d = 0; d < v->rank; ++d) {
    size_t used = strlen(where);
    snprintf(where + used, sizeof where - used, "%s%lld", d ? ", " : "", (long long)index[d]);
  }
  polylift_audit_value(a, sizeof a, ref, v);
  polylift_audit_value(b, sizeof b, got, v);
  if (dist == POLYLIFT_AUDIT_INFINITE)
    snprintf(far, sizeof far, "inf");
  else
    snprintf(far, sizeof far, "%llu", (unsigned long long)dist);
  snprintf(site->first, sizeof site->first,
           "call %lld, %s[%s]: ref %s, backend %s, %s ULP, bound %llu", site->calls, v->name,
           where, a, b, far, (unsigned long long)bound);
}

static inline void polylift_audit_write(void) {
  const char *path = getenv("POLYLIFT_AUDIT_OUT");
  FILE *out = path ? fopen(path, "w") : NULL;
  if (!out) return;
  for (polylift_audit_site *s = polylift_audit_sites; s; s = s->next) {
    fprintf(out, "launch %s calls %lld failed %lld max_ulp %llu bound %llu%s\n", s->symbol,
            s->calls, s->failed_calls, (unsigned long long)s->max_ulp,
            (unsigned long long)s->bound_at_max, s->backward ? " measure backward" : "");
    if (s->first[0]) fprintf(out, "first %s\n", s->first);
  }
  fclose(out);
}

/* The bound of one call: with exact inputs (POLYLIFT_AUDIT_EXACT=1) every sum is exact,
 * so only a template that divides or takes roots keeps its declared bound. */
static inline uint64_t polylift_audit_bound(const polylift_audit_site *site, double declared) {
  const char *exact = getenv("POLYLIFT_AUDIT_EXACT");
  if (exact && strcmp(exact, "1") == 0 && !site->inexact) return 0;
  return declared > 0 ? (uint64_t)declared : 0;
}

/* The part of a packed copy of `views` (polylift_audit_save) that holds view `k`. */
static inline void *polylift_audit_packed(const polylift_audit_view *views, int k,
                                          unsigned char *copy) {
  for (int v = 0; v < k; ++v) copy += polylift_audit_count(&views[v]) * (int64_t)views[v].elem;
  return copy;
}

static inline void polylift_audit_register(polylift_audit_site *site, uint64_t bound) {
  if (site->calls++ == 0) {
    if (!polylift_audit_sites) atexit(polylift_audit_write);
    site->next = polylift_audit_sites;
    polylift_audit_sites = site;
    site->bound_at_max = bound;
  }
}

/* A factorization's or a solve's call: the backend's result (`got`, as saved) passes when
 * it is bit for bit the ref's (in place), else when its backward error (`backward`, in
 * unit roundoffs, from the launch's measure) is within the bound. */
static inline void polylift_audit_check_backward(polylift_audit_site *site,
                                                 const polylift_audit_view *views, int n,
                                                 const unsigned char *got, double backward,
                                                 uint64_t bound) {
  int64_t index[POLYLIFT_AUDIT_MAX_RANK];
  polylift_audit_register(site, bound);
  site->backward = 1;
  int same = 1;
  for (int k = 0; k < n && same; ++k)
    for (int64_t i = 0; i < polylift_audit_count(&views[k]) && same; ++i, got += views[k].elem)
      same = memcmp(polylift_audit_at(&views[k], i, index), got, views[k].elem) == 0;
  uint64_t measure = same ? 0
                     : !(backward <= 1e18) ? POLYLIFT_AUDIT_INFINITE
                                           : (uint64_t)ceil(backward);
  if (measure > site->max_ulp) {
    site->max_ulp = measure;
    site->bound_at_max = bound;
  }
  if (measure > bound) {
    site->failed_calls++;
    if (!site->first[0])
      snprintf(site->first, sizeof site->first,
               "call %lld: the backend's result differs from ref's with a backward error of "
               "%.3g u, bound %llu", site->calls, backward, (unsigned long long)bound);
  }
}

/* Compare the ref results in place with the backend's (`got`, as saved) and record;
 * `mag` (or NULL) holds the magnitude of each element, packed like `got`. */
static inline void polylift_audit_check(polylift_audit_site *site, const polylift_audit_view *views,
                                        int n, const unsigned char *got, const unsigned char *mag,
                                        uint64_t bound) {
  int64_t index[POLYLIFT_AUDIT_MAX_RANK];
  int failed = 0;
  polylift_audit_register(site, bound);
  for (int k = 0; k < n; ++k) {
    const polylift_audit_view *v = &views[k];
    for (int64_t i = 0; i < polylift_audit_count(v); ++i, got += v->elem) {
      const unsigned char *ref = polylift_audit_at(v, i, index);
      uint64_t dist = polylift_audit_distance(ref, got, v->elem, v->kind);
      if (mag) {
        dist = polylift_audit_relative(ref, got, mag, v->elem, dist);
        mag += v->elem;
      }
      if (dist > site->max_ulp) {
        site->max_ulp = dist;
        site->bound_at_max = bound;
      }
      if (dist > bound && !failed) {
        failed = 1;
        if (!site->first[0]) polylift_audit_note(site, v, index, ref, got, dist, bound);
      }
    }
  }
  site->failed_calls += failed;
}
