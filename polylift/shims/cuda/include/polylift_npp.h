/*
 * polylift_npp.h: the npp shims' helpers: status checks that name the shim, the stream
 * context NPP's `_Ctx` functions take, and the 8-bit blends of templates/blend.tpl
 * composed from NPP primitives.
 *
 * Exactness: every primitive used is exact integer arithmetic on every input: min, max,
 * absolute difference, bitwise and/xor/not, shifts right, and additions and
 * multiplications with scale factor 0 whose sums never pass the type's maximum, or
 * whose saturation is the template's own min(., 255). No primitive is called with a
 * scale factor other than 0, so NPP's rounding of scaled results (to nearest) never
 * applies: C's truncating division by 255 or 2 is composed from shifts instead
 * (npp/blend.cu proves each composition).
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
