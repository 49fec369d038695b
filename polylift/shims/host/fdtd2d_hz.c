/*
 * host shim of launch `fdtd2d_hz` (stencil.fdtd2d_hz), per (i, j), ex and ey at the centre:
 *   hz[i,j] = hz[i,j] - c * (((ex[i,j+1] - ex[i,j]) + ey[i+1,j]) - ey[i,j]).
 * Plain C (exact template: the ref operations in the ref order), one unit-stride row loop
 * with `restrict` rows that gcc vectorises; hz overlapping ex or ey takes the ref loop.
 */
#include "polylift_shims.h"
#include "host_stencil.h"

#define POLYLIFT_HOST_FDTD2D_HZ(T, DT)                                                        \
  static void polylift_host_fdtd2d_hz_row_##DT(int64_t n, T c, const T *restrict x,           \
                                               const T *restrict y, const T *restrict yd,     \
                                               T *restrict h)                                 \
  {                                                                                           \
    POLYLIFT_HOST_ROW_LOOP(j, n, h[j] = h[j] - c * (((x[j + 1] - x[j]) + yd[j]) - y[j]););    \
  }                                                                                           \
                                                                                              \
  void polylift_host_fdtd2d_hz_##DT(int64_t m, int64_t n, T c, const T *ex, int64_t ldex,     \
                                    const T *ey, int64_t ldey, T *hz, int64_t ldhz)           \
  {                                                                                           \
    if (m <= 0 || n <= 0)                                                                     \
      return;                                                                                 \
    polylift_span out = polylift_span_of(hz, 0, (m - 1) * ldhz + n, sizeof(T));               \
    if (ldex >= 0 && ldey >= 0 && ldhz >= 0                                                   \
        && polylift_disjoint(polylift_span_of(ex, 0, (m - 1) * ldex + n + 1, sizeof(T)), out) \
        && polylift_disjoint(polylift_span_of(ey, 0, m * ldey + n, sizeof(T)), out)) {        \
      for (int64_t i = 0; i < m; i++) {                                                       \
        const T *y = ey + i * ldey;                                                           \
        polylift_host_fdtd2d_hz_row_##DT(n, c, ex + i * ldex, y, y + ldey, hz + i * ldhz);    \
      }                                                                                       \
      return;                                                                                 \
    }                                                                                         \
    for (int64_t i = 0; i < m; i++)                                                           \
      for (int64_t j = 0; j < n; j++) {                                                       \
        const T *x = &ex[i * ldex + j], *y = &ey[i * ldey + j];                               \
        hz[i * ldhz + j] = hz[i * ldhz + j] - c * (((x[1] - x[0]) + y[ldey]) - y[0]);         \
      }                                                                                       \
  }

POLYLIFT_HOST_FDTD2D_HZ(float, f32)
POLYLIFT_HOST_FDTD2D_HZ(double, f64)
