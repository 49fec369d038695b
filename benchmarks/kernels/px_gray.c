/*
 * px_gray: gray[k] = (77 * R + 150 * G + 29 * B) >> 8 from interleaved RGB pixels
 * (the weights sum to 256, so the result fits a byte).
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
 *   POLYLIFT_EXTENT(rgb, 3 * n)
 *   POLYLIFT_EXTENT(gray, n)
 */
static void kernel_px_gray(int n, const unsigned char *restrict rgb, unsigned char *restrict gray)
{
  for (int k = 0; k < n; k++)
    gray[k] = (unsigned char)((77 * rgb[3 * k] + 150 * rgb[3 * k + 1] + 29 * rgb[3 * k + 2]) >> 8);
}

int main(void)
{
  int n = NPIX;
  int i;
  unsigned char *rgb = POLYLIFT_ALLOC(3 * n, unsigned char);
  unsigned char *gray = POLYLIFT_ALLOC(n, unsigned char);

  for (i = 0; i < 3 * n; i++)
    rgb[i] = (unsigned char)((i * 37 + i / 11 + 11) % 256);

  kernel_px_gray(n, rgb, gray);

  polylift_checksum_u8("gray", gray, (size_t)n);
  free(rgb);
  free(gray);
  return 0;
}
