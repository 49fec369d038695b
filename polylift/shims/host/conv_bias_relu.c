/*
 * host shim of launch `conv_bias_relu` (cnn.conv_bias_relu), per output point:
 *   acc = 0, then for c, r, s ascending  acc = acc + x[n,c,p+r,q+s] * w[k,c,r,s];
 *   v = acc + b[k];  y = v > 0 ? v : 0.
 * Plain C, bit-exact with ref: host_cnn.h's row loop writes the sums to y, then the
 * epilogue runs on the row in place. When y overlaps an input, the ref loop.
 */
#include "polylift_shims.h"
#include "host_cnn.h"

static void polylift_host_bias_relu_row(int64_t n, float bv, float *restrict y)
{
  POLYLIFT_HOST_ROW_LOOP(j, n, { y[j] = polylift_host_relu(y[j] + bv); });
}

typedef struct {
  const float *b;
  int64_t incb;
} polylift_host_bias_ctx;

static void polylift_host_bias_relu_epilogue(const void *ctx, int64_t n, int64_t k, int64_t p,
                                             int64_t Q, float *row)
{
  const polylift_host_bias_ctx *c = ctx;
  (void)n;
  (void)p;
  polylift_host_bias_relu_row(Q, c->b[k * c->incb], row);
}

void polylift_host_conv_bias_relu_f32(int64_t N, int64_t C, int64_t H, int64_t W, int64_t K,
                                      int64_t R, int64_t S, int64_t P, int64_t Q,
                                      const float *x, int64_t ldx0, int64_t ldx1, int64_t ldx2,
                                      const float *w, int64_t ldw0, int64_t ldw1, int64_t ldw2,
                                      const float *b, int64_t incb, float *y, int64_t ldy0,
                                      int64_t ldy1, int64_t ldy2)
{
  (void)H;
  (void)W;
  if (polylift_host_conv_fast(N, C, K, R, S, P, Q, x, ldx0, ldx1, ldx2, w, ldw0, ldw1, ldw2, y,
                              ldy0, ldy1, ldy2)
      && incb >= 0
      && polylift_disjoint(polylift_host_span1(b, K, incb),
                           polylift_host_span4(y, N, K, P, Q, ldy0, ldy1, ldy2))) {
    const polylift_host_bias_ctx ctx = {b, incb};
    polylift_host_conv_rows(N, C, K, R, S, P, Q, x, ldx0, ldx1, ldx2, w, ldw0, ldw1, ldw2, y,
                            ldy0, ldy1, ldy2, polylift_host_bias_relu_epilogue, &ctx);
    return;
  }
  for (int64_t n = 0; n < N; n++)
    for (int64_t k = 0; k < K; k++)
      for (int64_t p = 0; p < P; p++)
        for (int64_t q = 0; q < Q; q++) {
          float acc = polylift_host_conv_point(C, R, S, x + n * ldx0 + p * ldx2 + q, ldx1,
                                               ldx2, w + k * ldw0, ldw1, ldw2);
          y[n * ldy0 + k * ldy1 + p * ldy2 + q] = polylift_host_relu(acc + b[k * incb]);
        }
}
