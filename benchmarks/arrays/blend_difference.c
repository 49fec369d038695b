/*
 * blend_difference: |a - b|.
 */
#include "polylift_bench.h"

#if defined(MINI_DATASET)
#define NPIX (24 * 32)
#elif defined(SMALL_DATASET)
#define NPIX (120 * 160)
#elif defined(LARGE_DATASET)
#define NPIX (1080 * 1920)
#elif defined(EXTRALARGE_DATASET)
#define NPIX (2160 * 3840)
#else
#define NPIX (480 * 640)
#endif

/* Element counts of the pointer parameters, for the polylift harness:
 *   POLYLIFT_EXTENT(a, n)
 *   POLYLIFT_EXTENT(b, n)
 *   POLYLIFT_EXTENT(o, n)
 */
static void kernel_blend_difference(int n, uint8_t *restrict a, uint8_t *restrict b, uint8_t *restrict o)
{
  for (int i = 0; i < n; i++)
    o[i] = a[i] > b[i] ? a[i] - b[i] : b[i] - a[i];
}

int main(void)
{
  int n = NPIX;
  int i;
  uint8_t *a = POLYLIFT_ALLOC(n, uint8_t);
  uint8_t *b = POLYLIFT_ALLOC(n, uint8_t);
  uint8_t *o = POLYLIFT_ALLOC(n, uint8_t);

  for (i = 0; i < n; i++)
    a[i] = (uint8_t)((i * 37 + 11) % 256);
  for (i = 0; i < n; i++)
    b[i] = (uint8_t)((i * 53 + i / 7 + 5) % 256);

  kernel_blend_difference(n, a, b, o);

  polylift_checksum_u8("o", o, (size_t)n);
  free(a);
  free(b);
  free(o);
  return 0;
}
