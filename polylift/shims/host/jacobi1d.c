/*
 * host shim of launch `jacobi1d` (stencil.jacobi1d): B[i] = c * ((A[i-1] + A[i]) + A[i+1])
 * in plain C (no BLAS routine; the template is exact, so the same operations in the same
 * order, with a unit-stride path the compiler vectorises).
 */
#include "polylift_shims.h"

#define POLYLIFT_HOST_JACOBI1D(T, DT)                                                         \
  void polylift_host_jacobi1d_##DT(int64_t n, T c, const T *A, int64_t incA, T *B,            \
                                   int64_t incB)                                              \
  {                                                                                           \
    uintptr_t a0 = (uintptr_t)(A - 1), a1 = (uintptr_t)(A + n + 1);                          \
    uintptr_t b0 = (uintptr_t)B, b1 = (uintptr_t)(B + n);                                    \
    if (incA == 1 && incB == 1 && (b1 <= a0 || a1 <= b0)) {                                  \
      const T *restrict a = A;                                                                \
      T *restrict b = B;                                                                      \
      for (int64_t i = 0; i < n; i++)                                                         \
        b[i] = c * (a[i - 1] + a[i] + a[i + 1]);                                              \
      return;                                                                                 \
    }                                                                                         \
    for (int64_t i = 0; i < n; i++)                                                           \
      B[i * incB] = c * (A[(i - 1) * incA] + A[i * incA] + A[(i + 1) * incA]);                \
  }

POLYLIFT_HOST_JACOBI1D(float, f32)
POLYLIFT_HOST_JACOBI1D(double, f64)
