// cublas shim of launch `scal` (blas.scal): x[i] = alpha * x[i]. A device kernel rather
// than cublas<t>scal, which may store +0 for alpha == 0 where alpha * x gives -0 or NaN.

#include "polylift_cublas.h"
#include "polylift_cuda_kernels.h"
#include "polylift_shims.h"

namespace {
using namespace polylift_cuda;

template <class T> void scal(const char *shim, int64_t n, T alpha, T *x, int64_t incx) {
  if (n <= 0) return;
  Call call(shim);
  Device dx = call.inout(x, vec<T>(n, incx));
  elementwise<T>(call, dx, nullptr, ScaleOp<T>{alpha});
}
}  // namespace

#define POLYLIFT_CUBLAS_SCAL(T, DT)                                                           \
  extern "C" void polylift_cublas_scal_##DT(int64_t n, T alpha, T *x, int64_t incx) {         \
    scal<T>("polylift_cublas_scal_" #DT, n, alpha, x, incx);                                  \
  }

POLYLIFT_CUBLAS_SCAL(float, f32)
POLYLIFT_CUBLAS_SCAL(double, f64)
