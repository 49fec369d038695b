// cublas shim of launch `dot` (blas.dot): r[0] += sum_i x[i] * y[i]. cublas<t>dot sums
// in its own order (the template's ulp bound covers it); the result stays on the device
// and is added to r there, so r goes through the runtime like any output.

#include "polylift_cublas.h"
#include "polylift_cuda_kernels.h"
#include "polylift_shims.h"

namespace {
using namespace polylift_cuda;

template <class T>
void dot(const char *shim, int64_t n, const T *x, int64_t incx, const T *y, int64_t incy,
         T *r) {
  if (n <= 0) return;  // r += 0 leaves r's bits unchanged
  Call call(shim);
  Device dx = call.in(x, vec<T>(n, incx), Layout::Blas);
  Device dy = call.in(y, vec<T>(n, incy), Layout::Blas);
  Device dr = call.inout(r, vec<T>(1, 1));
  Device sum{call.scratch(sizeof(T)), vec<T>(1, 1)};
  cublasHandle_t h = cublas_handle(call);
  check(cublasSetPointerMode(h, CUBLAS_POINTER_MODE_DEVICE), "cublasSetPointerMode");
  check(Blas<T>::dot(h, n, dx.as<T>(), dx.ld(), dy.as<T>(), dy.ld(), sum.as<T>()),
        Blas<T>::dot_name);
  check(cublasSetPointerMode(h, CUBLAS_POINTER_MODE_HOST), "cublasSetPointerMode");
  elementwise<T>(call, dr, &sum, AxpyOp<T>{T(1)});  // r = r + 1 * sum = r + sum
}
}  // namespace

#define POLYLIFT_CUBLAS_DOT(T, DT)                                                            \
  extern "C" void polylift_cublas_dot_##DT(int64_t n, const T *x, int64_t incx, const T *y,   \
                                           int64_t incy, T *r) {                             \
    dot<T>("polylift_cublas_dot_" #DT, n, x, incx, y, incy, r);                               \
  }

POLYLIFT_CUBLAS_DOT(float, f32)
POLYLIFT_CUBLAS_DOT(double, f64)
