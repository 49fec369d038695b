// cublas shim of launch `copy` (blas.copy): y[i] = x[i], with cublas<t>copy.

#include "polylift_cublas.h"
#include "polylift_shims.h"

namespace {
using namespace polylift_cuda;

template <class T>
void copy(const char *shim, int64_t n, const T *x, int64_t incx, T *y, int64_t incy) {
  if (n <= 0) return;
  Call call(shim);
  Device dx = call.in(x, vec<T>(n, incx), Layout::Blas);
  Device dy = call.out(y, vec<T>(n, incy), Layout::Blas);
  check(Blas<T>::copy(cublas_handle(call), n, dx.as<T>(), dx.ld(), dy.as<T>(), dy.ld()),
        Blas<T>::copy_name);
}
}  // namespace

#define POLYLIFT_CUBLAS_COPY(T, DT)                                                           \
  extern "C" void polylift_cublas_copy_##DT(int64_t n, const T *x, int64_t incx, T *y,        \
                                            int64_t incy) {                                  \
    copy<T>("polylift_cublas_copy_" #DT, n, x, incx, y, incy);                                \
  }

POLYLIFT_CUBLAS_COPY(float, f32)
POLYLIFT_CUBLAS_COPY(double, f64)
