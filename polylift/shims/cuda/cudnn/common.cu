// The cudnn backend's handle, descriptors and forward convolution (polylift_cudnn.h).

#include "polylift_cudnn.h"

namespace polylift_cuda {

namespace {

struct FilterDesc {
  cudnnFilterDescriptor_t d = nullptr;
  FilterDesc(int64_t k, int64_t c, int64_t r, int64_t s) {
    check(cudnnCreateFilterDescriptor(&d), "cudnnCreateFilterDescriptor");
    check(cudnnSetFilter4dDescriptor(d, CUDNN_DATA_FLOAT, CUDNN_TENSOR_NCHW, int(k), int(c),
                                     int(r), int(s)),
          "cudnnSetFilter4dDescriptor");
  }
  ~FilterDesc() { cudnnDestroyFilterDescriptor(d); }
};

struct ConvDesc {
  cudnnConvolutionDescriptor_t d = nullptr;
  ConvDesc() {
    check(cudnnCreateConvolutionDescriptor(&d), "cudnnCreateConvolutionDescriptor");
    check(cudnnSetConvolution2dDescriptor(d, 0, 0, 1, 1, 1, 1, CUDNN_CROSS_CORRELATION,
                                          CUDNN_DATA_FLOAT),
          "cudnnSetConvolution2dDescriptor");
    check(cudnnSetConvolutionMathType(d, CUDNN_FMA_MATH), "cudnnSetConvolutionMathType");
  }
  ~ConvDesc() { cudnnDestroyConvolutionDescriptor(d); }
};

struct ReluDesc {
  cudnnActivationDescriptor_t d = nullptr;
  ReluDesc() {
    check(cudnnCreateActivationDescriptor(&d), "cudnnCreateActivationDescriptor");
    // NaN is not propagated: relu(NaN) = 0, as the template's `v > 0 ? v : 0` gives.
    check(cudnnSetActivationDescriptor(d, CUDNN_ACTIVATION_RELU, CUDNN_NOT_PROPAGATE_NAN, 0.0),
          "cudnnSetActivationDescriptor");
  }
  ~ReluDesc() { cudnnDestroyActivationDescriptor(d); }
};

// cuDNN takes int extents; larger problems cannot be described to it.
void check_int(int64_t v) {
  if (v < 0 || v > INT32_MAX) fail("describing a tensor to cuDNN", "an extent exceeds INT_MAX");
}

}  // namespace

cudnnHandle_t cudnn_handle(Call &call) {
  // Created under the runtime lock (every Call holds it), so once per process.
  static cudnnHandle_t handle = nullptr;
  if (handle == nullptr) check(cudnnCreate(&handle), "cudnnCreate");
  check(cudnnSetStream(handle, call.stream()), "cudnnSetStream");
  return handle;
}

TensorDesc::TensorDesc(int64_t n, int64_t c, int64_t h, int64_t w) {
  for (int64_t v : {n, c, h, w}) check_int(v);
  check(cudnnCreateTensorDescriptor(&d), "cudnnCreateTensorDescriptor");
  check(cudnnSetTensor4dDescriptor(d, CUDNN_TENSOR_NCHW, CUDNN_DATA_FLOAT, int(n), int(c),
                                   int(h), int(w)),
        "cudnnSetTensor4dDescriptor");
}

void map_conv(Call &call, const ConvShape &s, const float *x, const int64_t ldx[3],
              const float *w, const int64_t ldw[3], float *y, const int64_t ldy[3],
              ConvArgs *out) {
  if (s.P < 0 || s.Q < 0 || s.R < 1 || s.S < 1 || s.H < s.in_h() || s.W < s.in_w())
    fail("checking the convolution extents", "need R, S >= 1, H >= P+R-1 and W >= Q+S-1");
  // Only the rows and columns the outputs read are passed to cuDNN.
  out->x = call.in(x, ten<float>(s.N, s.C, s.in_h(), s.in_w(), ldx[0], ldx[1], ldx[2]),
                   Layout::Packed).as<float>();
  out->w = call.in(w, ten<float>(s.K, s.C, s.R, s.S, ldw[0], ldw[1], ldw[2]),
                   Layout::Packed).as<float>();
  out->y = call.out(y, ten<float>(s.N, s.K, s.P, s.Q, ldy[0], ldy[1], ldy[2]),
                    Layout::Packed).as<float>();
  out->bias = nullptr;
}

void conv_forward(Call &call, const ConvShape &s, const ConvArgs &a) {
  cudnnHandle_t h = cudnn_handle(call);
  TensorDesc xd(s.N, s.C, s.in_h(), s.in_w()), yd(s.N, s.K, s.P, s.Q);
  check_int(s.R);
  check_int(s.S);
  FilterDesc wd(s.K, s.C, s.R, s.S);
  ConvDesc cd;
  cudnnConvolutionFwdAlgo_t algo = CUDNN_CONVOLUTION_FWD_ALGO_IMPLICIT_PRECOMP_GEMM;
  size_t ws_bytes = 0;
  if (cudnnGetConvolutionForwardWorkspaceSize(h, xd.d, wd.d, cd.d, yd.d, algo, &ws_bytes) !=
      CUDNN_STATUS_SUCCESS) {
    algo = CUDNN_CONVOLUTION_FWD_ALGO_IMPLICIT_GEMM;
    check(cudnnGetConvolutionForwardWorkspaceSize(h, xd.d, wd.d, cd.d, yd.d, algo, &ws_bytes),
          "cudnnGetConvolutionForwardWorkspaceSize");
  }
  void *ws = ws_bytes ? call.scratch(ws_bytes) : nullptr;
  const float one = 1.0f, zero = 0.0f;
  if (a.bias == nullptr) {
    check(cudnnConvolutionForward(h, &one, xd.d, a.x, wd.d, a.w, cd.d, algo, ws, ws_bytes, &zero,
                                  yd.d, a.y),
          "cudnnConvolutionForward");
    return;
  }
  // z is y with alpha2 = 0; y is zeroed first so that no stale NaN can reach 0 * z.
  check(cudaMemsetAsync(a.y, 0, size_t(s.N * s.K * s.P * s.Q) * sizeof(float), call.stream()),
        "cudaMemsetAsync");
  TensorDesc bd(1, s.K, 1, 1);
  ReluDesc relu;
  check(cudnnConvolutionBiasActivationForward(h, &one, xd.d, a.x, wd.d, a.w, cd.d, algo, ws,
                                              ws_bytes, &zero, yd.d, a.y, bd.d, a.bias, relu.d,
                                              yd.d, a.y),
        "cudnnConvolutionBiasActivationForward");
}

void add_tensor(Call &call, int64_t n, int64_t c, int64_t h, int64_t w, const float *z,
                float *y) {
  TensorDesc d(n, c, h, w);
  const float one = 1.0f;
  check(cudnnAddTensor(cudnn_handle(call), &one, d.d, z, &one, d.d, y), "cudnnAddTensor");
}

}  // namespace polylift_cuda
