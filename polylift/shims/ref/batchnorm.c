/*
 * ref shim of launch `batchnorm` (cnn.batchnorm), per (n, c, i, j):
 *   y = scale[c] * (x - mean[c]) / sqrtf(var[c] + eps) + bias[c].
 */
#include <math.h>

#include "polylift_shims.h"

void polylift_ref_batchnorm_f32(int64_t N, int64_t C, int64_t H, int64_t W, float eps,
                                const float *x, int64_t ldx0, int64_t ldx1, int64_t ldx2,
                                const float *scale, int64_t incscale, const float *bias,
                                int64_t incbias, const float *mean, int64_t incmean,
                                const float *var, int64_t incvar, float *y, int64_t ldy0,
                                int64_t ldy1, int64_t ldy2)
{
  for (int64_t n = 0; n < N; n++)
    for (int64_t c = 0; c < C; c++)
      for (int64_t i = 0; i < H; i++)
        for (int64_t j = 0; j < W; j++) {
          float v = x[n * ldx0 + c * ldx1 + i * ldx2 + j];
          y[n * ldy0 + c * ldy1 + i * ldy2 + j] =
              scale[c * incscale] * (v - mean[c * incmean]) / sqrtf(var[c * incvar] + eps)
              + bias[c * incbias];
        }
}
