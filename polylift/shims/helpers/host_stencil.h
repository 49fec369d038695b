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

/* The span of a vector of n >= 1 elements with increment inc >= 0. */
static inline polylift_span polylift_host_span_vec(const void *base, int64_t n, int64_t inc,
                                                   int64_t esize)
{
  return polylift_span_of(base, 0, (n - 1) * inc + 1, esize);
}

/* Whether no two of the n spans share a byte (the outputs among themselves and with the
 * inputs: a shim that computes in another order than ref may not let them alias). */
static inline int polylift_host_all_disjoint(const polylift_span *spans, int n)
{
  for (int a = 0; a < n; a++)
    for (int b = a + 1; b < n; b++)
      if (!polylift_disjoint(spans[a], spans[b]))
        return 0;
  return 1;
}

/*
 * Runs `body` for j = 0 .. n-1 (a unit-stride row). gcc -O2's cost model vectorises only
 * a loop whose trip count is a multiple of the vector length, so the row is cut into
 * blocks of a fixed POLYLIFT_HOST_BLOCK elements (vectorised) and a scalar tail; every j
 * still runs `body` once, with the same operations. POLYLIFT_HOST_ROW_BLOCKS takes the
 * block length: 8-bit pixels fill a 32-byte vector only in blocks of 32.
 */
#define POLYLIFT_HOST_BLOCK 16
#define POLYLIFT_HOST_ROW_LOOP(j, n, ...)                                                     \
  POLYLIFT_HOST_ROW_BLOCKS(j, n, POLYLIFT_HOST_BLOCK, __VA_ARGS__)
#define POLYLIFT_HOST_ROW_BLOCKS(j, n, block, ...)                                            \
  do {                                                                                        \
    int64_t j##_blk = 0;                                                                      \
    for (; j##_blk + (block) <= (n); j##_blk += (block))                                      \
      for (int64_t j##_t = 0; j##_t < (block); j##_t++) {                                     \
        int64_t j = j##_blk + j##_t;                                                          \
        __VA_ARGS__                                                                           \
      }                                                                                       \
    for (int64_t j = j##_blk; j < (n); j++) {                                                 \
      __VA_ARGS__                                                                             \
    }                                                                                         \
  } while (0)

#endif /* POLYLIFT_HOST_STENCIL_H */
