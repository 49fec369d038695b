// cublas shim of launch `copy2d` (blas.copy2d): B[i,j] = A[i,j]. cuBLAS has no 2-D copy;
// the device copy moves bits unchanged.

#include "polylift_cublas.h"
#include "polylift_shims.h"

namespace {
using namespace polylift_cuda;

template <class T>
void copy2d(const char *shim, int64_t m, int64_t n, const T *A, int64_t ldA, T *B,
            int64_t ldB) {
  if (m <= 0 || n <= 0) return;
  Call call(shim);
  Device dA = call.in(A, mat<T>(m, n, ldA));
  Device dB = call.out(B, mat<T>(m, n, ldB));
  copy_view(call.stream(), dA.ptr, dA.view, dB.ptr, dB.view);
}
}  // namespace

#define POLYLIFT_CUBLAS_COPY2D(T, DT)                                                         \
  extern "C" void polylift_cublas_copy2d_##DT(int64_t m, int64_t n, const T *A, int64_t ldA,  \
                                              T *B, int64_t ldB) {                           \
    copy2d<T>("polylift_cublas_copy2d_" #DT, m, n, A, ldA, B, ldB);                           \
  }

POLYLIFT_CUBLAS_COPY2D(float, f32)
POLYLIFT_CUBLAS_COPY2D(double, f64)
