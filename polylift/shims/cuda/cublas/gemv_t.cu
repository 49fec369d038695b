// cublas shim of launch `gemv_t` (blas.gemv_t and its fixed-scalar forms): y = beta y +
// alpha A^T.x, A row-major m x n, i.e. the column-major n x m matrix A^T: a plain
// cublas<t>gemv. beta == 0: y is not read, as in BLAS.

#include "polylift_cublas.h"
#include "polylift_shims.h"

namespace {
using namespace polylift_cuda;

template <class T>
void gemv_t(const char *shim, int64_t m, int64_t n, T alpha, const T *A, int64_t ldA,
            const T *x, int64_t incx, T beta, T *y, int64_t incy) {
  if (n <= 0) return;
  Call call(shim);
  Device dA = call.in(A, mat<T>(m, n, ldA), Layout::Blas);
  Device dx = call.in(x, vec<T>(m, incx), Layout::Blas);
  Device dy = beta == T(0) ? call.out(y, vec<T>(n, incy), Layout::Blas)
                           : call.inout(y, vec<T>(n, incy), Layout::Blas);
  check(Blas<T>::gemv(cublas_handle(call), CUBLAS_OP_N, n, m, &alpha, dA.as<T>(), dA.ld(),
                      dx.as<T>(), dx.ld(), &beta, dy.as<T>(), dy.ld()),
        Blas<T>::gemv_name);
}
}  // namespace

#define POLYLIFT_CUBLAS_GEMV_T(T, DT)                                                         \
  extern "C" void polylift_cublas_gemv_t_##DT(int64_t m, int64_t n, T alpha, const T *A,      \
                                              int64_t ldA, const T *x, int64_t incx, T beta, \
                                              T *y, int64_t incy) {                          \
    gemv_t<T>("polylift_cublas_gemv_t_" #DT, m, n, alpha, A, ldA, x, incx, beta, y, incy);    \
  }

POLYLIFT_CUBLAS_GEMV_T(float, f32)
POLYLIFT_CUBLAS_GEMV_T(double, f64)
