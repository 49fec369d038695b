/* ref shim of launch `copy2d` (blas.copy2d): B[i,j] = A[i,j]. */
#include "polylift_shims.h"

#define POLYLIFT_REF_COPY2D(T, DT)                                                            \
  void polylift_ref_copy2d_##DT(int64_t m, int64_t n, const T *A, int64_t ldA, T *B,          \
                                int64_t ldB)                                                  \
  {                                                                                           \
    for (int64_t i = 0; i < m; i++)                                                           \
      for (int64_t j = 0; j < n; j++)                                                         \
        B[i * ldB + j] = A[i * ldA + j];                                                      \
  }

POLYLIFT_REF_COPY2D(float, f32)
POLYLIFT_REF_COPY2D(double, f64)
