/*
 * ref shim of launch `fdtd2d_ey` (stencil.fdtd2d_ey), per (i, j), hz at the centre tap:
 *   ey[i,j] = ey[i,j] - c * (hz[i,j] - hz[i-1,j]).
 */
#include "polylift_shims.h"

#define POLYLIFT_REF_FDTD2D_EY(T, DT)                                                         \
  void polylift_ref_fdtd2d_ey_##DT(int64_t m, int64_t n, T c, const T *hz, int64_t ldhz,      \
                                   T *ey, int64_t ldey)                                       \
  {                                                                                           \
    for (int64_t i = 0; i < m; i++)                                                           \
      for (int64_t j = 0; j < n; j++) {                                                       \
        const T *h = &hz[i * ldhz + j];                                                       \
        ey[i * ldey + j] = ey[i * ldey + j] - c * (h[0] - h[-ldhz]);                          \
      }                                                                                       \
  }

POLYLIFT_REF_FDTD2D_EY(float, f32)
POLYLIFT_REF_FDTD2D_EY(double, f64)
