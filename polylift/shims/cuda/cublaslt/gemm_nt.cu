// cublaslt shim of launch `gemm_nt` (C = alpha A.B^T + beta C, B stored n x k): cublasLtMatmul on row-major
// operands (polylift_cublaslt_gemm.h). beta == 0: C is not read.

#include "polylift_cublaslt_gemm.h"
#include "polylift_shims.h"

namespace {
using namespace polylift_cuda;

template <class T>
void gemm_nt(const char *shim, int64_t m, int64_t n, int64_t k, T alpha, const T *A,
          int64_t ldA, const T *B, int64_t ldB, T beta, T *C, int64_t ldC) {
  if (m <= 0 || n <= 0) return;
  Call call(shim);
  LtGemm g;
  g.trans_a = false;
  g.trans_b = true;
  g.m = m;
  g.n = n;
  g.k = k;
  lt_gemm<T>(call, g, alpha, A, ldA, B, ldB, beta, C, ldC);
}
}  // namespace

#define POLYLIFT_CUBLASLT_GEMM_NT(T, DT)                                                \
  extern "C" void polylift_cublaslt_gemm_nt_##DT(int64_t m, int64_t n, int64_t k, T alpha,    \
                                              const T *A, int64_t ldA, const T *B,            \
                                              int64_t ldB, T beta, T *C, int64_t ldC) {       \
    gemm_nt<T>("polylift_cublaslt_gemm_nt_" #DT, m, n, k, alpha, A, ldA, B, ldB, beta, C, ldC); \
  }

POLYLIFT_CUBLASLT_GEMM_NT(float, f32)
POLYLIFT_CUBLASLT_GEMM_NT(double, f64)
