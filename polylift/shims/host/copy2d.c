/* host shim of launch `copy2d` (blas.copy2d): B[i,j] = A[i,j], one block move per row. */
#include <string.h>

#include "polylift_shims.h"

#define POLYLIFT_HOST_COPY2D(T, DT)                                                           \
  void polylift_host_copy2d_##DT(int64_t m, int64_t n, const T *A, int64_t ldA, T *B,         \
                                 int64_t ldB)                                                 \
  {                                                                                           \
    if (m <= 0 || n <= 0)                                                                     \
      return;                                                                                 \
    if (ldA == n && ldB == n) {                                                               \
      memmove(B, A, (size_t)(m * n) * sizeof(T));                                             \
      return;                                                                                 \
    }                                                                                         \
    for (int64_t i = 0; i < m; i++)                                                           \
      memmove(B + i * ldB, A + i * ldA, (size_t)n * sizeof(T));                               \
  }

POLYLIFT_HOST_COPY2D(float, f32)
POLYLIFT_HOST_COPY2D(double, f64)
