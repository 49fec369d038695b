/*
 * attn_scores: att[t] = (q . k_t) / sqrt(hs) for each of T cached keys k_t of one head
 * (k is T x hs, row-major).
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
 *   POLYLIFT_EXTENT(q, hs)
 *   POLYLIFT_EXTENT(k, T * hs)
 *   POLYLIFT_EXTENT(att, T)
 */
static void kernel_attn_scores(int T, int hs, const float *restrict q, const float *restrict k,
                               float *restrict att)
{
  for (int t = 0; t < T; t++) {
    float score = 0.0f;
    for (int i = 0; i < hs; i++)
      score += q[i] * k[t * hs + i];
    att[t] = score / sqrtf((float)hs);
  }
}

int main(void)
{
  int T = NTOK, hs = HS;
  int i;
  float *q = POLYLIFT_ALLOC(hs, float);
  float *k = POLYLIFT_ALLOC(T * hs, float);
  float *att = POLYLIFT_ALLOC(T, float);

  for (i = 0; i < hs; i++)
    q[i] = (float)((i * 7 + 3) % 23 - 11) / 8.0f;
  for (i = 0; i < T * hs; i++)
    k[i] = (float)((i * 5 + 1) % 19 - 9) / 4.0f;

  kernel_attn_scores(T, hs, q, k, att);

  polylift_checksum_f32("att", att, (size_t)T);
  free(q);
  free(k);
  free(att);
  return 0;
}
