/*
 * px_alpha: out = (fg * alpha + bg * (255 - alpha)) / 255, with a per-pixel alpha.
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
 *   POLYLIFT_EXTENT(fg, n)
 *   POLYLIFT_EXTENT(bg, n)
 *   POLYLIFT_EXTENT(alpha, n)
 *   POLYLIFT_EXTENT(out, n)
 */
static void kernel_px_alpha(int n, const unsigned char *restrict fg, const unsigned char *restrict bg,
                            const unsigned char *restrict alpha, unsigned char *restrict out)
{
  for (int k = 0; k < n; k++)
    out[k] = (unsigned char)((fg[k] * alpha[k] + bg[k] * (255 - alpha[k])) / 255);
}

int main(void)
{
  int n = NPIX;
  int i;
  unsigned char *fg = POLYLIFT_ALLOC(n, unsigned char);
  unsigned char *bg = POLYLIFT_ALLOC(n, unsigned char);
  unsigned char *alpha = POLYLIFT_ALLOC(n, unsigned char);
  unsigned char *out = POLYLIFT_ALLOC(n, unsigned char);

  for (i = 0; i < n; i++)
    fg[i] = (unsigned char)((i * 37 + 11) % 256);
  for (i = 0; i < n; i++)
    bg[i] = (unsigned char)((i * 53 + i / 7 + 5) % 256);
  for (i = 0; i < n; i++)
    alpha[i] = (unsigned char)((i * 29 + i / 5 + 3) % 256);

  kernel_px_alpha(n, fg, bg, alpha, out);

  polylift_checksum_u8("out", out, (size_t)n);
  free(fg);
  free(bg);
  free(alpha);
  free(out);
  return 0;
}
