// cublas shim of launch `ger2` (blas.ger2): A[i,j] = A[i,j] + u1[i] v1[j] + u2[i] v2[j].
// cuBLAS has no rank-2 update of a general matrix; this device kernel evaluates the
// template's order with every operation rounded on its own, so it matches `ref` exactly.

#include "polylift_cublas.h"
#include "polylift_cuda_kernels.h"
#include "polylift_shims.h"

namespace {
using namespace polylift_cuda;

struct Vec {
  const void *p;
  int64_t inc;
};

template <class T>
__global__ void ger2_kernel(Strided2 a, T *A, Vec u1, Vec v1, Vec u2, Vec v2) {
  const int64_t n = a.rows * a.cols;
  for (int64_t t = blockIdx.x * static_cast<int64_t>(blockDim.x) + threadIdx.x; t < n;
       t += static_cast<int64_t>(gridDim.x) * blockDim.x) {
    const int64_t i = t / a.cols, j = t % a.cols;
    const T p1 = mul_rn(static_cast<const T *>(u1.p)[i * u1.inc],
                        static_cast<const T *>(v1.p)[j * v1.inc]);
    const T p2 = mul_rn(static_cast<const T *>(u2.p)[i * u2.inc],
                        static_cast<const T *>(v2.p)[j * v2.inc]);
    T &cell = A[i * a.s0 + j * a.s1];
    cell = add_rn(add_rn(cell, p1), p2);
  }
}

template <class T>
void ger2(const char *shim, int64_t m, int64_t n, const T *u1, int64_t incu1, const T *v1,
          int64_t incv1, const T *u2, int64_t incu2, const T *v2, int64_t incv2, T *A,
          int64_t ldA) {
  if (m <= 0 || n <= 0) return;
  Call call(shim);
  Device du1 = call.in(u1, vec<T>(m, incu1)), dv1 = call.in(v1, vec<T>(n, incv1));
  Device du2 = call.in(u2, vec<T>(m, incu2)), dv2 = call.in(v2, vec<T>(n, incv2));
  Device dA = call.inout(A, mat<T>(m, n, ldA));
  const int threads = 256;
  int64_t blocks = (m * n + threads - 1) / threads;
  if (blocks > 65535) blocks = 65535;
  ger2_kernel<T><<<static_cast<unsigned>(blocks), threads, 0, call.stream()>>>(
      strided2(dA.view), dA.as<T>(), Vec{du1.ptr, du1.ld()}, Vec{dv1.ptr, dv1.ld()},
      Vec{du2.ptr, du2.ld()}, Vec{dv2.ptr, dv2.ld()});
  check(cudaGetLastError(), "launching the ger2 kernel");
}
}  // namespace

#define POLYLIFT_CUBLAS_GER2(T, DT)                                                           \
  extern "C" void polylift_cublas_ger2_##DT(int64_t m, int64_t n, const T *u1, int64_t incu1, \
                                            const T *v1, int64_t incv1, const T *u2,          \
                                            int64_t incu2, const T *v2, int64_t incv2, T *A,  \
                                            int64_t ldA) {                                   \
    ger2<T>("polylift_cublas_ger2_" #DT, m, n, u1, incu1, v1, incv1, u2, incu2, v2, incv2, A, \
            ldA);                                                                            \
  }

POLYLIFT_CUBLAS_GER2(float, f32)
POLYLIFT_CUBLAS_GER2(double, f64)
