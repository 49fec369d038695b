/*
 * host shim of launch `conv_bias_relu_add` (cnn.conv_bias_relu_add), per output point:
 *   acc = 0, then for c, r, s ascending  acc = acc + x[n,c,p+r,q+s] * w[k,c,r,s];
 *   v = acc + b[k];  y = (v > 0 ? v : 0) + z[n,k,p,q].
 * Plain C, bit-exact with ref: host_cnn.h's row loop writes the sums to y, then the
 * epilogue runs on the row in place. When y overlaps an input, the ref loop.
 */
#include "polylift_shims.h"
#include "host_cnn.h"

static void polylift_host_bias_relu_add_row(int64_t n, float bv, const float *restrict z,
                                            float *restrict y)
{
  POLYLIFT_HOST_ROW_LOOP(j, n, { y[j] = polylift_host_relu(y[j] + bv) + z[j]; });
}

typedef struct {
  const float *b;
  int64_t incb;
  const float *z;
  int64_t ldz0, ldz1, ldz2;
} polylift_host_bias_z_ctx;

static void polylift_host_bias_relu_add_epilogue(const void *ctx, int64_t n, int64_t k,
                                                 int64_t p, int64_t Q, float *row)
{
  const polylift_host_bias_z_ctx *c = ctx;
  polylift_host_bias_relu_add_row(Q, c->b[k * c->incb],
                                  c->z + n * c->ldz0 + k * c->ldz1 + p * c->ldz2, row);
}

/* Whether y shares no byte with b or z (both with non-negative strides). */
static int polylift_host_bias_z_fast(int64_t N, int64_t K, int64_t P, int64_t Q,
                                     const float *b, int64_t incb, const float *z, int64_t ldz0,
                                     int64_t ldz1, int64_t ldz2, const float *y, int64_t ldy0,
                                     int64_t ldy1, int64_t ldy2)
{
  if (incb < 0 || !polylift_host_nonneg3(ldz0, ldz1, ldz2))
    return 0;
  polylift_span ys = polylift_host_span4(y, N, K, P, Q, ldy0, ldy1, ldy2);
  return polylift_disjoint(ys, polylift_host_span1(b, K, incb))
         && polylift_disjoint(ys, polylift_host_span4(z, N, K, P, Q, ldz0, ldz1, ldz2));
}

void polylift_host_conv_bias_relu_add_f32(int64_t N, int64_t C, int64_t H, int64_t W,
                                          int64_t K, int64_t R, int64_t S, int64_t P, int64_t Q,
                                          const float *x, int64_t ldx0, int64_t ldx1,
                                          int64_t ldx2, const float *w, int64_t ldw0,
                                          int64_t ldw1, int64_t ldw2, const float *b,
                                          int64_t incb, const float *z, int64_t ldz0,
                                          int64_t ldz1, int64_t ldz2, float *y, int64_t ldy0,
                                          int64_t ldy1, int64_t ldy2)
{
  (void)H;
  (void)W;
  if (polylift_host_conv_fast(N, C, K, R, S, P, Q, x, ldx0, ldx1, ldx2, w, ldw0, ldw1, ldw2, y,
                              ldy0, ldy1, ldy2)
      && polylift_host_bias_z_fast(N, K, P, Q, b, incb, z, ldz0, ldz1, ldz2, y, ldy0, ldy1,
                                   ldy2)) {
    const polylift_host_bias_z_ctx ctx = {b, incb, z, ldz0, ldz1, ldz2};
    polylift_host_conv_rows(N, C, K, R, S, P, Q, x, ldx0, ldx1, ldx2, w, ldw0, ldw1, ldw2, y,
                            ldy0, ldy1, ldy2, polylift_host_bias_relu_add_epilogue, &ctx);
    return;
  }
  for (int64_t n = 0; n < N; n++)
    for (int64_t k = 0; k < K; k++)
      for (int64_t p = 0; p < P; p++)
        for (int64_t q = 0; q < Q; q++) {
          float acc = polylift_host_conv_point(C, R, S, x + n * ldx0 + p * ldx2 + q, ldx1,
                                               ldx2, w + k * ldw0, ldw1, ldw2);
          float v = polylift_host_relu(acc + b[k * incb]);
          y[n * ldy0 + k * ldy1 + p * ldy2 + q] = v + z[n * ldz0 + k * ldz1 + p * ldz2 + q];
        }
}
