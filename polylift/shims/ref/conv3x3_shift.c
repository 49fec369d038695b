/*
 * ref shim of launch `conv3x3_shift` (stencil.conv3x3_shift), per (i, j), A at the centre:
 *   acc = c11*A[i-1,j-1] + ... + c33*A[i+1,j+1] in 32-bit two's complement (wrapping),
 *   B = (T)(acc >> shift) (arithmetic shift, then truncation to B's type).
 * The sum runs in uint32_t so that overflow wraps as the payload's i32 arithmetic does.
 */
#include "polylift_shims.h"

static inline int32_t polylift_ref_conv3x3_tap(uint32_t acc, int32_t c, int32_t a)
{
  return (int32_t)(acc + (uint32_t)c * (uint32_t)a);
}

#define POLYLIFT_REF_CONV3X3_SHIFT(T, DT)                                                     \
  void polylift_ref_conv3x3_shift_##DT(int64_t m, int64_t n, int32_t c11, int32_t c12,        \
                                       int32_t c13, int32_t c21, int32_t c22, int32_t c23,    \
                                       int32_t c31, int32_t c32, int32_t c33, int32_t shift,  \
                                       const T *A, int64_t ldA, T *B, int64_t ldB)            \
  {                                                                                           \
    for (int64_t i = 0; i < m; i++)                                                           \
      for (int64_t j = 0; j < n; j++) {                                                       \
        const T *u = &A[(i - 1) * ldA + j], *a = &A[i * ldA + j], *d = &A[(i + 1) * ldA + j]; \
        int32_t s = polylift_ref_conv3x3_tap(0, c11, u[-1]);                                  \
        s = polylift_ref_conv3x3_tap((uint32_t)s, c12, u[0]);                                 \
        s = polylift_ref_conv3x3_tap((uint32_t)s, c13, u[1]);                                 \
        s = polylift_ref_conv3x3_tap((uint32_t)s, c21, a[-1]);                                \
        s = polylift_ref_conv3x3_tap((uint32_t)s, c22, a[0]);                                 \
        s = polylift_ref_conv3x3_tap((uint32_t)s, c23, a[1]);                                 \
        s = polylift_ref_conv3x3_tap((uint32_t)s, c31, d[-1]);                                \
        s = polylift_ref_conv3x3_tap((uint32_t)s, c32, d[0]);                                 \
        s = polylift_ref_conv3x3_tap((uint32_t)s, c33, d[1]);                                 \
        B[i * ldB + j] = (T)(s >> shift);                                                     \
      }                                                                                       \
  }

POLYLIFT_REF_CONV3X3_SHIFT(int8_t, i8)
POLYLIFT_REF_CONV3X3_SHIFT(int16_t, i16)
POLYLIFT_REF_CONV3X3_SHIFT(int32_t, i32)
