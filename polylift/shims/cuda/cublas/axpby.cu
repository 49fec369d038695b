// cublas shim of launch `axpby` (blas.axpby): y[i] = alpha * x[i] + beta * y[i] (y not
// read when beta == 0). cuBLAS has no axpby; a device kernel with separate roundings.

#include "polylift_cublas.h"
#include "polylift_cuda_kernels.h"
#include "polylift_shims.h"

namespace {
using namespace polylift_cuda;

template <class T>
void axpby(const char *shim, int64_t n, T alpha, const T *x, int64_t incx, T beta, T *y,
           int64_t incy) {
  if (n <= 0) return;
  Call call(shim);
  Device dx = call.in(x, vec<T>(n, incx));
  Device dy = beta == T(0) ? call.out(y, vec<T>(n, incy)) : call.inout(y, vec<T>(n, incy));
  elementwise<T>(call, dy, &dx, AxpbyOp<T>{alpha, beta});
}
}  // namespace

#define POLYLIFT_CUBLAS_AXPBY(T, DT)                                                          \
  extern "C" void polylift_cublas_axpby_##DT(int64_t n, T alpha, const T *x, int64_t incx,    \
                                             T beta, T *y, int64_t incy) {                   \
    axpby<T>("polylift_cublas_axpby_" #DT, n, alpha, x, incx, beta, y, incy);                 \
  }

POLYLIFT_CUBLAS_AXPBY(float, f32)
POLYLIFT_CUBLAS_AXPBY(double, f64)
