/*
 * Helpers of the host shims: when may a view be handed to CBLAS?
 *
 * CBLAS takes `int` sizes and strides, wants a row-major leading dimension of at least
 * max(1, columns), and reads a vector with a negative increment from its far end, which
 * is not the shim ABI (element i is at p[i * inc]). When a view does not fit, the shim
 * runs the template's own loops instead (the ref shim's, generated into its unit).
 */
#ifndef POLYLIFT_HOST_BLAS_H
#define POLYLIFT_HOST_BLAS_H

#include <cblas.h>
#include <limits.h>
#include <stddef.h>
#include <stdint.h>

/* Whether a size fits CBLAS's int. */
static inline int polylift_blas_size(int64_t n)
{
  return n >= 0 && n <= INT_MAX;
}

/* A leading dimension CBLAS accepts for a rows x cols view, or 0 when there is none. */
static inline int polylift_blas_ld(int64_t ld, int64_t rows, int64_t cols)
{
  int64_t need = cols > 1 ? cols : 1;
  if (rows <= 1)
    ld = need; /* never used to step between rows */
  return ld >= need && ld <= INT_MAX ? (int)ld : 0;
}

/* An increment CBLAS reads the same way as the shim ABI, or 0 when there is none. */
static inline int polylift_blas_inc(int64_t inc, int64_t n)
{
  if (n <= 1)
    return 1; /* never used to step */
  return inc > 0 && inc <= INT_MAX ? (int)inc : 0;
}

/*
 * Whether a block move (memmove) of n unit-stride elements from x to y gives the bits of
 * the template's forward copy, element 0 first. It does unless y starts inside x after
 * x's start: then the forward copy reads elements it has already overwritten (and
 * repeats them), where the block move copies x as it was. When y is at or before x, each
 * element the forward copy overwrites in x it has read already.
 */
static inline int polylift_forward_move(const void *y, const void *x, int64_t n, size_t esize)
{
  uintptr_t to = (uintptr_t)y, from = (uintptr_t)x;
  return to <= from || to - from >= (uintptr_t)n * esize;
}

#endif /* POLYLIFT_HOST_BLAS_H */
