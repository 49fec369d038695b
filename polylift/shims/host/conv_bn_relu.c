/*
 * host shim of launch `conv_bn_relu` (cnn.conv_bn_relu), per output point:
 *   acc = 0, then for c, r, s ascending  acc = acc + x[n,c,p+r,q+s] * w[k,c,r,s];
 *   v = scale[k] * (acc - mean[k]) / sqrtf(var[k] + eps) + bias[k];  y = v > 0 ? v : 0.
 * Plain C, bit-exact with ref: host_cnn.h's row loop writes the sums to y, then the
 * epilogue runs on the row in place with sqrtf(var[k] + eps) hoisted (the same value).
 * When y overlaps an input, the ref loop.
 */
#include <math.h>

#include "polylift_shims.h"
#include "host_cnn.h"

static void polylift_host_bn_relu_row(int64_t n, float sc, float mn, float den, float bi,
                                      float *restrict y)
{
  POLYLIFT_HOST_ROW_LOOP(j, n, { y[j] = polylift_host_relu(sc * (y[j] - mn) / den + bi); });
}

typedef struct {
  float eps;
  const float *const *vec; /* scale, bias, mean, var */
  const int64_t *inc;
} polylift_host_bn_ctx;

static void polylift_host_bn_relu_epilogue(const void *ctx, int64_t n, int64_t k, int64_t p,
                                           int64_t Q, float *row)
{
  const polylift_host_bn_ctx *c = ctx;
  (void)n;
  (void)p;
  const float sc = c->vec[0][k * c->inc[0]], bi = c->vec[1][k * c->inc[1]];
  const float mn = c->vec[2][k * c->inc[2]], den = sqrtf(c->vec[3][k * c->inc[3]] + c->eps);
  polylift_host_bn_relu_row(Q, sc, mn, den, bi, row);
}

/* Whether y shares no byte with the four channel vectors (increments >= 0). */
static int polylift_host_bn_vectors_fast(int64_t N, int64_t K, int64_t P, int64_t Q,
                                         const float *const vec[4], const int64_t inc[4],
                                         const float *y, int64_t ldy0, int64_t ldy1,
                                         int64_t ldy2)
{
  polylift_span ys = polylift_host_span4(y, N, K, P, Q, ldy0, ldy1, ldy2);
  for (int v = 0; v < 4; v++)
    if (inc[v] < 0 || !polylift_disjoint(ys, polylift_host_span1(vec[v], K, inc[v])))
      return 0;
  return 1;
}

void polylift_host_conv_bn_relu_f32(int64_t N, int64_t C, int64_t H, int64_t W, int64_t K,
                                    int64_t R, int64_t S, int64_t P, int64_t Q, float eps,
                                    const float *x, int64_t ldx0, int64_t ldx1, int64_t ldx2,
                                    const float *w, int64_t ldw0, int64_t ldw1, int64_t ldw2,
                                    const float *scale, int64_t incscale, const float *bias,
                                    int64_t incbias, const float *mean, int64_t incmean,
                                    const float *var, int64_t incvar, float *y, int64_t ldy0,
                                    int64_t ldy1, int64_t ldy2)
{
  (void)H;
  (void)W;
  const float *const vec[4] = {scale, bias, mean, var};
  const int64_t inc[4] = {incscale, incbias, incmean, incvar};
  if (polylift_host_conv_fast(N, C, K, R, S, P, Q, x, ldx0, ldx1, ldx2, w, ldw0, ldw1, ldw2, y,
                              ldy0, ldy1, ldy2)
      && polylift_host_bn_vectors_fast(N, K, P, Q, vec, inc, y, ldy0, ldy1, ldy2)) {
    const polylift_host_bn_ctx ctx = {eps, vec, inc};
    polylift_host_conv_rows(N, C, K, R, S, P, Q, x, ldx0, ldx1, ldx2, w, ldw0, ldw1, ldw2, y,
                            ldy0, ldy1, ldy2, polylift_host_bn_relu_epilogue, &ctx);
    return;
  }
  for (int64_t n = 0; n < N; n++)
    for (int64_t k = 0; k < K; k++)
      for (int64_t p = 0; p < P; p++)
        for (int64_t q = 0; q < Q; q++) {
          float acc = polylift_host_conv_point(C, R, S, x + n * ldx0 + p * ldx2 + q, ldx1,
                                               ldx2, w + k * ldw0, ldw1, ldw2);
          float v = scale[k * incscale] * (acc - mean[k * incmean])
                        / sqrtf(var[k * incvar] + eps)
                    + bias[k * incbias];
          y[n * ldy0 + k * ldy1 + p * ldy2 + q] = polylift_host_relu(v);
        }
}
