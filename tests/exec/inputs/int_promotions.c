/* Integer types, promotions, shifts, C division and unsigned arithmetic. */
#include <stdint.h>
#define N 37

void kernel_int8_mix(int n, int8_t a[n], int8_t b[n], int8_t c[n], int16_t d[n],
                     uint8_t u[n], int32_t q[n], unsigned int w[n])
{
  for (int i = 0; i < n; i++) {
    c[i] = a[i] * b[i] + 3;             /* done in int, truncated on store */
    d[i] = (int16_t)(a[i] * 300) >> 2;  /* arithmetic shift of a negative value */
    u[i] = u[i] * 7 + (uint8_t)a[i];    /* unsigned char promotes to int */
    q[i] = a[i] / 7 + b[i] % 5 - (a[i] << 3); /* truncating division */
    w[i] = w[i] / 3u + (w[i] >> 1) + (unsigned)(-a[i]) % 11u; /* divui, shrui */
    c[i] += ~b[i] ^ (a[i] & 0x3c) | 1;
    d[i] -= 'a' + (char)b[i];
  }
}

void kernel_mixed_float(int n, float x[n], double y[n], int32_t k[n], uint8_t u[n])
{
  for (int i = 0; i < n; i++) {
    x[i] = x[i] * 1.5 + 0.1f;           /* float op double literal is done in double */
    y[i] = (float)y[i] + k[i] / 2;      /* integer division then conversion */
    k[i] = (int)(y[i] * 10.0) - (k[i] >= 0 ? k[i] : -k[i]);
    x[i] += u[i];                        /* uitofp of a promoted unsigned char */
  }
}
