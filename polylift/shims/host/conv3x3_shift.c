/*
 * host shim of launch `conv3x3_shift` (stencil.conv3x3_shift), per (i, j), A at the centre:
 *   acc = c11*A[i-1,j-1] + ... + c33*A[i+1,j+1] in 32-bit two's complement (wrapping),
 *   B = (T)(acc >> shift) (arithmetic shift, then truncation to B's type).
 * Plain C, the ref's operations: the taps summed in uint32_t (so overflow wraps as the
 * payload's i32 arithmetic does), one unit-stride row loop with `restrict` rows that gcc
 * vectorises (16-bit products when the image and the coefficients allow them, which are
 * the same values); overlapping A and B take the plain loop.
 */
#include "polylift_shims.h"
#include "host_stencil.h"

/*
 * The row of an 8- or 16-bit image when every coefficient fits int16_t: each product is
 * then exact in int32_t (|c * a| <= 2^30), the same value as the ref's wrapping product,
 * and gcc vectorises it with 16-bit widening multiplies instead of emulating a 32-bit
 * multiply; the sum still wraps in uint32_t.
 */
#define POLYLIFT_HOST_CONV3X3_SHIFT_ROW16(T, DT)                                              \
  static void polylift_host_conv3x3_shift_row16_##DT(int64_t n, const int16_t *restrict k,    \
                                                     int32_t shift, const T *restrict u,      \
                                                     const T *restrict a,                     \
                                                     const T *restrict d, T *restrict b)      \
  {                                                                                           \
    const int16_t k11 = k[0], k12 = k[1], k13 = k[2], k21 = k[3], k22 = k[4], k23 = k[5];     \
    const int16_t k31 = k[6], k32 = k[7], k33 = k[8];                                         \
    POLYLIFT_HOST_ROW_LOOP(j, n, {                                                            \
      uint32_t s = (uint32_t)(k11 * (int16_t)u[j - 1]);                                       \
      s = s + (uint32_t)(k12 * (int16_t)u[j]);                                                \
      s = s + (uint32_t)(k13 * (int16_t)u[j + 1]);                                            \
      s = s + (uint32_t)(k21 * (int16_t)a[j - 1]);                                            \
      s = s + (uint32_t)(k22 * (int16_t)a[j]);                                                \
      s = s + (uint32_t)(k23 * (int16_t)a[j + 1]);                                            \
      s = s + (uint32_t)(k31 * (int16_t)d[j - 1]);                                            \
      s = s + (uint32_t)(k32 * (int16_t)d[j]);                                                \
      s = s + (uint32_t)(k33 * (int16_t)d[j + 1]);                                            \
      b[j] = (T)((int32_t)s >> shift);                                                        \
    });                                                                                       \
  }

/* Whether all nine coefficients fit int16_t; copies them to k16 when they do. */
static int polylift_host_conv3x3_k16(const int32_t *c, int16_t *k16)
{
  for (int i = 0; i < 9; i++) {
    if (c[i] < INT16_MIN || c[i] > INT16_MAX)
      return 0;
    k16[i] = (int16_t)c[i];
  }
  return 1;
}

#define POLYLIFT_HOST_CONV3X3_SHIFT(T, DT, ROWS)                                              \
  static void polylift_host_conv3x3_shift_row_##DT(int64_t n, const uint32_t *restrict k,     \
                                                   int32_t shift, const T *restrict u,        \
                                                   const T *restrict a, const T *restrict d,  \
                                                   T *restrict b)                             \
  {                                                                                           \
    const uint32_t k11 = k[0], k12 = k[1], k13 = k[2], k21 = k[3], k22 = k[4], k23 = k[5];    \
    const uint32_t k31 = k[6], k32 = k[7], k33 = k[8];                                        \
    POLYLIFT_HOST_ROW_LOOP(j, n, {                                                            \
      uint32_t s = k11 * (uint32_t)u[j - 1];                                                  \
      s = s + k12 * (uint32_t)u[j];                                                           \
      s = s + k13 * (uint32_t)u[j + 1];                                                       \
      s = s + k21 * (uint32_t)a[j - 1];                                                       \
      s = s + k22 * (uint32_t)a[j];                                                           \
      s = s + k23 * (uint32_t)a[j + 1];                                                       \
      s = s + k31 * (uint32_t)d[j - 1];                                                       \
      s = s + k32 * (uint32_t)d[j];                                                           \
      s = s + k33 * (uint32_t)d[j + 1];                                                       \
      b[j] = (T)((int32_t)s >> shift);                                                        \
    });                                                                                       \
  }                                                                                           \
                                                                                              \
  void polylift_host_conv3x3_shift_##DT(int64_t m, int64_t n, int32_t c11, int32_t c12,       \
                                        int32_t c13, int32_t c21, int32_t c22, int32_t c23,   \
                                        int32_t c31, int32_t c32, int32_t c33, int32_t shift, \
                                        const T *A, int64_t ldA, T *B, int64_t ldB)           \
  {                                                                                           \
    if (m <= 0 || n <= 0)                                                                     \
      return;                                                                                 \
    const uint32_t k[9] = {(uint32_t)c11, (uint32_t)c12, (uint32_t)c13,                       \
                           (uint32_t)c21, (uint32_t)c22, (uint32_t)c23,                       \
                           (uint32_t)c31, (uint32_t)c32, (uint32_t)c33};                      \
    if (ldA >= 0 && ldB >= 0                                                                  \
        && polylift_disjoint(polylift_span_of(A, -ldA - 1, m * ldA + n + 1, sizeof(T)),       \
                             polylift_span_of(B, 0, (m - 1) * ldB + n, sizeof(T)))) {         \
      const int32_t c[9] = {c11, c12, c13, c21, c22, c23, c31, c32, c33};                     \
      int16_t k16[9];                                                                         \
      int narrow = polylift_host_conv3x3_k16(c, k16);                                         \
      for (int64_t i = 0; i < m; i++) {                                                       \
        const T *a = A + i * ldA;                                                             \
        ROWS                                                                                  \
      }                                                                                       \
      return;                                                                                 \
    }                                                                                         \
    for (int64_t i = 0; i < m; i++)                                                           \
      for (int64_t j = 0; j < n; j++) {                                                       \
        const T *u = &A[(i - 1) * ldA + j], *a = &A[i * ldA + j], *d = &A[(i + 1) * ldA + j]; \
        uint32_t s = k[0] * (uint32_t)u[-1];                                                  \
        s = s + k[1] * (uint32_t)u[0];                                                        \
        s = s + k[2] * (uint32_t)u[1];                                                        \
        s = s + k[3] * (uint32_t)a[-1];                                                       \
        s = s + k[4] * (uint32_t)a[0];                                                        \
        s = s + k[5] * (uint32_t)a[1];                                                        \
        s = s + k[6] * (uint32_t)d[-1];                                                       \
        s = s + k[7] * (uint32_t)d[0];                                                        \
        s = s + k[8] * (uint32_t)d[1];                                                        \
        B[i * ldB + j] = (T)((int32_t)s >> shift);                                            \
      }                                                                                       \
  }

/* The fast path's row call: 8- and 16-bit images take the 16-bit products when they can. */
#define POLYLIFT_HOST_CONV3X3_ROWS_NARROW(DT)                                                 \
  if (narrow)                                                                                 \
    polylift_host_conv3x3_shift_row16_##DT(n, k16, shift, a - ldA, a, a + ldA, B + i * ldB);  \
  else                                                                                        \
    polylift_host_conv3x3_shift_row_##DT(n, k, shift, a - ldA, a, a + ldA, B + i * ldB);
#define POLYLIFT_HOST_CONV3X3_ROWS_WIDE(DT)                                                   \
  (void)narrow;                                                                               \
  polylift_host_conv3x3_shift_row_##DT(n, k, shift, a - ldA, a, a + ldA, B + i * ldB);

POLYLIFT_HOST_CONV3X3_SHIFT_ROW16(int8_t, i8)
POLYLIFT_HOST_CONV3X3_SHIFT_ROW16(int16_t, i16)
POLYLIFT_HOST_CONV3X3_SHIFT(int8_t, i8, POLYLIFT_HOST_CONV3X3_ROWS_NARROW(i8))
POLYLIFT_HOST_CONV3X3_SHIFT(int16_t, i16, POLYLIFT_HOST_CONV3X3_ROWS_NARROW(i16))
POLYLIFT_HOST_CONV3X3_SHIFT(int32_t, i32, POLYLIFT_HOST_CONV3X3_ROWS_WIDE(i32))
