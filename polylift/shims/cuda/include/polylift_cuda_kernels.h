/*
 * polylift_cuda_kernels.h: element-wise device kernels of the cuda shims (fill, scale,
 * axpy, axpby over strided 1-D or 2-D views).
 *
 * They exist where cuBLAS has no routine (fill, axpby, 2-D forms) and where a vendor
 * routine could change bits the templates declare `exact`: a fused multiply-add in axpy,
 * or a scal that writes +0 for alpha == 0 where alpha * x gives -0. Every product and
 * sum is rounded on its own (the _rn intrinsics are never contracted), exactly as the
 * C reference computes it.
 */
#ifndef POLYLIFT_CUDA_KERNELS_H
#define POLYLIFT_CUDA_KERNELS_H

#include "polylift_cuda.h"

namespace polylift_cuda {

/* A 1-D view as one row, or a 2-D view (element strides, any sign). */
struct Strided2 {
  int64_t rows, cols, s0, s1;
};

inline Strided2 strided2(const View &v) {
  if (v.rank == 1) return Strided2{1, v.dims[0], 0, v.strides[0]};
  return Strided2{v.dims[0], v.dims[1], v.strides[0], v.strides[1]};
}

__device__ inline float mul_rn(float a, float b) { return __fmul_rn(a, b); }
__device__ inline double mul_rn(double a, double b) { return __dmul_rn(a, b); }
__device__ inline float add_rn(float a, float b) { return __fadd_rn(a, b); }
__device__ inline double add_rn(double a, double b) { return __dadd_rn(a, b); }

template <class T> struct FillOp {
  T value;
  __device__ void operator()(T &y, T) const { y = value; }
};
template <class T> struct ScaleOp {
  T alpha;
  __device__ void operator()(T &y, T) const { y = mul_rn(alpha, y); }
};
/* y = y + alpha * x */
template <class T> struct AxpyOp {
  T alpha;
  __device__ void operator()(T &y, T x) const { y = add_rn(y, mul_rn(alpha, x)); }
};
/* y = alpha * x + beta * y, or alpha * x when beta == 0 (y is not read) */
template <class T> struct AxpbyOp {
  T alpha, beta;
  __device__ void operator()(T &y, T x) const {
    y = beta == T(0) ? mul_rn(alpha, x) : add_rn(mul_rn(alpha, x), mul_rn(beta, y));
  }
};

template <class T, class Op>
__global__ void elementwise_kernel(Strided2 ys, T *y, Strided2 xs, const T *x, Op op) {
  const int64_t n = ys.rows * ys.cols;
  for (int64_t i = blockIdx.x * static_cast<int64_t>(blockDim.x) + threadIdx.x; i < n;
       i += static_cast<int64_t>(gridDim.x) * blockDim.x) {
    const int64_t r = i / ys.cols, c = i % ys.cols;
    const T xv = x ? x[r * xs.s0 + c * xs.s1] : T(0);
    op(y[r * ys.s0 + c * ys.s1], xv);
  }
}

/* y[i] = op(y[i], x[i]) over a view; x may be null (fill, scale). */
template <class T, class Op>
void elementwise(Call &call, const Device &y, const Device *x, Op op) {
  const Strided2 ys = strided2(y.view);
  const int64_t n = ys.rows * ys.cols;
  if (n == 0) return;
  const int threads = 256;
  int64_t blocks = (n + threads - 1) / threads;
  if (blocks > 65535) blocks = 65535;
  elementwise_kernel<T, Op><<<static_cast<unsigned>(blocks), threads, 0, call.stream()>>>(
      ys, y.as<T>(), x ? strided2(x->view) : ys, x ? x->as<T>() : nullptr, op);
  check(cudaGetLastError(), "launching an element-wise kernel");
}

}  // namespace polylift_cuda

#endif /* POLYLIFT_CUDA_KERNELS_H */
