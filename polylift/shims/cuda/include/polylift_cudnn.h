/*
 * polylift_cudnn.h: cuDNN helpers of the cudnn shims: status checks naming the shim, the
 * handle (created once), descriptors that free themselves, and the forward convolution
 * used by every conv launch (NCHW, stride 1, no padding, cross-correlation).
 *
 * Numerics: math type CUDNN_FMA_MATH (FMA kernels only: never TF32 or tensor-core
 * down-conversion), and an explicitly chosen forward algorithm (implicit precomputed
 * GEMM, else implicit GEMM); cuDNN's forward algorithms are deterministic, so the same
 * call gives the same bits every run.
 */
#ifndef POLYLIFT_CUDNN_H
#define POLYLIFT_CUDNN_H

#include <cudnn.h>

#include "polylift_cuda.h"

namespace polylift_cuda {

inline void check(cudnnStatus_t status, const char *what) {
  if (status == CUDNN_STATUS_SUCCESS) return;
  fail(what, cudnnGetErrorString(status));
}

cudnnHandle_t cudnn_handle(Call &call);

/* A packed NCHW float tensor descriptor. */
struct TensorDesc {
  cudnnTensorDescriptor_t d = nullptr;
  TensorDesc(int64_t n, int64_t c, int64_t h, int64_t w);
  ~TensorDesc() { cudnnDestroyTensorDescriptor(d); }
  TensorDesc(const TensorDesc &) = delete;
  TensorDesc &operator=(const TensorDesc &) = delete;
};

/* Extents of a convolution (the template's size symbols). */
struct ConvShape {
  int64_t N, C, H, W, K, R, S, P, Q;
  int64_t in_h() const { return P + R - 1; }  // input rows the outputs read
  int64_t in_w() const { return Q + S - 1; }
};

/* Device operands of a convolution, packed: x N x C x in_h x in_w, w K x C x R x S,
 * y N x K x P x Q, bias K (or null). */
struct ConvArgs {
  const float *x, *w, *bias;
  float *y;
};

/* Map x, w and y of a conv launch (packing strided views); checks the extents. */
void map_conv(Call &call, const ConvShape &s, const float *x, const int64_t ldx[3],
              const float *w, const int64_t ldw[3], float *y, const int64_t ldy[3],
              ConvArgs *out);

/* y = conv(x, w), or with bias: y = relu(conv(x, w) + bias) (fused, y is overwritten). */
void conv_forward(Call &call, const ConvShape &s, const ConvArgs &a);

/* y = y + z over packed NCHW tensors of the given extents (cudnnAddTensor, exact). */
void add_tensor(Call &call, int64_t n, int64_t c, int64_t h, int64_t w, const float *z,
                float *y);

}  // namespace polylift_cuda

#endif /* POLYLIFT_CUDNN_H */
