// cublas shim of launch `fill` (blas.fill): x[i] = alpha (a device kernel: cuBLAS has no
// fill). The output is not uploaded: every element is written.

#include "polylift_cublas.h"
#include "polylift_cuda_kernels.h"
#include "polylift_shims.h"

namespace {
using namespace polylift_cuda;

template <class T> void fill(const char *shim, int64_t n, T alpha, T *x, int64_t incx) {
  if (n <= 0) return;
  Call call(shim);
  Device dx = call.out(x, vec<T>(n, incx));
  elementwise<T>(call, dx, nullptr, FillOp<T>{alpha});
}
}  // namespace

#define POLYLIFT_CUBLAS_FILL(T, DT)                                                           \
  extern "C" void polylift_cublas_fill_##DT(int64_t n, T alpha, T *x, int64_t incx) {         \
    fill<T>("polylift_cublas_fill_" #DT, n, alpha, x, incx);                                  \
  }

POLYLIFT_CUBLAS_FILL(float, f32)
POLYLIFT_CUBLAS_FILL(double, f64)
