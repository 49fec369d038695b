// cublas shim of launch `gemv_acc` (blas.gemv_acc): y += alpha * A.x, A row-major m x n.
// Row-major A is the column-major n x m matrix A^T, so y = alpha * (A^T)^T x + y: a
// transposed cublas<t>gemv with beta = 1.

#include "polylift_cublas.h"
#include "polylift_shims.h"

namespace {
using namespace polylift_cuda;

template <class T>
void gemv_acc(const char *shim, int64_t m, int64_t n, T alpha, const T *A, int64_t ldA,
              const T *x, int64_t incx, T *y, int64_t incy) {
  if (m <= 0 || n <= 0) return;  // nothing is added to y
  Call call(shim);
  Device dA = call.in(A, mat<T>(m, n, ldA), Layout::Blas);
  Device dx = call.in(x, vec<T>(n, incx), Layout::Blas);
  Device dy = call.inout(y, vec<T>(m, incy), Layout::Blas);
  const T one = 1;
  check(Blas<T>::gemv(cublas_handle(call), CUBLAS_OP_T, n, m, &alpha, dA.as<T>(), dA.ld(),
                      dx.as<T>(), dx.ld(), &one, dy.as<T>(), dy.ld()),
        Blas<T>::gemv_name);
}
}  // namespace

#define POLYLIFT_CUBLAS_GEMV_ACC(T, DT)                                                       \
  extern "C" void polylift_cublas_gemv_acc_##DT(int64_t m, int64_t n, T alpha, const T *A,    \
                                                int64_t ldA, const T *x, int64_t incx, T *y, \
                                                int64_t incy) {                              \
    gemv_acc<T>("polylift_cublas_gemv_acc_" #DT, m, n, alpha, A, ldA, x, incx, y, incy);      \
  }

POLYLIFT_CUBLAS_GEMV_ACC(float, f32)
POLYLIFT_CUBLAS_GEMV_ACC(double, f64)
