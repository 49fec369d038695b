/*
 * host shim of launch `maxpool` (cnn.maxpool), per (n, c, p, q), 2x2 window, stride 2:
 *   m = x[n,c,2p,2q];  for r in 0..1, for s in 0..1: v = x[n,c,2p+r,2q+s]; m = v > m ? v : m;
 *   y[n,c,p,q] = m.
 * No BLAS routine computes a pooling; this is the same comparison sequence as ref with
 * the running maximum in a register (bit-exact, NaN and signed zeros included), one
 * output row at a time so both input rows stream through the cache.
 */
#include "polylift_shims.h"

#define POLYLIFT_HOST_MAXPOOL(T, DT)                                                       \
  void polylift_host_maxpool_##DT(int64_t N, int64_t C, int64_t H, int64_t W, int64_t P,   \
                                  int64_t Q, const T *x, int64_t ldx0, int64_t ldx1,       \
                                  int64_t ldx2, T *y, int64_t ldy0, int64_t ldy1,          \
                                  int64_t ldy2)                                            \
  {                                                                                        \
    (void)H;                                                                               \
    (void)W;                                                                               \
    for (int64_t n = 0; n < N; n++)                                                        \
      for (int64_t c = 0; c < C; c++)                                                      \
        for (int64_t p = 0; p < P; p++) {                                                  \
          const T *r0 = x + n * ldx0 + c * ldx1 + 2 * p * ldx2;                            \
          const T *r1 = r0 + ldx2;                                                         \
          T *out = y + n * ldy0 + c * ldy1 + p * ldy2;                                     \
          for (int64_t q = 0; q < Q; q++) {                                                \
            T m = r0[2 * q];                                                               \
            m = r0[2 * q] > m ? r0[2 * q] : m;                                             \
            m = r0[2 * q + 1] > m ? r0[2 * q + 1] : m;                                     \
            m = r1[2 * q] > m ? r1[2 * q] : m;                                             \
            m = r1[2 * q + 1] > m ? r1[2 * q + 1] : m;                                     \
            out[q] = m;                                                                    \
          }                                                                                \
        }                                                                                  \
  }

POLYLIFT_HOST_MAXPOOL(float, f32)
