/*
 * ops.c - the vector kernels of the forward pass, one loop nest each.
 */
#include <math.h>

#include "tlm.h"

/* xout (d) = W (d x n) . x (n) */
void matmul(float *xout, float *x, float *w, int n, int d)
{
  for (int i = 0; i < d; i++) {
    float val = 0.0f;
    for (int j = 0; j < n; j++)
      val += w[i * n + j] * x[j];
    xout[i] = val;
  }
}

/* o = weight * x / sqrt(mean(x^2) + eps) */
void rmsnorm(float *o, float *x, float *weight, int size)
{
  float ss = 0.0f;
  for (int j = 0; j < size; j++)
    ss += x[j] * x[j];
  ss /= size;
  ss += 1e-5f;
  ss = 1.0f / sqrtf(ss);
  for (int j = 0; j < size; j++)
    o[j] = weight[j] * (ss * x[j]);
}

/* x = exp(x - max) / sum of those, in place */
void softmax(float *x, int size)
{
  float max_val = x[0];
  for (int i = 1; i < size; i++)
    if (x[i] > max_val)
      max_val = x[i];
  float sum = 0.0f;
  for (int i = 0; i < size; i++) {
    x[i] = expf(x[i] - max_val);
    sum += x[i];
  }
  for (int i = 0; i < size; i++)
    x[i] /= sum;
}

/* cos and sin of the rotation angle pos * freq[p] of each pair p of a head */
void rope_angles(float *cos_t, float *sin_t, float *freq, int half, int pos)
{
  for (int p = 0; p < half; p++) {
    float angle = (float)pos * freq[p];
    cos_t[p] = cosf(angle);
    sin_t[p] = sinf(angle);
  }
}

/* rotary position embedding: in each head, rotate the pair (2p, 2p+1) by angle p */
void rope(float *vec, float *cos_t, float *sin_t, int n_heads, int head_size)
{
  for (int h = 0; h < n_heads; h++)
    for (int p = 0; p < head_size / 2; p++) {
      float v0 = vec[h * head_size + 2 * p];
      float v1 = vec[h * head_size + 2 * p + 1];
      vec[h * head_size + 2 * p] = v0 * cos_t[p] - v1 * sin_t[p];
      vec[h * head_size + 2 * p + 1] = v0 * sin_t[p] + v1 * cos_t[p];
    }
}

/* hb = silu(hb) * hb2, silu(v) = v * sigmoid(v) */
void swiglu(float *hb, float *hb2, int n)
{
  for (int i = 0; i < n; i++)
    hb[i] = hb[i] / (1.0f + expf(-hb[i])) * hb2[i];
}

/* a += b (the residual connection) */
void accum(float *a, float *b, int size)
{
  for (int i = 0; i < size; i++)
    a[i] += b[i];
}

void copy_vec(float *dst, float *src, int size)
{
  for (int i = 0; i < size; i++)
    dst[i] = src[i];
}

/* index of the first largest element */
int argmax(float *v, int n)
{
  int best = 0;
  float max_val = v[0];
  for (int i = 1; i < n; i++)
    if (v[i] > max_val) {
      max_val = v[i];
      best = i;
    }
  return best;
}
