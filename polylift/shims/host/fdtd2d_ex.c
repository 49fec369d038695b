/*
 * host shim of launch `fdtd2d_ex` (stencil.fdtd2d_ex), per (i, j), hz at the centre tap:
 *   ex[i,j] = ex[i,j] - c * (hz[i,j] - hz[i,j-1]).
 * Plain C (exact template: the ref operations in the ref order), one unit-stride row loop
 * with `restrict` rows that gcc vectorises; overlapping hz and ex take the ref loop.
 */
#include "polylift_shims.h"
#include "host_stencil.h"

#define POLYLIFT_HOST_FDTD2D_EX(T, DT)                                                        \
  static void polylift_host_fdtd2d_ex_row_##DT(int64_t n, T c, const T *restrict h,           \
                                               T *restrict e)                                 \
  {                                                                                           \
    POLYLIFT_HOST_ROW_LOOP(j, n, e[j] = e[j] - c * (h[j] - h[j - 1]););                       \
  }                                                                                           \
                                                                                              \
  void polylift_host_fdtd2d_ex_##DT(int64_t m, int64_t n, T c, const T *hz, int64_t ldhz,     \
                                    T *ex, int64_t ldex)                                      \
  {                                                                                           \
    if (m <= 0 || n <= 0)                                                                     \
      return;                                                                                 \
    if (ldhz >= 0 && ldex >= 0                                                                \
        && polylift_disjoint(polylift_span_of(hz, -1, (m - 1) * ldhz + n, sizeof(T)),         \
                             polylift_span_of(ex, 0, (m - 1) * ldex + n, sizeof(T)))) {       \
      for (int64_t i = 0; i < m; i++)                                                         \
        polylift_host_fdtd2d_ex_row_##DT(n, c, hz + i * ldhz, ex + i * ldex);                 \
      return;                                                                                 \
    }                                                                                         \
    for (int64_t i = 0; i < m; i++)                                                           \
      for (int64_t j = 0; j < n; j++) {                                                       \
        const T *h = &hz[i * ldhz + j];                                                       \
        ex[i * ldex + j] = ex[i * ldex + j] - c * (h[0] - h[-1]);                             \
      }                                                                                       \
  }

POLYLIFT_HOST_FDTD2D_EX(float, f32)
POLYLIFT_HOST_FDTD2D_EX(double, f64)
