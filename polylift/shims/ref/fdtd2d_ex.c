/*
 * ref shim of launch `fdtd2d_ex` (stencil.fdtd2d_ex), per (i, j), hz at the centre tap:
 *   ex[i,j] = ex[i,j] - c * (hz[i,j] - hz[i,j-1]).
 */
#include "polylift_shims.h"

#define POLYLIFT_REF_FDTD2D_EX(T, DT)                                                         \
  void polylift_ref_fdtd2d_ex_##DT(int64_t m, int64_t n, T c, const T *hz, int64_t ldhz,      \
                                   T *ex, int64_t ldex)                                       \
  {                                                                                           \
    for (int64_t i = 0; i < m; i++)                                                           \
      for (int64_t j = 0; j < n; j++) {                                                       \
        const T *h = &hz[i * ldhz + j];                                                       \
        ex[i * ldex + j] = ex[i * ldex + j] - c * (h[0] - h[-1]);                             \
      }                                                                                       \
  }

POLYLIFT_REF_FDTD2D_EX(float, f32)
POLYLIFT_REF_FDTD2D_EX(double, f64)
