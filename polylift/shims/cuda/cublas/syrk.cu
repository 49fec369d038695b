// cublas shim of launch `syrk` (blas.syrk_acc): C = alpha A.A^T + beta C over the whole
// of C (both triangles, as the template defines it), A row-major n x k. cublas<t>syrk
// writes one triangle only, so this is a gemm: in column-major terms A is the k x n
// matrix A^T and C^T = alpha (A^T)^T A^T + beta C^T.

#include "polylift_cublas.h"
#include "polylift_shims.h"

namespace {
using namespace polylift_cuda;

template <class T>
void syrk(const char *shim, int64_t n, int64_t k, T alpha, const T *A, int64_t ldA, T beta,
          T *C, int64_t ldC) {
  if (n <= 0) return;
  Call call(shim);
  Device dA = call.in(A, mat<T>(n, k, ldA), Layout::Blas);
  Device dC = beta == T(0) ? call.out(C, mat<T>(n, n, ldC), Layout::Blas)
                           : call.inout(C, mat<T>(n, n, ldC), Layout::Blas);
  check(Blas<T>::gemm(cublas_handle(call), CUBLAS_OP_T, CUBLAS_OP_N, n, n, k, &alpha,
                      dA.as<T>(), dA.ld(), dA.as<T>(), dA.ld(), &beta, dC.as<T>(), dC.ld()),
        Blas<T>::gemm_name);
}
}  // namespace

#define POLYLIFT_CUBLAS_SYRK(T, DT)                                                           \
  extern "C" void polylift_cublas_syrk_##DT(int64_t n, int64_t k, T alpha, const T *A,        \
                                            int64_t ldA, T beta, T *C, int64_t ldC) {        \
    syrk<T>("polylift_cublas_syrk_" #DT, n, k, alpha, A, ldA, beta, C, ldC);                  \
  }

POLYLIFT_CUBLAS_SYRK(float, f32)
POLYLIFT_CUBLAS_SYRK(double, f64)
