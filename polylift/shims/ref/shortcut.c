/*
 * ref shim of launch `shortcut` (cnn.shortcut), per (n, c, i, j):  y = y + x.
 */
#include "polylift_shims.h"

void polylift_ref_shortcut_f32(int64_t N, int64_t C, int64_t H, int64_t W, const float *x,
                               int64_t ldx0, int64_t ldx1, int64_t ldx2, float *y, int64_t ldy0,
                               int64_t ldy1, int64_t ldy2)
{
  for (int64_t n = 0; n < N; n++)
    for (int64_t c = 0; c < C; c++)
      for (int64_t i = 0; i < H; i++)
        for (int64_t j = 0; j < W; j++) {
          float *out = &y[n * ldy0 + c * ldy1 + i * ldy2 + j];
          *out = *out + x[n * ldx0 + c * ldx1 + i * ldx2 + j];
        }
}
