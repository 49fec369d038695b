// cublas shim of launch `gemm_batched_a` (blas.gemm_batched_a_*): C[b] = alpha A.B[b] +
// beta C[b], one A shared by every batch: a strided-batched gemm whose A stride is 0.

#include "polylift_cublas.h"
#include "polylift_shims.h"

namespace {
using namespace polylift_cuda;

template <class T>
void gemm_batched_a(const char *shim, int64_t nb, int64_t m, int64_t n, int64_t k, T alpha,
                    const T *A, int64_t ldA, const T *B, int64_t ldB0, int64_t ldB1, T beta,
                    T *C, int64_t ldC0, int64_t ldC1) {
  if (nb <= 0 || m <= 0 || n <= 0) return;
  Call call(shim);
  Device dA = call.in(A, mat<T>(m, k, ldA), Layout::Blas);
  Device dB = call.in(B, bat<T>(nb, k, n, ldB0, ldB1), Layout::Blas);
  Device dC = beta == T(0) ? call.out(C, bat<T>(nb, m, n, ldC0, ldC1), Layout::Blas)
                           : call.inout(C, bat<T>(nb, m, n, ldC0, ldC1), Layout::Blas);
  check(Blas<T>::gemm_batched(cublas_handle(call), CUBLAS_OP_N, CUBLAS_OP_N, n, m, k, &alpha,
                              dB.as<T>(), dB.ld(1), dB.ld(0), dA.as<T>(), dA.ld(0), 0, &beta,
                              dC.as<T>(), dC.ld(1), dC.ld(0), nb),
        Blas<T>::gemm_batched_name);
}
}  // namespace

#define POLYLIFT_CUBLAS_GEMM_BATCHED_A(T, DT)                                                 \
  extern "C" void polylift_cublas_gemm_batched_a_##DT(                                        \
      int64_t nb, int64_t m, int64_t n, int64_t k, T alpha, const T *A, int64_t ldA,           \
      const T *B, int64_t ldB0, int64_t ldB1, T beta, T *C, int64_t ldC0, int64_t ldC1) {     \
    gemm_batched_a<T>("polylift_cublas_gemm_batched_a_" #DT, nb, m, n, k, alpha, A, ldA, B,   \
                      ldB0, ldB1, beta, C, ldC0, ldC1);                                      \
  }

POLYLIFT_CUBLAS_GEMM_BATCHED_A(float, f32)
POLYLIFT_CUBLAS_GEMM_BATCHED_A(double, f64)
