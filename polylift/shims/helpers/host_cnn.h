/*
 * Helpers of the plain-C host CNN shims (f32, NCHW, stride-1 unpadded convolutions).
 *
 * A convolution output row (n, k, p, 0..Q-1) is its own accumulator: zeroed, then for
 * c, r, s ascending every output adds x[n,c,p+r,q+s] * w[k,c,r,s], in blocks of
 * POLYLIFT_HOST_BLOCK outputs that gcc vectorises. That is the ref order of each output's
 * sum (the ref loops of families/conv.j2), only interleaved across the row, so the result is bit-exact.
 * Filters go in pairs (one load of x, two sums). Each shim then applies its epilogue to
 * the row in place, with the ref expression per element.
 * Overlapping arrays or negative strides take the ref loops, as host_stencil.h says.
 */
#ifndef POLYLIFT_HOST_CNN_H
#define POLYLIFT_HOST_CNN_H

#include <stdint.h>

#include "host_stencil.h"

/* The span of a 4-D view with extents e0..e3 and strides l0, l1, l2, 1. */
static inline polylift_span polylift_host_span4(const void *base, int64_t e0, int64_t e1,
                                                int64_t e2, int64_t e3, int64_t l0,
                                                int64_t l1, int64_t l2)
{
  return polylift_span_of(base, 0, (e0 - 1) * l0 + (e1 - 1) * l1 + (e2 - 1) * l2 + e3,
                          (int64_t)sizeof(float));
}

/* Whether all three strides are non-negative (the fast paths' precondition). */
static inline int polylift_host_nonneg3(int64_t a, int64_t b, int64_t c)
{
  return a >= 0 && b >= 0 && c >= 0;
}

/*
 * Whether the vectorised convolution path may run: positive extents, non-negative
 * strides, and y (N x K x P x Q) sharing no byte with x (the P+R-1 x Q+S-1 window it
 * reads) or w. The shims check their other inputs against y themselves.
 */
static inline int polylift_host_conv_fast(int64_t N, int64_t C, int64_t K, int64_t R,
                                          int64_t S, int64_t P, int64_t Q, const float *x,
                                          int64_t ldx0, int64_t ldx1, int64_t ldx2,
                                          const float *w, int64_t ldw0, int64_t ldw1,
                                          int64_t ldw2, const float *y, int64_t ldy0,
                                          int64_t ldy1, int64_t ldy2)
{
  if (N <= 0 || C <= 0 || K <= 0 || R <= 0 || S <= 0 || P <= 0 || Q <= 0)
    return 0;
  if (!polylift_host_nonneg3(ldx0, ldx1, ldx2) || !polylift_host_nonneg3(ldw0, ldw1, ldw2)
      || !polylift_host_nonneg3(ldy0, ldy1, ldy2))
    return 0;
  polylift_span ys = polylift_host_span4(y, N, K, P, Q, ldy0, ldy1, ldy2);
  return polylift_disjoint(ys, polylift_host_span4(x, N, C, P + R - 1, Q + S - 1, ldx0, ldx1,
                                                   ldx2))
         && polylift_disjoint(ys, polylift_host_span4(w, K, C, R, S, ldw0, ldw1, ldw2));
}

/*
 * The raw sums of one output row: out[q] = sum over c, r, s of x[n,c,p+r,q+s]*w[k,c,r,s]
 * for q = 0..Q-1, where xp points at x[n,0,p,0] and wk at w[k,0,0,0]. The row (in L1)
 * is the accumulator: zeroed, then one vectorised pass per (c, r, s) in ref order.
 */
static inline void polylift_host_conv_row(int64_t Q, int64_t C, int64_t R, int64_t S,
                                          const float *restrict xp, int64_t ldx1,
                                          int64_t ldx2, const float *restrict wk,
                                          int64_t ldw1, int64_t ldw2, float *restrict out)
{
  POLYLIFT_HOST_ROW_LOOP(q, Q, { out[q] = 0.0f; });
  for (int64_t c = 0; c < C; c++)
    for (int64_t r = 0; r < R; r++) {
      const float *xr = xp + c * ldx1 + r * ldx2;
      const float *wr = wk + c * ldw1 + r * ldw2;
      for (int64_t s = 0; s < S; s++) {
        const float wv = wr[s];
        const float *xs = xr + s;
        POLYLIFT_HOST_ROW_LOOP(q, Q, { out[q] = out[q] + xs[q] * wv; });
      }
    }
}

/* Rows of the filters k0 and k1 at once: each load of x feeds both sums. */
static inline void polylift_host_conv_row_pair(int64_t Q, int64_t C, int64_t R, int64_t S,
                                               const float *restrict xp, int64_t ldx1,
                                               int64_t ldx2, const float *restrict wk0,
                                               const float *restrict wk1, int64_t ldw1,
                                               int64_t ldw2, float *restrict out0,
                                               float *restrict out1)
{
  POLYLIFT_HOST_ROW_LOOP(q, Q, {
    out0[q] = 0.0f;
    out1[q] = 0.0f;
  });
  for (int64_t c = 0; c < C; c++)
    for (int64_t r = 0; r < R; r++) {
      const float *xr = xp + c * ldx1 + r * ldx2;
      const float *w0 = wk0 + c * ldw1 + r * ldw2, *w1 = wk1 + c * ldw1 + r * ldw2;
      for (int64_t s = 0; s < S; s++) {
        const float wv0 = w0[s], wv1 = w1[s];
        const float *xs = xr + s;
        POLYLIFT_HOST_ROW_LOOP(q, Q, {
          out0[q] = out0[q] + xs[q] * wv0;
          out1[q] = out1[q] + xs[q] * wv1;
        });
      }
    }
}

/* An epilogue, applied in place to the finished row (n, k, p, 0..Q-1) of y. */
typedef void (*polylift_host_conv_epilogue)(const void *ctx, int64_t n, int64_t k, int64_t p,
                                            int64_t Q, float *row);

/*
 * The fast path of every convolution shim, once polylift_host_conv_fast and the shim's
 * own overlap checks passed: each row of y gets its raw sums, then `epilogue` (unless
 * NULL). Filters go in pairs when the rows of one image of y are disjoint (ldy2 >= Q and
 * ldy1 >= (P-1)*ldy2 + Q): then finishing row (k+1, p) before (k, p+1) writes no element
 * twice, so the changed order cannot be seen.
 */
static inline void polylift_host_conv_rows(int64_t N, int64_t C, int64_t K, int64_t R,
                                           int64_t S, int64_t P, int64_t Q, const float *x,
                                           int64_t ldx0, int64_t ldx1, int64_t ldx2,
                                           const float *w, int64_t ldw0, int64_t ldw1,
                                           int64_t ldw2, float *y, int64_t ldy0, int64_t ldy1,
                                           int64_t ldy2, polylift_host_conv_epilogue epilogue,
                                           const void *ctx)
{
  const int64_t step = ldy2 >= Q && ldy1 >= (P - 1) * ldy2 + Q ? 2 : 1;
  for (int64_t n = 0; n < N; n++)
    for (int64_t k = 0; k < K; k += step) {
      const int pair = step == 2 && k + 1 < K;
      for (int64_t p = 0; p < P; p++) {
        const float *xp = x + n * ldx0 + p * ldx2;
        float *yr = y + n * ldy0 + k * ldy1 + p * ldy2;
        if (pair)
          polylift_host_conv_row_pair(Q, C, R, S, xp, ldx1, ldx2, w + k * ldw0,
                                      w + (k + 1) * ldw0, ldw1, ldw2, yr, yr + ldy1);
        else
          polylift_host_conv_row(Q, C, R, S, xp, ldx1, ldx2, w + k * ldw0, ldw1, ldw2, yr);
        if (epilogue != 0) {
          epilogue(ctx, n, k, p, Q, yr);
          if (pair)
            epilogue(ctx, n, k + 1, p, Q, yr + ldy1);
        }
      }
    }
}

#endif /* POLYLIFT_HOST_CNN_H */
