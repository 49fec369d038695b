/*
 * Helpers of the plain-C host image shims (8- and 16-bit images: 3x3 filters, tables).
 *
 * A host filter computes each output row from three `restrict` input rows, so gcc
 * vectorises the interior without clamps (POLYLIFT_HOST_ROW_BLOCKS); a whole-image
 * (replicate) shim clamps the row subscripts once per row and computes its first and
 * last columns apart, with the clamped reads of the ref loops. Integer arithmetic is
 * exact, so any evaluation order gives ref's bits. The fast paths run only when no array
 * the shim reads shares a byte with one it writes (host_stencil.h's spans); otherwise the
 * ref loops do.
 */
#ifndef POLYLIFT_HOST_IMAGE_H
#define POLYLIFT_HOST_IMAGE_H

#include <stdint.h>

#include "host_stencil.h"

/*
 * The span of an h x w view with row stride ld >= 0 (h, w >= 1), widened by `halo`
 * pixels on every side (a region operator reads one pixel around its view).
 */
static inline polylift_span polylift_host_span2(const void *base, int64_t h, int64_t w,
                                                int64_t ld, int64_t halo, int64_t esize)
{
  return polylift_span_of(base, -halo * ld - halo, (h - 1 + halo) * ld + w + halo, esize);
}

/*
 * The row functions are built twice: for the target's baseline, and on x86-64 for AVX2
 * (twice as many lanes), chosen per call by the processor the program runs on. The AVX2
 * build is tuned for a core that has fast gathers: gcc's generic tuning emulates a
 * vector table lookup lane by lane, three times slower than the gather instruction here.
 */
#if defined(__x86_64__) && defined(__GNUC__)
#define POLYLIFT_HOST_AVX2 __attribute__((target("avx2,tune=haswell")))
#define POLYLIFT_HOST_HAS_AVX2() __builtin_cpu_supports("avx2")
#else
#define POLYLIFT_HOST_AVX2
#define POLYLIFT_HOST_HAS_AVX2() 0
#endif

#endif /* POLYLIFT_HOST_IMAGE_H */
