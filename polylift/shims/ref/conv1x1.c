/*
 * ref shim of launch `conv1x1` (cnn.conv1x1), per (n, k, i, j):
 *   y = 0, then for c ascending  y = y + w[k,c] * x[n,c,i,j].
 */
#include "polylift_shims.h"

void polylift_ref_conv1x1_f32(int64_t N, int64_t C, int64_t H, int64_t W, int64_t K,
                              const float *w, int64_t ldw, const float *x, int64_t ldx0,
                              int64_t ldx1, int64_t ldx2, float *y, int64_t ldy0, int64_t ldy1,
                              int64_t ldy2)
{
  for (int64_t n = 0; n < N; n++)
    for (int64_t k = 0; k < K; k++)
      for (int64_t i = 0; i < H; i++)
        for (int64_t j = 0; j < W; j++) {
          float acc = 0.0f;
          for (int64_t c = 0; c < C; c++)
            acc = acc + w[k * ldw + c] * x[n * ldx0 + c * ldx1 + i * ldx2 + j];
          y[n * ldy0 + k * ldy1 + i * ldy2 + j] = acc;
        }
}
