/* histogram_u8: the 256-bin histogram of an 8-bit image, h[v] counting the pixels of
 * value v: the bins cleared, then h[img[i]]++ over the pixels. */
#include "polylift_bench.h"

#if defined(MINI_DATASET)
#define SIZE_N 64
#elif defined(SMALL_DATASET)
#define SIZE_N 4096
#elif defined(LARGE_DATASET)
#define SIZE_N 4194304
#elif defined(EXTRALARGE_DATASET)
#define SIZE_N 16777216
#else
#define SIZE_N 262144
#endif

static void kernel_histogram_u8(int n, const unsigned char img[restrict n], int h[restrict 256])
{
  for (int v = 0; v < 256; v++)
    h[v] = 0;
  for (int i = 0; i < n; i++)
    h[img[i]]++;
}

int main(void)
{
  int n = SIZE_N;
  unsigned char *img = POLYLIFT_ALLOC(n, unsigned char);
  int *h = POLYLIFT_ALLOC(256, int);

  /* A smooth gradient with noise: runs of equal pixels, every value present. */
  for (int i = 0; i < n; i++)
    img[i] = (unsigned char)((i / 7 + (i * 31) % 13) & 255);

  kernel_histogram_u8(n, img, h);

  polylift_checksum_i32("h", h, 256);
  free(img);
  free(h);
  return 0;
}
