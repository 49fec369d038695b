// cublas shim of launch `gemv` (blas.gemv and its fixed-scalar forms): y = beta y +
// alpha A.x, A row-major m x n (the column-major n x m matrix A^T, hence the transposed
// cublas<t>gemv). beta == 0: y is not read, as in BLAS.

#include "polylift_cublas.h"
#include "polylift_shims.h"

namespace {
using namespace polylift_cuda;

template <class T>
void gemv(const char *shim, int64_t m, int64_t n, T alpha, const T *A, int64_t ldA,
          const T *x, int64_t incx, T beta, T *y, int64_t incy) {
  if (m <= 0) return;
  Call call(shim);
  Device dA = call.in(A, mat<T>(m, n, ldA), Layout::Blas);
  Device dx = call.in(x, vec<T>(n, incx), Layout::Blas);
  Device dy = beta == T(0) ? call.out(y, vec<T>(m, incy), Layout::Blas)
                           : call.inout(y, vec<T>(m, incy), Layout::Blas);
  check(Blas<T>::gemv(cublas_handle(call), CUBLAS_OP_T, n, m, &alpha, dA.as<T>(), dA.ld(),
                      dx.as<T>(), dx.ld(), &beta, dy.as<T>(), dy.ld()),
        Blas<T>::gemv_name);
}
}  // namespace

#define POLYLIFT_CUBLAS_GEMV(T, DT)                                                           \
  extern "C" void polylift_cublas_gemv_##DT(int64_t m, int64_t n, T alpha, const T *A,        \
                                            int64_t ldA, const T *x, int64_t incx, T beta,   \
                                            T *y, int64_t incy) {                            \
    gemv<T>("polylift_cublas_gemv_" #DT, m, n, alpha, A, ldA, x, incx, beta, y, incy);        \
  }

POLYLIFT_CUBLAS_GEMV(float, f32)
POLYLIFT_CUBLAS_GEMV(double, f64)
