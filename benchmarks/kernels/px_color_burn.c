/*
 * px_color_burn: out = 0 where active is 0, else max(0, 255 - (255 - base) * 255 / active)
 * in int arithmetic.
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
 *   POLYLIFT_EXTENT(base, n)
 *   POLYLIFT_EXTENT(active, n)
 *   POLYLIFT_EXTENT(out, n)
 */
static void kernel_px_color_burn(int n, const unsigned char *restrict base,
                                 const unsigned char *restrict active, unsigned char *restrict out)
{
  for (int k = 0; k < n; k++) {
    unsigned char px;
    if (active[k] == 0)
      px = 0;
    else {
      int v = 255 - (255 - base[k]) * 255 / active[k];
      px = v < 0 ? 0 : v;
    }
    out[k] = px;
  }
}

int main(void)
{
  int n = NPIX;
  int i;
  unsigned char *base = POLYLIFT_ALLOC(n, unsigned char);
  unsigned char *active = POLYLIFT_ALLOC(n, unsigned char);
  unsigned char *out = POLYLIFT_ALLOC(n, unsigned char);

  for (i = 0; i < n; i++)
    base[i] = (unsigned char)((i * 37 + 11) % 256);
  for (i = 0; i < n; i++)
    active[i] = (unsigned char)((i * 53 + i / 7 + 5) % 256);

  kernel_px_color_burn(n, base, active, out);

  polylift_checksum_u8("out", out, (size_t)n);
  free(base);
  free(active);
  free(out);
  return 0;
}
