/*
 * ref shim of launch `jacobi1d` (stencil.jacobi1d): B[i] = c * ((A[i-1] + A[i]) + A[i+1]).
 * A points at the centre tap of the first point: A[-incA] and A[n*incA] are read.
 */
#include "polylift_shims.h"

#define POLYLIFT_REF_JACOBI1D(T, DT)                                                          \
  void polylift_ref_jacobi1d_##DT(int64_t n, T c, const T *A, int64_t incA, T *B,             \
                                  int64_t incB)                                               \
  {                                                                                           \
    for (int64_t i = 0; i < n; i++)                                                           \
      B[i * incB] = c * (A[(i - 1) * incA] + A[i * incA] + A[(i + 1) * incA]);                \
  }

POLYLIFT_REF_JACOBI1D(float, f32)
POLYLIFT_REF_JACOBI1D(double, f64)
