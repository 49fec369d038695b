// cublas shim of launch `axpy` (blas.axpy): y[i] = y[i] + alpha * x[i]. A device kernel
// that rounds the product and the sum separately: cublas<t>axpy may fuse them into one
// FMA, which changes bits of a template declared `exact`.

#include "polylift_cublas.h"
#include "polylift_cuda_kernels.h"
#include "polylift_shims.h"

namespace {
using namespace polylift_cuda;

template <class T>
void axpy(const char *shim, int64_t n, T alpha, const T *x, int64_t incx, T *y, int64_t incy) {
  if (n <= 0) return;
  Call call(shim);
  Device dx = call.in(x, vec<T>(n, incx));
  Device dy = call.inout(y, vec<T>(n, incy));
  elementwise<T>(call, dy, &dx, AxpyOp<T>{alpha});
}
}  // namespace

#define POLYLIFT_CUBLAS_AXPY(T, DT)                                                           \
  extern "C" void polylift_cublas_axpy_##DT(int64_t n, T alpha, const T *x, int64_t incx,     \
                                            T *y, int64_t incy) {                            \
    axpy<T>("polylift_cublas_axpy_" #DT, n, alpha, x, incx, y, incy);                         \
  }

POLYLIFT_CUBLAS_AXPY(float, f32)
POLYLIFT_CUBLAS_AXPY(double, f64)
