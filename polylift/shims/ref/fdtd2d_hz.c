/*
 * ref shim of launch `fdtd2d_hz` (stencil.fdtd2d_hz), per (i, j), ex and ey at the centre:
 *   hz[i,j] = hz[i,j] - c * (((ex[i,j+1] - ex[i,j]) + ey[i+1,j]) - ey[i,j]).
 */
#include "polylift_shims.h"

#define POLYLIFT_REF_FDTD2D_HZ(T, DT)                                                         \
  void polylift_ref_fdtd2d_hz_##DT(int64_t m, int64_t n, T c, const T *ex, int64_t ldex,      \
                                   const T *ey, int64_t ldey, T *hz, int64_t ldhz)            \
  {                                                                                           \
    for (int64_t i = 0; i < m; i++)                                                           \
      for (int64_t j = 0; j < n; j++) {                                                       \
        const T *x = &ex[i * ldex + j], *y = &ey[i * ldey + j];                               \
        hz[i * ldhz + j] = hz[i * ldhz + j] - c * (((x[1] - x[0]) + y[ldey]) - y[0]);         \
      }                                                                                       \
  }

POLYLIFT_REF_FDTD2D_HZ(float, f32)
POLYLIFT_REF_FDTD2D_HZ(double, f64)
