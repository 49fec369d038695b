/*
 * host shim of launch `fdtd2d_ey` (stencil.fdtd2d_ey), per (i, j), hz at the centre tap:
 *   ey[i,j] = ey[i,j] - c * (hz[i,j] - hz[i-1,j]).
 * Plain C (exact template: the ref operations in the ref order), one unit-stride row loop
 * with `restrict` rows that gcc vectorises; overlapping hz and ey take the ref loop.
 */
#include "polylift_shims.h"
#include "host_stencil.h"

#define POLYLIFT_HOST_FDTD2D_EY(T, DT)                                                        \
  static void polylift_host_fdtd2d_ey_row_##DT(int64_t n, T c, const T *restrict h,           \
                                               const T *restrict hu, T *restrict e)           \
  {                                                                                           \
    POLYLIFT_HOST_ROW_LOOP(j, n, e[j] = e[j] - c * (h[j] - hu[j]););                          \
  }                                                                                           \
                                                                                              \
  void polylift_host_fdtd2d_ey_##DT(int64_t m, int64_t n, T c, const T *hz, int64_t ldhz,     \
                                    T *ey, int64_t ldey)                                      \
  {                                                                                           \
    if (m <= 0 || n <= 0)                                                                     \
      return;                                                                                 \
    if (ldhz >= 0 && ldey >= 0                                                                \
        && polylift_disjoint(polylift_span_of(hz, -ldhz, (m - 1) * ldhz + n, sizeof(T)),      \
                             polylift_span_of(ey, 0, (m - 1) * ldey + n, sizeof(T)))) {       \
      for (int64_t i = 0; i < m; i++) {                                                       \
        const T *h = hz + i * ldhz;                                                           \
        polylift_host_fdtd2d_ey_row_##DT(n, c, h, h - ldhz, ey + i * ldey);                   \
      }                                                                                       \
      return;                                                                                 \
    }                                                                                         \
    for (int64_t i = 0; i < m; i++)                                                           \
      for (int64_t j = 0; j < n; j++) {                                                       \
        const T *h = &hz[i * ldhz + j];                                                       \
        ey[i * ldey + j] = ey[i * ldey + j] - c * (h[0] - h[-ldhz]);                          \
      }                                                                                       \
  }

POLYLIFT_HOST_FDTD2D_EY(float, f32)
POLYLIFT_HOST_FDTD2D_EY(double, f64)
