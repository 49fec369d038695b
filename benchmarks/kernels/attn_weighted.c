/*
 * attn_weighted: out = sum_t att[t] * v_t, the attention-weighted sum of T cached values
 * v_t of one head (v is T x hs, row-major); out is zeroed first.
 */
#include "polylift_bench.h"

#define HS 64
#if defined(MINI_DATASET)
#define NTOK 16
#elif defined(SMALL_DATASET)
#define NTOK 312
#elif defined(LARGE_DATASET)
#define NTOK 62500
#elif defined(EXTRALARGE_DATASET)
#define NTOK 250000
#else
#define NTOK 3125
#endif

/* Element counts of the pointer parameters, for the polylift harness:
 *   POLYLIFT_EXTENT(att, T)
 *   POLYLIFT_EXTENT(v, T * hs)
 *   POLYLIFT_EXTENT(out, hs)
 */
static void kernel_attn_weighted(int T, int hs, const float *restrict att, const float *restrict v,
                                 float *restrict out)
{
  for (int i = 0; i < hs; i++)
    out[i] = 0.0f;
  for (int t = 0; t < T; t++) {
    float a = att[t];
    for (int i = 0; i < hs; i++)
      out[i] += a * v[t * hs + i];
  }
}

int main(void)
{
  int T = NTOK, hs = HS;
  int i;
  float *att = POLYLIFT_ALLOC(T, float);
  float *v = POLYLIFT_ALLOC(T * hs, float);
  float *out = POLYLIFT_ALLOC(hs, float);

  for (i = 0; i < T; i++)
    att[i] = (float)((i * 7 + 3) % 23 + 1) / 64.0f;
  for (i = 0; i < T * hs; i++)
    v[i] = (float)((i * 5 + 1) % 19 - 9) / 4.0f;

  kernel_attn_weighted(T, hs, att, v, out);

  polylift_checksum_f32("out", out, (size_t)hs);
  free(att);
  free(v);
  free(out);
  return 0;
}
