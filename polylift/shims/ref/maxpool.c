/*
 * ref shim of launch `maxpool` (cnn.maxpool), per (n, c, p, q), 2x2 window, stride 2:
 *   m = x[n,c,2p,2q];  for r in 0..1, for s in 0..1: v = x[n,c,2p+r,2q+s]; m = v > m ? v : m;
 *   y[n,c,p,q] = m.
 * The window's first element is compared with itself, as in the template. A NaN wins only
 * as the first element; equal values (+0 and -0) keep the earlier one.
 */
#include "polylift_shims.h"

#define POLYLIFT_REF_MAXPOOL(T, DT)                                                        \
  void polylift_ref_maxpool_##DT(int64_t N, int64_t C, int64_t H, int64_t W, int64_t P,    \
                                 int64_t Q, const T *x, int64_t ldx0, int64_t ldx1,        \
                                 int64_t ldx2, T *y, int64_t ldy0, int64_t ldy1,           \
                                 int64_t ldy2)                                             \
  {                                                                                        \
    (void)H;                                                                               \
    (void)W;                                                                               \
    for (int64_t n = 0; n < N; n++)                                                        \
      for (int64_t c = 0; c < C; c++)                                                      \
        for (int64_t p = 0; p < P; p++)                                                    \
          for (int64_t q = 0; q < Q; q++)                                                  \
            y[n * ldy0 + c * ldy1 + p * ldy2 + q] =                                        \
                x[n * ldx0 + c * ldx1 + 2 * p * ldx2 + 2 * q];                             \
    for (int64_t n = 0; n < N; n++)                                                        \
      for (int64_t c = 0; c < C; c++)                                                      \
        for (int64_t p = 0; p < P; p++)                                                    \
          for (int64_t q = 0; q < Q; q++)                                                  \
            for (int64_t r = 0; r < 2; r++)                                                \
              for (int64_t s = 0; s < 2; s++) {                                            \
                T *m = &y[n * ldy0 + c * ldy1 + p * ldy2 + q];                             \
                T v = x[n * ldx0 + c * ldx1 + (2 * p + r) * ldx2 + 2 * q + s];             \
                *m = v > *m ? v : *m;                                                      \
              }                                                                            \
  }

POLYLIFT_REF_MAXPOOL(float, f32)
