// cublas shim of launch `gemm_tt` (C = alpha A^T.B^T + beta C), row-major, through
// rowmajor_gemm (polylift_cublas.h: operand swap, beta == 0 does not read C).

#include "polylift_cublas.h"
#include "polylift_shims.h"

namespace {
using namespace polylift_cuda;

template <class T>
void gemm_tt(const char *shim, int64_t m, int64_t n, int64_t k, T alpha, const T *A,
          int64_t ldA, const T *B, int64_t ldB, T beta, T *C, int64_t ldC) {
  if (m <= 0 || n <= 0) return;
  Call call(shim);
  rowmajor_gemm<T>(call, true, true, m, n, k, alpha, A, ldA, B, ldB, beta, C, ldC);
}
}  // namespace

#define POLYLIFT_CUBLAS_GEMM_TT(T, DT)                                                  \
  extern "C" void polylift_cublas_gemm_tt_##DT(int64_t m, int64_t n, int64_t k, T alpha,      \
                                            const T *A, int64_t ldA, const T *B, int64_t ldB, \
                                            T beta, T *C, int64_t ldC) {                     \
    gemm_tt<T>("polylift_cublas_gemm_tt_" #DT, m, n, k, alpha, A, ldA, B, ldB, beta, C, ldC);  \
  }

POLYLIFT_CUBLAS_GEMM_TT(float, f32)
POLYLIFT_CUBLAS_GEMM_TT(double, f64)
