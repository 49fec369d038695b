// cublas shim of launch `scal2d` (blas.scal2d): A[i,j] = alpha * A[i,j] (a device kernel).

#include "polylift_cublas.h"
#include "polylift_cuda_kernels.h"
#include "polylift_shims.h"

namespace {
using namespace polylift_cuda;

template <class T> void scal2d(const char *shim, int64_t m, int64_t n, T alpha, T *A, int64_t ldA) {
  if (m <= 0 || n <= 0) return;
  Call call(shim);
  Device dA = call.inout(A, mat<T>(m, n, ldA));
  elementwise<T>(call, dA, nullptr, ScaleOp<T>{alpha});
}
}  // namespace

#define POLYLIFT_CUBLAS_SCAL2D(T, DT)                                                         \
  extern "C" void polylift_cublas_scal2d_##DT(int64_t m, int64_t n, T alpha, T *A,            \
                                              int64_t ldA) {                                 \
    scal2d<T>("polylift_cublas_scal2d_" #DT, m, n, alpha, A, ldA);                            \
  }

POLYLIFT_CUBLAS_SCAL2D(float, f32)
POLYLIFT_CUBLAS_SCAL2D(double, f64)
