/*
 * ref shim of launch `conv2d` (cnn.conv2d), per output point (n, k, p, q):
 *   y = 0, then for c, r, s ascending  y = y + x[n,c,p+r,q+s] * w[k,c,r,s].
 * H and W (the input view's extents) do not change the result.
 */
#include "polylift_shims.h"
#include "cnn_conv.h"

void polylift_ref_conv2d_f32(int64_t N, int64_t C, int64_t H, int64_t W, int64_t K, int64_t R, int64_t S, int64_t P, int64_t Q,
                             const float *x, int64_t ldx0, int64_t ldx1, int64_t ldx2, const float *w, int64_t ldw0, int64_t ldw1, int64_t ldw2,
                             float *y, int64_t ldy0, int64_t ldy1, int64_t ldy2)
{
  (void)H;
  (void)W;
  for (int64_t n = 0; n < N; n++)
    for (int64_t k = 0; k < K; k++)
      for (int64_t p = 0; p < P; p++)
        for (int64_t q = 0; q < Q; q++) {
          float acc = polylift_ref_conv_point(x, ldx0, ldx1, ldx2, w, ldw0, ldw1, ldw2, C, R, S,
                                              n, k, p, q);
          y[n * ldy0 + k * ldy1 + p * ldy2 + q] = acc;
        }
}
