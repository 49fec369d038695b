/*
 * host shim of launch `batchnorm` (cnn.batchnorm), per (n, c, i, j):
 *   y = scale[c] * (x - mean[c]) / sqrtf(var[c] + eps) + bias[c].
 * Plain C with ref's operations in ref's order; only the per-channel loads and
 * sqrtf(var[c] + eps) are hoisted out of the row (the same values). One unit-stride row
 * loop with `restrict` rows that gcc vectorises; when y overlaps an input, the ref loop.
 */
#include <math.h>

#include "polylift_shims.h"
#include "host_cnn.h"

static void polylift_host_batchnorm_row(int64_t n, float sc, float mn, float den, float bi,
                                        const float *restrict x, float *restrict y)
{
  POLYLIFT_HOST_ROW_LOOP(j, n, { y[j] = sc * (x[j] - mn) / den + bi; });
}

/* Whether y shares no byte with x or the four channel vectors, all strides >= 0. */
static int polylift_host_batchnorm_fast(int64_t N, int64_t C, int64_t H, int64_t W,
                                        const float *x, int64_t ldx0, int64_t ldx1,
                                        int64_t ldx2, const float *const vec[4],
                                        const int64_t inc[4], const float *y, int64_t ldy0,
                                        int64_t ldy1, int64_t ldy2)
{
  if (!polylift_host_nonneg3(ldx0, ldx1, ldx2) || !polylift_host_nonneg3(ldy0, ldy1, ldy2))
    return 0;
  polylift_span ys = polylift_host_span4(y, N, C, H, W, ldy0, ldy1, ldy2);
  if (!polylift_disjoint(ys, polylift_host_span4(x, N, C, H, W, ldx0, ldx1, ldx2)))
    return 0;
  for (int v = 0; v < 4; v++)
    if (inc[v] < 0 || !polylift_disjoint(ys, polylift_host_span1(vec[v], C, inc[v])))
      return 0;
  return 1;
}

void polylift_host_batchnorm_f32(int64_t N, int64_t C, int64_t H, int64_t W, float eps,
                                 const float *x, int64_t ldx0, int64_t ldx1, int64_t ldx2,
                                 const float *scale, int64_t incscale, const float *bias,
                                 int64_t incbias, const float *mean, int64_t incmean,
                                 const float *var, int64_t incvar, float *y, int64_t ldy0,
                                 int64_t ldy1, int64_t ldy2)
{
  if (N <= 0 || C <= 0 || H <= 0 || W <= 0)
    return;
  const float *const vec[4] = {scale, bias, mean, var};
  const int64_t inc[4] = {incscale, incbias, incmean, incvar};
  if (polylift_host_batchnorm_fast(N, C, H, W, x, ldx0, ldx1, ldx2, vec, inc, y, ldy0, ldy1,
                                   ldy2)) {
    for (int64_t c = 0; c < C; c++) {
      const float sc = scale[c * incscale], mn = mean[c * incmean];
      const float den = sqrtf(var[c * incvar] + eps), bi = bias[c * incbias];
      for (int64_t n = 0; n < N; n++)
        for (int64_t i = 0; i < H; i++)
          polylift_host_batchnorm_row(W, sc, mn, den, bi, x + n * ldx0 + c * ldx1 + i * ldx2,
                                      y + n * ldy0 + c * ldy1 + i * ldy2);
    }
    return;
  }
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
