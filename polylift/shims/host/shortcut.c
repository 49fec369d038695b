/*
 * host shim of launch `shortcut` (cnn.shortcut), per (n, c, i, j):  y = y + x.
 * Plain C (exact template: ref's one addition per element), one unit-stride row loop with
 * `restrict` rows that gcc vectorises; overlapping x and y take the ref loop.
 */
#include "polylift_shims.h"
#include "host_cnn.h"

static void polylift_host_shortcut_row(int64_t n, const float *restrict x, float *restrict y)
{
  POLYLIFT_HOST_ROW_LOOP(j, n, { y[j] = y[j] + x[j]; });
}

void polylift_host_shortcut_f32(int64_t N, int64_t C, int64_t H, int64_t W, const float *x,
                                int64_t ldx0, int64_t ldx1, int64_t ldx2, float *y, int64_t ldy0,
                                int64_t ldy1, int64_t ldy2)
{
  if (N <= 0 || C <= 0 || H <= 0 || W <= 0)
    return;
  if (polylift_host_nonneg3(ldx0, ldx1, ldx2) && polylift_host_nonneg3(ldy0, ldy1, ldy2)
      && polylift_disjoint(polylift_host_span4(x, N, C, H, W, ldx0, ldx1, ldx2),
                           polylift_host_span4(y, N, C, H, W, ldy0, ldy1, ldy2))) {
    for (int64_t n = 0; n < N; n++)
      for (int64_t c = 0; c < C; c++)
        for (int64_t i = 0; i < H; i++)
          polylift_host_shortcut_row(W, x + n * ldx0 + c * ldx1 + i * ldx2,
                                     y + n * ldy0 + c * ldy1 + i * ldy2);
    return;
  }
  for (int64_t n = 0; n < N; n++)
    for (int64_t c = 0; c < C; c++)
      for (int64_t i = 0; i < H; i++)
        for (int64_t j = 0; j < W; j++) {
          float *out = &y[n * ldy0 + c * ldy1 + i * ldy2 + j];
          *out = *out + x[n * ldx0 + c * ldx1 + i * ldx2 + j];
        }
}
