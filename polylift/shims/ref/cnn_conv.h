/*
 * Shared by the ref convolution shims: one output point of a stride-1, unpadded NCHW
 * cross-correlation, summed from 0 over c, then r, then s (each ascending):
 *   acc = acc + x[n,c,p+r,q+s] * w[k,c,r,s].
 */
#ifndef POLYLIFT_REF_CNN_CONV_H
#define POLYLIFT_REF_CNN_CONV_H

#include <stdint.h>

static inline float polylift_ref_conv_point(const float *x, int64_t ldx0, int64_t ldx1,
                                            int64_t ldx2, const float *w, int64_t ldw0,
                                            int64_t ldw1, int64_t ldw2, int64_t C, int64_t R,
                                            int64_t S, int64_t n, int64_t k, int64_t p,
                                            int64_t q)
{
  float acc = 0.0f;
  for (int64_t c = 0; c < C; c++)
    for (int64_t r = 0; r < R; r++)
      for (int64_t s = 0; s < S; s++)
        acc = acc + x[n * ldx0 + c * ldx1 + (p + r) * ldx2 + (q + s)]
                        * w[k * ldw0 + c * ldw1 + r * ldw2 + s];
  return acc;
}

/* C's `v > 0 ? v : 0`, the template's max(v, 0). */
static inline float polylift_ref_relu(float v)
{
  return v > 0.0f ? v : 0.0f;
}

#endif /* POLYLIFT_REF_CNN_CONV_H */
