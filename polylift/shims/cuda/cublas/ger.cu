// cublas shim of launch `ger` (blas.ger, blas.ger1): A += alpha x.y^T, A row-major m x n,
// i.e. the column-major n x m matrix A^T, which gets alpha y.x^T: cublas<t>ger with the
// vectors swapped. cuBLAS may fuse the multiply-add (the template's bound allows it).

#include "polylift_cublas.h"
#include "polylift_shims.h"

namespace {
using namespace polylift_cuda;

template <class T>
void ger(const char *shim, int64_t m, int64_t n, T alpha, const T *x, int64_t incx,
         const T *y, int64_t incy, T *A, int64_t ldA) {
  if (m <= 0 || n <= 0) return;
  Call call(shim);
  Device dx = call.in(x, vec<T>(m, incx), Layout::Blas);
  Device dy = call.in(y, vec<T>(n, incy), Layout::Blas);
  Device dA = call.inout(A, mat<T>(m, n, ldA), Layout::Blas);
  check(Blas<T>::ger(cublas_handle(call), n, m, &alpha, dy.as<T>(), dy.ld(), dx.as<T>(),
                     dx.ld(), dA.as<T>(), dA.ld()),
        Blas<T>::ger_name);
}
}  // namespace

#define POLYLIFT_CUBLAS_GER(T, DT)                                                            \
  extern "C" void polylift_cublas_ger_##DT(int64_t m, int64_t n, T alpha, const T *x,         \
                                           int64_t incx, const T *y, int64_t incy, T *A,     \
                                           int64_t ldA) {                                    \
    ger<T>("polylift_cublas_ger_" #DT, m, n, alpha, x, incx, y, incy, A, ldA);                \
  }

POLYLIFT_CUBLAS_GER(float, f32)
POLYLIFT_CUBLAS_GER(double, f64)
