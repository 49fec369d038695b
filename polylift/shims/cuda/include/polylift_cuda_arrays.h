/*
 * polylift_cuda_arrays.h: cuBLAS and cuDNN calls of the element-wise and reduction shims
 * (families/elementwise.j2, families/reduction.j2, and the cudnn fill and scal of
 * families/blas1.j2), typed for f32 and f64.
 *
 * Which library routine serves which template, and why its bits are the template's:
 *   - cublas<t>geam C = alpha A + beta B with alpha = 1 and beta = +1 or -1: the products
 *     by one are exact, so each element is the one rounded sum a + b or a + (-b) = a - b;
 *   - cublas<t>dgmm C = A diag(x): one rounded product per element;
 *   - cudnnOpTensor ADD and MUL with alpha1 = alpha2 = 1, beta = 0 (C is not read);
 *   - cudnnAddTensor C = alpha A + beta C with alpha = -1, beta = 1: c + (-a) = c - a;
 *   - cudnnSetTensor (a fill: the value's bits), cudnnScaleTensor (one product per element);
 *   - cudnnOpTensor MAX and MIN (alpha1 = alpha2 = 1): the larger or smaller of two
 *     numbers is one of them, so where neither is a NaN and they are not both zeros the
 *     result is C's `a > b ? a : b` (`<`); the shims run the template's loops on the host
 *     for inputs holding a NaN or a pair of zeros, where cuDNN documents no rule that is
 *     C's (families/elementwise.j2);
 *   - cudnnReduceTensor MAX, MIN, AMAX: an element (or its magnitude) of extremal value,
 *     folded with the start value by C's comparison on the host; a NaN or a zero result
 *     runs the ordered loop instead (families/reduction.j2);
 *   - cudnnReduceTensor ADD, NORM1, NORM2 and cublas<t>dot, <t>asum, <t>nrm2 sum in their
 *     own order: the reduction templates declare the bound that covers it.
 * Not used, and why: cudnnOpTensor SQRT (cuDNN does not document that its square root
 * is correctly rounded, nor a bound, and the template is `exact`); cudnnReduceTensor AVG
 * (a reordered sum that cancels moves a quotient by more than any bound in ULP of the
 * result: red.mean is ref only) and MUL (no product reduction template: a reordered
 * product is bounded only without intermediate overflow or underflow, which the audit
 * cannot see).
 * cuDNN tensors are described packed (the runtime packs strided views: Layout::Packed).
 */
#ifndef POLYLIFT_CUDA_ARRAYS_H
#define POLYLIFT_CUDA_ARRAYS_H

#include <cublas_v2.h>
#include <cudnn.h>

#include <cstdint>

#include "polylift_cublas.h"
#include "polylift_cudnn.h"

namespace polylift_cuda {

template <class T> struct DnnType;
template <> struct DnnType<float> {
  static constexpr cudnnDataType_t data = CUDNN_DATA_FLOAT;
};
template <> struct DnnType<double> {
  static constexpr cudnnDataType_t data = CUDNN_DATA_DOUBLE;
};

inline int dnn_extent(int64_t v) {
  if (v < 0 || v > INT32_MAX) fail("describing a tensor to cuDNN", "an extent exceeds INT_MAX");
  return int(v);
}

/* A packed rows x cols tensor of T (as 1 x 1 x rows x cols NCHW). */
template <class T> struct Tensor2 {
  cudnnTensorDescriptor_t d = nullptr;
  Tensor2(int64_t rows, int64_t cols) {
    check(cudnnCreateTensorDescriptor(&d), "cudnnCreateTensorDescriptor");
    check(cudnnSetTensor4dDescriptor(d, CUDNN_TENSOR_NCHW, DnnType<T>::data, 1, 1,
                                     dnn_extent(rows), dnn_extent(cols)),
          "cudnnSetTensor4dDescriptor");
  }
  ~Tensor2() { cudnnDestroyTensorDescriptor(d); }
  Tensor2(const Tensor2 &) = delete;
  Tensor2 &operator=(const Tensor2 &) = delete;
};

/* c = a (op) b elementwise over packed rows x cols tensors: op is ADD, MUL, MAX or MIN,
 * alpha1 = alpha2 = 1, beta = 0 (c is written without being read). NaN propagates. */
template <class T>
void op_tensor(Call &call, cudnnOpTensorOp_t op, int64_t rows, int64_t cols, const T *a,
               const T *b, T *c) {
  cudnnOpTensorDescriptor_t desc = nullptr;
  check(cudnnCreateOpTensorDescriptor(&desc), "cudnnCreateOpTensorDescriptor");
  check(cudnnSetOpTensorDescriptor(desc, op, DnnType<T>::data, CUDNN_PROPAGATE_NAN),
        "cudnnSetOpTensorDescriptor");
  Tensor2<T> t(rows, cols);
  const T one = 1, zero = 0;
  cudnnStatus_t status = cudnnOpTensor(cudnn_handle(call), desc, &one, t.d, a, &one, t.d, b,
                                       &zero, t.d, c);
  cudnnDestroyOpTensorDescriptor(desc);
  check(status, "cudnnOpTensor");
}

/* c = c - a over packed rows x cols tensors (cudnnAddTensor, alpha = -1, beta = 1). */
template <class T>
void sub_tensor(Call &call, int64_t rows, int64_t cols, const T *a, T *c) {
  Tensor2<T> t(rows, cols);
  const T minus_one = -1, one = 1;
  check(cudnnAddTensor(cudnn_handle(call), &minus_one, t.d, a, &one, t.d, c), "cudnnAddTensor");
}

/* Every element of a packed rows x cols tensor set to `value` (cudnnSetTensor). */
template <class T>
void set_tensor(Call &call, int64_t rows, int64_t cols, T *y, T value) {
  Tensor2<T> t(rows, cols);
  check(cudnnSetTensor(cudnn_handle(call), t.d, y, &value), "cudnnSetTensor");
}

/* y = alpha * y over a packed rows x cols tensor (cudnnScaleTensor). */
template <class T>
void scale_tensor(Call &call, int64_t rows, int64_t cols, T *y, T alpha) {
  Tensor2<T> t(rows, cols);
  check(cudnnScaleTensor(cudnn_handle(call), t.d, y, &alpha), "cudnnScaleTensor");
}

/* r = reduce(x) + beta * r over a packed vector of n elements (beta 0: r not read). */
template <class T>
void reduce_tensor(Call &call, cudnnReduceTensorOp_t op, int64_t n, const T *x, T beta,
                   T *r) {
  cudnnReduceTensorDescriptor_t desc = nullptr;
  check(cudnnCreateReduceTensorDescriptor(&desc), "cudnnCreateReduceTensorDescriptor");
  check(cudnnSetReduceTensorDescriptor(desc, op, DnnType<T>::data, CUDNN_PROPAGATE_NAN,
                                       CUDNN_REDUCE_TENSOR_NO_INDICES, CUDNN_32BIT_INDICES),
        "cudnnSetReduceTensorDescriptor");
  Tensor2<T> in(1, n), out(1, 1);
  size_t bytes = 0;
  cudnnHandle_t h = cudnn_handle(call);
  check(cudnnGetReductionWorkspaceSize(h, desc, in.d, out.d, &bytes),
        "cudnnGetReductionWorkspaceSize");
  void *work = bytes ? call.scratch(bytes) : nullptr;
  const T one = 1;
  cudnnStatus_t status = cudnnReduceTensor(h, desc, nullptr, 0, work, bytes, &one, in.d, x,
                                           &beta, out.d, r);
  cudnnDestroyReduceTensorDescriptor(desc);
  check(status, "cudnnReduceTensor");
}

/* The reduction of a packed vector of n elements (n >= 1), as a host value: reduced
 * into scratch memory and copied back (the call's stream is synchronised). */
template <class T>
T reduce_value(Call &call, cudnnReduceTensorOp_t op, int64_t n, const T *x) {
  T *scratch = static_cast<T *>(call.scratch(sizeof(T)));
  reduce_tensor<T>(call, op, n, x, T(0), scratch);
  T value;
  check(cudaMemcpyAsync(&value, scratch, sizeof(T), cudaMemcpyDeviceToHost, call.stream()),
        "copying a reduction's value to the host");
  check(cudaStreamSynchronize(call.stream()), "waiting for a reduction");
  return value;
}

/* One host value into one element of device memory (on the call's stream, before the
 * call copies its outputs back). */
template <class T> void put_value(Call &call, T *device, T value) {
  check(cudaMemcpyAsync(device, &value, sizeof(T), cudaMemcpyHostToDevice, call.stream()),
        "copying a value to the device");
  check(cudaStreamSynchronize(call.stream()), "waiting for a copy");
}

template <class T> struct ArrayBlas;
template <> struct ArrayBlas<float> {
  static cublasStatus_t geam(cublasHandle_t h, int64_t m, int64_t n, const float *alpha,
                             const float *A, int64_t lda, const float *beta, const float *B,
                             int64_t ldb, float *C, int64_t ldc) {
    return cublasSgeam_64(h, CUBLAS_OP_N, CUBLAS_OP_N, m, n, alpha, A, lda, beta, B, ldb, C, ldc);
  }
  static cublasStatus_t dgmm(cublasHandle_t h, int64_t m, int64_t n, const float *A,
                             int64_t lda, const float *x, int64_t incx, float *C, int64_t ldc) {
    return cublasSdgmm_64(h, CUBLAS_SIDE_RIGHT, m, n, A, lda, x, incx, C, ldc);
  }
  static cublasStatus_t asum(cublasHandle_t h, int64_t n, const float *x, int64_t incx,
                             float *r) {
    return cublasSasum_64(h, n, x, incx, r);
  }
  static cublasStatus_t nrm2(cublasHandle_t h, int64_t n, const float *x, int64_t incx,
                             float *r) {
    return cublasSnrm2_64(h, n, x, incx, r);
  }
  static cublasStatus_t iamax(cublasHandle_t h, int64_t n, const float *x, int64_t incx,
                              int64_t *r) {
    return cublasIsamax_64(h, n, x, incx, r);
  }
  static cublasStatus_t iamin(cublasHandle_t h, int64_t n, const float *x, int64_t incx,
                              int64_t *r) {
    return cublasIsamin_64(h, n, x, incx, r);
  }
};
template <> struct ArrayBlas<double> {
  static cublasStatus_t geam(cublasHandle_t h, int64_t m, int64_t n, const double *alpha,
                             const double *A, int64_t lda, const double *beta, const double *B,
                             int64_t ldb, double *C, int64_t ldc) {
    return cublasDgeam_64(h, CUBLAS_OP_N, CUBLAS_OP_N, m, n, alpha, A, lda, beta, B, ldb, C, ldc);
  }
  static cublasStatus_t dgmm(cublasHandle_t h, int64_t m, int64_t n, const double *A,
                             int64_t lda, const double *x, int64_t incx, double *C,
                             int64_t ldc) {
    return cublasDdgmm_64(h, CUBLAS_SIDE_RIGHT, m, n, A, lda, x, incx, C, ldc);
  }
  static cublasStatus_t asum(cublasHandle_t h, int64_t n, const double *x, int64_t incx,
                             double *r) {
    return cublasDasum_64(h, n, x, incx, r);
  }
  static cublasStatus_t nrm2(cublasHandle_t h, int64_t n, const double *x, int64_t incx,
                             double *r) {
    return cublasDnrm2_64(h, n, x, incx, r);
  }
  static cublasStatus_t iamax(cublasHandle_t h, int64_t n, const double *x, int64_t incx,
                              int64_t *r) {
    return cublasIdamax_64(h, n, x, incx, r);
  }
  static cublasStatus_t iamin(cublasHandle_t h, int64_t n, const double *x, int64_t incx,
                              int64_t *r) {
    return cublasIdamin_64(h, n, x, incx, r);
  }
};

}  // namespace polylift_cuda

#endif /* POLYLIFT_CUDA_ARRAYS_H */
