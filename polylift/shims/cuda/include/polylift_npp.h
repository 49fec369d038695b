/*
 * polylift_npp.h: the npp shims' helpers: status checks that name the shim, the stream
 * context NPP's `_Ctx` functions take, and the 8-bit blends of templates/blend.tpl
 * composed from NPP primitives, and the table operators of templates/pva.tpl (LUT,
 * histogram and histogram equalisation of pixels read as unsigned).
 *
 * Exactness: every primitive used is exact integer arithmetic on every input: min, max,
 * absolute difference, bitwise and/xor/not, shifts right, and additions and
 * multiplications with scale factor 0 whose sums never pass the type's maximum, or
 * whose saturation is the template's own min(., 255). No primitive is called with a
 * scale factor other than 0, so NPP's rounding of scaled results (to nearest) never
 * applies: C's truncating division by 255 or 2 is composed from shifts instead
 * (npp/blend.cu proves each composition). A palette lookup copies table entries, and a
 * range histogram with levels 0, 1, 2, ... counts each pixel value in its own bin.
 */
#ifndef POLYLIFT_NPP_H
#define POLYLIFT_NPP_H

#include <nppcore.h>
#include <nppdefs.h>

#include "polylift_cuda.h"

namespace polylift_cuda {

/* Fails (see polylift_cuda.h) on an error and on a warning too: a warning means NPP did
 * something other than what was asked (e.g. a zero-sized ROI it skipped). */
void check(NppStatus status, const char *what);

/* The stream context of NPP's `_Ctx` functions: the device's properties (read once per
 * process) and the call's stream. */
NppStreamContext npp_context(Call &call);

/* The bytes a view of host memory spans, [lo, hi): n elements of `elem` bytes `inc`
 * apart, or a rows x cols matrix with leading dimension ld >= 0. */
struct ByteSpan {
  uintptr_t lo, hi;
  bool meets(const ByteSpan &o) const { return lo < o.hi && o.lo < hi; }
};
ByteSpan vector_span(const void *p, int64_t n, int64_t inc, size_t elem);
ByteSpan matrix_span(const void *p, int64_t rows, int64_t cols, int64_t ld, size_t elem);

/* Whether no two of `count` spans share a byte. */
bool npp_disjoint(const ByteSpan *spans, int count);

/* Device scratch holding a copy of `bytes` host bytes (the copy is ordered on the call's
 * stream; the host buffer may be reused when this returns). */
void *npp_upload(Call &call, const void *host, size_t bytes);
/* Copy `bytes` device bytes to the host, and wait for them. */
void npp_download(Call &call, const void *device, void *host, size_t bytes);

/* Whether NPP can address an h x w image with leading dimension ld: extents and the
 * byte step fit an int (NppiSize and NPP's steps are int), ld >= w. */
bool npp_image_fits(int64_t h, int64_t w, int64_t ld, size_t elem);

/* dst = table[src] on unsigned 8- or 16-bit device images (T = Npp8u or Npp16u) by NPP's
 * palette lookup over all bits of the pixel; the table holds 2^bits packed entries. */
template <class T>
void npp_lut(Call &call, int h, int w, const T *table, const T *src, int64_t ldsrc, T *dst,
             int64_t lddst);

/* The largest pixel of an unsigned device image (waits for the result). */
template <class T> T npp_max(Call &call, int h, int w, const T *src, int64_t ldsrc);

/* hist[k] = the number of pixels equal to k, for k < nbins (packed device array): NPP's
 * range histogram with levels 0, 1, ..., min(nbins, 2^bits); bins past 2^bits are 0. */
template <class T>
void npp_histogram(Call &call, int h, int w, const T *src, int64_t ldsrc, int64_t nbins,
                   Npp32s *hist);

/* The blends with an npp shim. */
enum class NppBlend { Multiply, Screen, Darken, Lighten, LinearBurn, LinearDodge, Subtract,
                      Difference, Average };

/* Whether an npp blend can run on the views: the output's bytes share none with an
 * input's (NPP's kernels are not specified for partly overlapping images; the shim
 * runs the template's loops instead). */
bool npp_blend_disjoint(int64_t n, const void *a, int64_t inca, const void *b, int64_t incb,
                        const void *o, int64_t inco);

/* o = blend(a, b) over n packed device pixels, on the call's stream. */
void npp_blend(Call &call, NppBlend blend, int64_t n, const Npp8u *a, const Npp8u *b, Npp8u *o);

}  // namespace polylift_cuda

#endif /* POLYLIFT_NPP_H */
