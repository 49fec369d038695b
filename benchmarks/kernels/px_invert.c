/*
 * px_invert: out = 255 - in.
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
 *   POLYLIFT_EXTENT(in, n)
 *   POLYLIFT_EXTENT(out, n)
 */
static void kernel_px_invert(int n, const unsigned char *restrict in, unsigned char *restrict out)
{
  for (int k = 0; k < n; k++)
    out[k] = (unsigned char)(255 - in[k]);
}

int main(void)
{
  int n = NPIX;
  int i;
  unsigned char *in = POLYLIFT_ALLOC(n, unsigned char);
  unsigned char *out = POLYLIFT_ALLOC(n, unsigned char);

  for (i = 0; i < n; i++)
    in[i] = (unsigned char)((i * 37 + 11) % 256);

  kernel_px_invert(n, in, out);

  polylift_checksum_u8("out", out, (size_t)n);
  free(in);
  free(out);
  return 0;
}
