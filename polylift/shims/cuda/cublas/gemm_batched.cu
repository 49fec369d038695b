// cublas shim of launch `gemm_batched` (blas.gemm_batched and its fixed-scalar forms):
// C[b] = alpha A[b].B[b] + beta C[b] for every batch b, row-major matrices with batch
// strides ldX0 and row strides ldX1: cublas<t>gemmStridedBatched with the operands
// swapped (C^T = B^T A^T). beta == 0: C is not read.

#include "polylift_cublas.h"
#include "polylift_shims.h"

namespace {
using namespace polylift_cuda;

template <class T>
void gemm_batched(const char *shim, int64_t nb, int64_t m, int64_t n, int64_t k, T alpha,
                  const T *A, int64_t ldA0, int64_t ldA1, const T *B, int64_t ldB0,
                  int64_t ldB1, T beta, T *C, int64_t ldC0, int64_t ldC1) {
  if (nb <= 0 || m <= 0 || n <= 0) return;
  Call call(shim);
  Device dA = call.in(A, bat<T>(nb, m, k, ldA0, ldA1), Layout::Blas);
  Device dB = call.in(B, bat<T>(nb, k, n, ldB0, ldB1), Layout::Blas);
  Device dC = beta == T(0) ? call.out(C, bat<T>(nb, m, n, ldC0, ldC1), Layout::Blas)
                           : call.inout(C, bat<T>(nb, m, n, ldC0, ldC1), Layout::Blas);
  check(Blas<T>::gemm_batched(cublas_handle(call), CUBLAS_OP_N, CUBLAS_OP_N, n, m, k, &alpha,
                              dB.as<T>(), dB.ld(1), dB.ld(0), dA.as<T>(), dA.ld(1), dA.ld(0),
                              &beta, dC.as<T>(), dC.ld(1), dC.ld(0), nb),
        Blas<T>::gemm_batched_name);
}
}  // namespace

#define POLYLIFT_CUBLAS_GEMM_BATCHED(T, DT)                                                   \
  extern "C" void polylift_cublas_gemm_batched_##DT(                                          \
      int64_t nb, int64_t m, int64_t n, int64_t k, T alpha, const T *A, int64_t ldA0,          \
      int64_t ldA1, const T *B, int64_t ldB0, int64_t ldB1, T beta, T *C, int64_t ldC0,       \
      int64_t ldC1) {                                                                        \
    gemm_batched<T>("polylift_cublas_gemm_batched_" #DT, nb, m, n, k, alpha, A, ldA0, ldA1,   \
                    B, ldB0, ldB1, beta, C, ldC0, ldC1);                                     \
  }

POLYLIFT_CUBLAS_GEMM_BATCHED(float, f32)
POLYLIFT_CUBLAS_GEMM_BATCHED(double, f64)
