/*
 * px_abs_diff: out = |a - b|, the larger pixel minus the smaller, chosen with if/else.
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
 *   POLYLIFT_EXTENT(out, n)
 */
static void kernel_px_abs_diff(int n, const unsigned char *restrict a,
                               const unsigned char *restrict b, unsigned char *restrict out)
{
  for (int k = 0; k < n; k++) {
    unsigned char d;
    if (a[k] > b[k])
      d = (unsigned char)(a[k] - b[k]);
    else
      d = (unsigned char)(b[k] - a[k]);
    out[k] = d;
  }
}

int main(void)
{
  int n = NPIX;
  int i;
  unsigned char *a = POLYLIFT_ALLOC(n, unsigned char);
  unsigned char *b = POLYLIFT_ALLOC(n, unsigned char);
  unsigned char *out = POLYLIFT_ALLOC(n, unsigned char);

  for (i = 0; i < n; i++)
    a[i] = (unsigned char)((i * 37 + 11) % 256);
  for (i = 0; i < n; i++)
    b[i] = (unsigned char)((i * 53 + i / 7 + 5) % 256);

  kernel_px_abs_diff(n, a, b, out);

  polylift_checksum_u8("out", out, (size_t)n);
  free(a);
  free(b);
  free(out);
  return 0;
}
