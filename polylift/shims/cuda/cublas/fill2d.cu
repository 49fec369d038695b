// cublas shim of launch `fill2d` (blas.fill2d): A[i,j] = alpha (a device kernel).

#include "polylift_cublas.h"
#include "polylift_cuda_kernels.h"
#include "polylift_shims.h"

namespace {
using namespace polylift_cuda;

template <class T> void fill2d(const char *shim, int64_t m, int64_t n, T alpha, T *A, int64_t ldA) {
  if (m <= 0 || n <= 0) return;
  Call call(shim);
  Device dA = call.out(A, mat<T>(m, n, ldA));
  elementwise<T>(call, dA, nullptr, FillOp<T>{alpha});
}
}  // namespace

#define POLYLIFT_CUBLAS_FILL2D(T, DT)                                                         \
  extern "C" void polylift_cublas_fill2d_##DT(int64_t m, int64_t n, T alpha, T *A,            \
                                              int64_t ldA) {                                 \
    fill2d<T>("polylift_cublas_fill2d_" #DT, m, n, alpha, A, ldA);                            \
  }

POLYLIFT_CUBLAS_FILL2D(float, f32)
POLYLIFT_CUBLAS_FILL2D(double, f64)
