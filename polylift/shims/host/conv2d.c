/*
 * host shim of launch `conv2d` (cnn.conv2d), per output point (n, k, p, q):
 *   y = 0, then for c, r, s ascending  y = y + x[n,c,p+r,q+s] * w[k,c,r,s].
 * Plain C, bit-exact with ref: host_cnn.h's row loop keeps each output's sum in ref
 * order. When y overlaps x or w, or a stride is negative, the ref loop.
 */
#include "polylift_shims.h"
#include "host_cnn.h"

void polylift_host_conv2d_f32(int64_t N, int64_t C, int64_t H, int64_t W, int64_t K, int64_t R,
                              int64_t S, int64_t P, int64_t Q, const float *x, int64_t ldx0,
                              int64_t ldx1, int64_t ldx2, const float *w, int64_t ldw0,
                              int64_t ldw1, int64_t ldw2, float *y, int64_t ldy0, int64_t ldy1,
                              int64_t ldy2)
{
  (void)H;
  (void)W;
  if (polylift_host_conv_fast(N, C, K, R, S, P, Q, x, ldx0, ldx1, ldx2, w, ldw0, ldw1, ldw2, y,
                              ldy0, ldy1, ldy2)) {
    polylift_host_conv_rows(N, C, K, R, S, P, Q, x, ldx0, ldx1, ldx2, w, ldw0, ldw1, ldw2, y,
                            ldy0, ldy1, ldy2, 0, 0);
    return;
  }
  for (int64_t n = 0; n < N; n++)
    for (int64_t k = 0; k < K; k++)
      for (int64_t p = 0; p < P; p++)
        for (int64_t q = 0; q < Q; q++)
          y[n * ldy0 + k * ldy1 + p * ldy2 + q] = polylift_host_conv_point(
              C, R, S, x + n * ldx0 + p * ldx2 + q, ldx1, ldx2, w + k * ldw0, ldw1, ldw2);
}
