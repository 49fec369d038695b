// cudnn shim of launch `conv2d` (cnn.conv2d): y = conv(x, w), NCHW, stride 1, no padding,
// through cudnnConvolutionForward (polylift_cudnn.h: FMA math, explicit algorithm).

#include "polylift_cudnn.h"
#include "polylift_shims.h"

using namespace polylift_cuda;

extern "C" void polylift_cudnn_conv2d_f32(int64_t N, int64_t C, int64_t H, int64_t W, int64_t K,
                                          int64_t R, int64_t S, int64_t P, int64_t Q,
                                          const float *x, int64_t ldx0, int64_t ldx1,
                                          int64_t ldx2, const float *w, int64_t ldw0,
                                          int64_t ldw1, int64_t ldw2, float *y, int64_t ldy0,
                                          int64_t ldy1, int64_t ldy2) {
  if (N <= 0 || K <= 0 || P <= 0 || Q <= 0) return;
  Call call("polylift_cudnn_conv2d_f32");
  const ConvShape s{N, C, H, W, K, R, S, P, Q};
  const int64_t ldx[3] = {ldx0, ldx1, ldx2}, ldw[3] = {ldw0, ldw1, ldw2},
                ldy[3] = {ldy0, ldy1, ldy2};
  ConvArgs a;
  map_conv(call, s, x, ldx, w, ldw, y, ldy, &a);
  conv_forward(call, s, a);
}
