/*
 * attention.c - causal multi-head self-attention of the current position over the
 * key/value cache of one layer. For head h, with q_h, k_h(t), v_h(t) the h-th slices
 * (head_size wide) of the query and of the cached keys and values at positions t <= pos:
 *   att(t) = softmax over t of (q_h . k_h(t) / sqrt(head_size))
 *   out_h  = sum over t of att(t) * v_h(t)
 */
#include <math.h>

#include "tlm.h"

/* att[t] = q . keys[t*stride ...] / sqrt(head_size), t < n_pos */
void attention_scores(float *att, float *q, float *keys, int n_pos, int head_size,
                      int stride)
{
  float scale = sqrtf((float)head_size);
  for (int t = 0; t < n_pos; t++) {
    float score = 0.0f;
    for (int i = 0; i < head_size; i++)
      score += q[i] * keys[t * stride + i];
    att[t] = score / scale;
  }
}

/* out[i] = sum over t < n_pos of att[t] * values[t*stride + i] */
void attention_mix(float *out, float *att, float *values, int n_pos, int head_size,
                   int stride)
{
  for (int i = 0; i < head_size; i++)
    out[i] = 0.0f;
  for (int t = 0; t < n_pos; t++)
    for (int i = 0; i < head_size; i++)
      out[i] += att[t] * values[t * stride + i];
}

/*
 * out (dim) = the heads' outputs side by side; keys and values are one layer's caches
 * (seq_len x dim), filled up to pos; att holds seq_len weights per head.
 */
void multihead_attention(float *out, float *q, float *keys, float *values, float *att,
                         int pos, const Config *c)
{
  int head_size = c->dim / c->n_heads;
  for (int h = 0; h < c->n_heads; h++) {
    float *att_h = att + h * c->seq_len;
    attention_scores(att_h, q + h * head_size, keys + h * head_size, pos + 1, head_size,
                     c->dim);
    softmax(att_h, pos + 1);
    attention_mix(out + h * head_size, att_h, values + h * head_size, pos + 1, head_size,
                  c->dim);
  }
}
