/* The premise of the matcher's narrowing (`matcher/binding/narrowing.py`): a float
 * + - * / or sqrt computed in double and rounded back to float is the float operation,
 * bit for bit, NaN payloads included, where at most one operand is a NaN (the matcher
 * reads so only an operation of a float and a constant). Prints how many of 4 million
 * random operand pairs (any bits, near 1, subnormals, infinities, NaNs) disagree so,
 * then how many pairs of two NaNs do (aarch64 picks another payload for some). */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
static uint32_t bits(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
static float from(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }
static uint64_t state = 0x9E3779B97F4A7C15ull;
static uint32_t next(void) {
  state ^= state << 13; state ^= state >> 7; state ^= state << 17;
  return (uint32_t)(state >> 11);
}
/* A float from a few families: any bits, near 1, subnormal, special. */
static float pick(void) {
  uint32_t r = next();
  switch (r % 6) {
    case 0: return from(next());
    case 1: return from((next() & 0x807FFFFFu) | 0x3F800000u);
    case 2: return from(next() & 0x807FFFFFu);
    case 3: { static const uint32_t s[] = {0, 0x80000000u, 0x7F800000u, 0xFF800000u,
                0x7FC00000u, 0x7FA00001u, 0xFFC12345u, 0x00000001u, 0x7F7FFFFFu};
              return from(s[next() % 9]); }
    default: return from((next() & 0x8FFFFFFFu) | ((next() % 60 + 100) << 23));
  }
}
int main(void) {
  long bad = 0, two_nans = 0;
  for (long k = 0; k < 4000000; k++) {
    volatile float x = pick(), y = pick();
    float f[5] = {x + y, x - y, x * y, x / y, sqrtf(x)};
    /* Held in volatile doubles, so that no compiler narrows the operation itself. */
    volatile double w[5] = {(double)x + (double)y, (double)x - (double)y,
                            (double)x * (double)y, (double)x / (double)y, sqrt((double)x)};
    for (int o = 0; o < 5; o++)
      if (bits(f[o]) != bits((float)w[o])) {
        if (x != x && y != y)
          two_nans++;
        else
          bad++;
      }
  }
  printf("%ld %ld\n", bad, two_nans);
  return 0;
}
