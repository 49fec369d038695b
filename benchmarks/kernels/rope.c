/*
 * rope: rotary position embedding of one head in place: each pair (x[i], x[i+1]) is
 * rotated by the angle whose cosine and sine are fcr[i/2] and fci[i/2].
 */
#include "polylift_bench.h"

#if defined(MINI_DATASET)
#define DIM 1000
#elif defined(SMALL_DATASET)
#define DIM 20000
#elif defined(LARGE_DATASET)
#define DIM 4000000
#elif defined(EXTRALARGE_DATASET)
#define DIM 16000000
#else
#define DIM 200000
#endif

/* Element counts of the pointer parameters, for the polylift harness:
 *   POLYLIFT_EXTENT(fcr, dim / 2)
 *   POLYLIFT_EXTENT(fci, dim / 2)
 *   POLYLIFT_EXTENT(x, dim)
 */
static void kernel_rope(int dim, const float *restrict fcr, const float *restrict fci,
                        float *restrict x)
{
  for (int i = 0; i < dim; i += 2) {
    float v0 = x[i];
    float v1 = x[i + 1];
    x[i] = v0 * fcr[i / 2] - v1 * fci[i / 2];
    x[i + 1] = v0 * fci[i / 2] + v1 * fcr[i / 2];
  }
}

int main(void)
{
  int dim = DIM;
  int i;
  float *fcr = POLYLIFT_ALLOC(dim / 2, float);
  float *fci = POLYLIFT_ALLOC(dim / 2, float);
  float *x = POLYLIFT_ALLOC(dim, float);

  /* Points on the unit circle with rational coordinates: (3/5, 4/5), (5/13, 12/13) and
   * (8/17, 15/17), with signs varied. */
  for (i = 0; i < dim / 2; i++) {
    int p = i % 3, s = (i / 3) % 4;
    float c = p == 0 ? 3.0f / 5.0f : (p == 1 ? 5.0f / 13.0f : 8.0f / 17.0f);
    float sn = p == 0 ? 4.0f / 5.0f : (p == 1 ? 12.0f / 13.0f : 15.0f / 17.0f);
    fcr[i] = (s & 1) ? -c : c;
    fci[i] = (s & 2) ? -sn : sn;
  }
  for (i = 0; i < dim; i++)
    x[i] = (float)((i * 7 + 3) % 23 - 11) / 8.0f;

  kernel_rope(dim, fcr, fci, x);

  polylift_checksum_f32("x", x, (size_t)dim);
  free(fcr);
  free(fci);
  free(x);
  return 0;
}
