/*
 * Helpers of the plain-C host stencil shims: when may the vectorised row loops run?
 *
 * The fast paths hand each output row to a function whose pointers are `restrict`, so gcc
 * vectorises it without run-time alias checks. That is only right when no element the
 * shim reads is also written, so a shim first compares the address spans of its inputs
 * and outputs; when they overlap, or a stride is negative, it runs the ref loops (compiled
 * into its unit), which compute the same template in the same order.
 */
#ifndef POLYLIFT_HOST_STENCIL_H
#define POLYLIFT_HOST_STENCIL_H

#include <stdint.h>

/* The byte span [lo, hi) an array may touch, from element `lo` to element `hi` (exclusive). */
typedef struct {
  uintptr_t lo, hi;
} polylift_span;

static inline polylift_span polylift_span_of(const void *base, int64_t lo, int64_t hi,
                                            int64_t esize)
{
  polylift_span s;
  s.lo = (uintptr_t)base + (uintptr_t)(lo * esize);
  s.hi = (uintptr_t)base + (uintptr_t)(hi * esize);
  return s;
}

/* Whether two spans share no byte. */
static inline int polylift_disjoint(polylift_span a, polylift_span b)
{
  return a.hi <= b.lo || b.hi <= a.lo;
}

/*
 * Runs `body` for j = 0 .. n-1 (a unit-stride row). gcc -O2's cost model vectorises only
 * a loop whose trip count is a multiple of the vector length, so the row is cut into
 * blocks of a fixed POLYLIFT_HOST_BLOCK elements (vectorised) and a scalar tail; every j
 * still runs `body` once, with the same operations.
 */
#define POLYLIFT_HOST_BLOCK 16
#define POLYLIFT_HOST_ROW_LOOP(j, n, ...)                                                     \
  do {                                                                                        \
    int64_t j##_blk = 0;                                                                      \
    for (; j##_blk + POLYLIFT_HOST_BLOCK <= (n); j##_blk += POLYLIFT_HOST_BLOCK)              \
      for (int64_t j##_t = 0; j##_t < POLYLIFT_HOST_BLOCK; j##_t++) {                         \
        int64_t j = j##_blk + j##_t;                                                          \
        __VA_ARGS__                                                                           \
      }                                                                                       \
    for (int64_t j = j##_blk; j < (n); j++) {                                                 \
      __VA_ARGS__                                                                             \
    }                                                                                         \
  } while (0)

#endif /* POLYLIFT_HOST_STENCIL_H */
