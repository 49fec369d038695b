// cublaslt shim of launch `gemm_bias_relu` (cnn.gemm_bias_relu): C[i,j] = max(sum_k A[i,k]
// B[k,j] + bias[j], 0), a cublasLtMatmul with the RELU_BIAS epilogue (the row-major column
// index j is the column-major row the epilogue's bias follows). C is not read.

#include "polylift_cublaslt_gemm.h"
#include "polylift_shims.h"

namespace {
using namespace polylift_cuda;

template <class T>
void gemm_bias_relu(const char *shim, int64_t m, int64_t n, int64_t k, const T *A,
                    int64_t ldA, const T *B, int64_t ldB, const T *bias, int64_t incbias,
                    T *C, int64_t ldC) {
  if (m <= 0 || n <= 0) return;
  Call call(shim);
  LtGemm g;
  g.m = m;
  g.n = n;
  g.k = k;
  g.relu = true;
  g.bias = call.in(bias, vec<T>(n, incbias), Layout::Packed).ptr;
  lt_gemm<T>(call, g, T(1), A, ldA, B, ldB, T(0), C, ldC);
}
}  // namespace

extern "C" void polylift_cublaslt_gemm_bias_relu_f32(int64_t m, int64_t n, int64_t k,
                                                     const float *A, int64_t ldA,
                                                     const float *B, int64_t ldB,
                                                     const float *bias, int64_t incbias,
                                                     float *C, int64_t ldC) {
  gemm_bias_relu<float>("polylift_cublaslt_gemm_bias_relu_f32", m, n, k, A, ldA, B, ldB, bias,
                        incbias, C, ldC);
}
