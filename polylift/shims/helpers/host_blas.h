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

#endif /* POLYLIFT_HOST_BLAS_H */
