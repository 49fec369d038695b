/*
 * px_darken_if: out = the darker of base and active, chosen with if/else into a local
 * pixel, over rows x w pixels indexed r * w + c.
 */
#include "polylift_bench.h"

#if defined(MINI_DATASET)
#define ROWS 24
#define WIDTH 32
#elif defined(SMALL_DATASET)
#define ROWS 120
#define WIDTH 160
#elif defined(LARGE_DATASET)
#define ROWS 1080
#define WIDTH 1920
#elif defined(EXTRALARGE_DATASET)
#define ROWS 2160
#define WIDTH 3840
#else
#define ROWS 480
#define WIDTH 640
#endif

/* Element counts of the pointer parameters, for the polylift harness:
 *   POLYLIFT_EXTENT(base, rows * w)
 *   POLYLIFT_EXTENT(active, rows * w)
 *   POLYLIFT_EXTENT(out, rows * w)
 */
static void kernel_px_darken_if(int rows, int w, const unsigned char *restrict base,
                                const unsigned char *restrict active, unsigned char *restrict out)
{
  for (int r = 0; r < rows; r++)
    for (int c = 0; c < w; c++) {
      unsigned char px;
      if (base[r * w + c] > active[r * w + c])
        px = active[r * w + c];
      else
        px = base[r * w + c];
      out[r * w + c] = px;
    }
}

int main(void)
{
  int rows = ROWS, w = WIDTH;
  int i;
  unsigned char *base = POLYLIFT_ALLOC(rows * w, unsigned char);
  unsigned char *active = POLYLIFT_ALLOC(rows * w, unsigned char);
  unsigned char *out = POLYLIFT_ALLOC(rows * w, unsigned char);

  for (i = 0; i < rows * w; i++)
    base[i] = (unsigned char)((i * 37 + 11) % 256);
  for (i = 0; i < rows * w; i++)
    active[i] = (unsigned char)((i * 53 + i / 7 + 5) % 256);

  kernel_px_darken_if(rows, w, base, active, out);

  polylift_checksum_u8("out", out, (size_t)(rows * w));
  free(base);
  free(active);
  free(out);
  return 0;
}
