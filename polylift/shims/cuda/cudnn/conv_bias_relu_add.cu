// cudnn shim of launch `conv_bias_relu_add` (cnn.conv_bias_relu_add): y = relu(conv(x, w)
// + b[k]) + z. cuDNN's fused form adds z before the activation, so the residual is a
// separate cudnnAddTensor after the fused conv + bias + ReLU (the template's order).

#include "polylift_cudnn.h"
#include "polylift_shims.h"

using namespace polylift_cuda;

extern "C" void polylift_cudnn_conv_bias_relu_add_f32(
    int64_t N, int64_t C, int64_t H, int64_t W, int64_t K, int64_t R, int64_t S, int64_t P,
    int64_t Q, const float *x, int64_t ldx0, int64_t ldx1, int64_t ldx2, const float *w,
    int64_t ldw0, int64_t ldw1, int64_t ldw2, const float *b, int64_t incb, const float *z,
    int64_t ldz0, int64_t ldz1, int64_t ldz2, float *y, int64_t ldy0, int64_t ldy1,
    int64_t ldy2) {
  if (N <= 0 || K <= 0 || P <= 0 || Q <= 0) return;
  Call call("polylift_cudnn_conv_bias_relu_add_f32");
  const ConvShape s{N, C, H, W, K, R, S, P, Q};
  const int64_t ldx[3] = {ldx0, ldx1, ldx2}, ldw[3] = {ldw0, ldw1, ldw2},
                ldy[3] = {ldy0, ldy1, ldy2};
  ConvArgs a;
  map_conv(call, s, x, ldx, w, ldw, y, ldy, &a);
  a.bias = call.in(b, vec<float>(K, incb), Layout::Packed).as<float>();
  const float *dz = call.in(z, ten<float>(N, K, P, Q, ldz0, ldz1, ldz2), Layout::Packed)
                        .as<float>();
  conv_forward(call, s, a);
  add_tensor(call, N, K, P, Q, dz, a.y);
}
