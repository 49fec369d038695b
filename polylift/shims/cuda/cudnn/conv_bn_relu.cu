// cudnn shim of launch `conv_bn_relu` (cnn.conv_bn_relu): y = relu(batchnorm(conv(x, w))).
// The normalisation is folded into the filter and a bias on the host, in double:
//   g[k] = scale[k] / sqrt(var[k] + eps),  w'[k,...] = w[k,...] g[k],
//   b'[k] = bias[k] - mean[k] g[k],
// then one fused conv + bias + ReLU. Folding reorders the arithmetic, which the
// template's ulp bound allows ("a backend may fold").

#include <cmath>
#include <vector>

#include "polylift_cudnn.h"
#include "polylift_shims.h"

using namespace polylift_cuda;

namespace {

struct Folded {
  std::vector<float> w, b;
};

Folded fold(const ConvShape &s, double eps, const float *w, const int64_t ldw[3],
            const float *scale, int64_t incs, const float *bias, int64_t incb,
            const float *mean, int64_t incm, const float *var, int64_t incv) {
  Folded f;
  f.w.resize(size_t(s.K * s.C * s.R * s.S));
  f.b.resize(size_t(s.K));
  size_t i = 0;
  for (int64_t k = 0; k < s.K; ++k) {
    const double g = double(scale[k * incs]) / std::sqrt(double(var[k * incv]) + eps);
    f.b[size_t(k)] = float(double(bias[k * incb]) - double(mean[k * incm]) * g);
    for (int64_t c = 0; c < s.C; ++c)
      for (int64_t r = 0; r < s.R; ++r)
        for (int64_t q = 0; q < s.S; ++q)
          f.w[i++] = float(double(w[k * ldw[0] + c * ldw[1] + r * ldw[2] + q]) * g);
  }
  return f;
}

const float *upload_scratch(Call &call, const std::vector<float> &host) {
  void *dev = call.scratch(host.size() * sizeof(float));
  check(cudaMemcpyAsync(dev, host.data(), host.size() * sizeof(float), cudaMemcpyHostToDevice,
                        call.stream()),
        "cudaMemcpyAsync (folded parameters)");
  return static_cast<const float *>(dev);
}

}  // namespace

extern "C" void polylift_cudnn_conv_bn_relu_f32(
    int64_t N, int64_t C, int64_t H, int64_t W, int64_t K, int64_t R, int64_t S, int64_t P,
    int64_t Q, float eps, const float *x, int64_t ldx0, int64_t ldx1, int64_t ldx2,
    const float *w, int64_t ldw0, int64_t ldw1, int64_t ldw2, const float *scale,
    int64_t incscale, const float *bias, int64_t incbias, const float *mean, int64_t incmean,
    const float *var, int64_t incvar, float *y, int64_t ldy0, int64_t ldy1, int64_t ldy2) {
  if (N <= 0 || K <= 0 || P <= 0 || Q <= 0) return;
  Call call("polylift_cudnn_conv_bn_relu_f32");
  const ConvShape s{N, C, H, W, K, R, S, P, Q};
  const int64_t ldx[3] = {ldx0, ldx1, ldx2}, ldw[3] = {ldw0, ldw1, ldw2},
                ldy[3] = {ldy0, ldy1, ldy2};
  ConvArgs a;
  map_conv(call, s, x, ldx, w, ldw, y, ldy, &a);
  // The folded copies replace w; the host arrays are read in place (never written).
  const Folded f = fold(s, double(eps), w, ldw, scale, incscale, bias, incbias, mean, incmean,
                        var, incvar);
  a.w = upload_scratch(call, f.w);
  a.bias = upload_scratch(call, f.b);
  conv_forward(call, s, a);
}
