// cublaslt shim of launch `gemm_tt` (C = alpha A^T.B^T + beta C): cublasLtMatmul on row-major
// operands (polylift_cublaslt_gemm.h). beta == 0: C is not read.

#include "polylift_cublaslt_gemm.h"
#include "polylift_shims.h"

namespace {
using namespace polylift_cuda;

template <class T>
void gemm_tt(const char *shim, int64_t m, int64_t n, int64_t k, T alpha, const T *A,
          int64_t ldA, const T *B, int64_t ldB, T beta, T *C, int64_t ldC) {
  if (m <= 0 || n <= 0) return;
  Call call(shim);
  LtGemm g;
  g.trans_a = true;
  g.trans_b = true;
  g.m = m;
  g.n = n;
  g.k = k;
  lt_gemm<T>(call, g, alpha, A, ldA, B, ldB, beta, C, ldC);
}
}  // namespace

#define POLYLIFT_CUBLASLT_GEMM_TT(T, DT)                                                \
  extern "C" void polylift_cublaslt_gemm_tt_##DT(int64_t m, int64_t n, int64_t k, T alpha,    \
                                              const T *A, int64_t ldA, const T *B,            \
                                              int64_t ldB, T beta, T *C, int64_t ldC) {       \
    gemm_tt<T>("polylift_cublaslt_gemm_tt_" #DT, m, n, k, alpha, A, ldA, B, ldB, beta, C, ldC); \
  }

POLYLIFT_CUBLASLT_GEMM_TT(float, f32)
POLYLIFT_CUBLASLT_GEMM_TT(double, f64)
