/*
 * model.c - the model's memory (weights laid out in checkpoint order, run state) and
 * the forward pass of one token at one position.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "tlm.h"

void *xcalloc(size_t n, size_t size)
{
  void *p = calloc(n ? n : 1, size);
  if (!p) {
    fprintf(stderr, "tlm: out of memory (%zu x %zu bytes)\n", n, size);
    exit(1);
  }
  return p;
}

int config_valid(const Config *c)
{
  return c->dim > 0 && c->hidden_dim > 0 && c->n_layers > 0 && c->n_heads > 0 &&
         c->vocab_size > 0 && c->seq_len > 0 && c->dim % c->n_heads == 0 &&
         (c->dim / c->n_heads) % 2 == 0 && c->dim <= 16384 && c->hidden_dim <= 65536 &&
         c->n_layers <= 256 && c->vocab_size <= 1000000 && c->seq_len <= 65536;
}

/* floats of one layer's weights */
static size_t layer_count(const Config *c)
{
  size_t dim = (size_t)c->dim, hidden = (size_t)c->hidden_dim;
  return 2 * dim + 4 * dim * dim + 3 * dim * hidden;
}

/*
 * Checkpoint order: token_embedding; per layer attn_norm, wq, wk, wv, wo, ffn_norm, w1,
 * w2, w3; final_norm; classifier.
 */
size_t weight_count(const Config *c)
{
  size_t dim = (size_t)c->dim, vocab = (size_t)c->vocab_size;
  return vocab * dim + (size_t)c->n_layers * layer_count(c) + dim + vocab * dim;
}

static float *take(float **cursor, size_t n)
{
  float *p = *cursor;
  *cursor += n;
  return p;
}

/* points the weights into t->data, which holds weight_count floats */
void map_weights(Transformer *t)
{
  const Config *c = &t->config;
  size_t dim = (size_t)c->dim, hidden = (size_t)c->hidden_dim, vocab = (size_t)c->vocab_size;
  Weights *w = &t->weights;
  float *cursor = t->data;
  w->token_embedding = take(&cursor, vocab * dim);
  w->layers = xcalloc((size_t)c->n_layers, sizeof(LayerWeights));
  for (int l = 0; l < c->n_layers; l++) {
    LayerWeights *lw = &w->layers[l];
    lw->attn_norm = take(&cursor, dim);
    lw->wq = take(&cursor, dim * dim);
    lw->wk = take(&cursor, dim * dim);
    lw->wv = take(&cursor, dim * dim);
    lw->wo = take(&cursor, dim * dim);
    lw->ffn_norm = take(&cursor, dim);
    lw->w1 = take(&cursor, hidden * dim);
    lw->w2 = take(&cursor, dim * hidden);
    lw->w3 = take(&cursor, hidden * dim);
  }
  w->final_norm = take(&cursor, dim);
  w->classifier = take(&cursor, vocab * dim);
}

void build_state(Transformer *t)
{
  const Config *c = &t->config;
  RunState *s = &t->state;
  size_t dim = (size_t)c->dim, hidden = (size_t)c->hidden_dim;
  size_t cache = (size_t)c->n_layers * c->seq_len * dim;
  int half = c->dim / c->n_heads / 2;
  s->x = xcalloc(dim, sizeof(float));
  s->xb = xcalloc(dim, sizeof(float));
  s->xb2 = xcalloc(dim, sizeof(float));
  s->hb = xcalloc(hidden, sizeof(float));
  s->hb2 = xcalloc(hidden, sizeof(float));
  s->q = xcalloc(dim, sizeof(float));
  s->att = xcalloc((size_t)c->n_heads * c->seq_len, sizeof(float));
  s->logits = xcalloc((size_t)c->vocab_size, sizeof(float));
  s->key_cache = xcalloc(cache, sizeof(float));
  s->value_cache = xcalloc(cache, sizeof(float));
  s->rope_freq = xcalloc((size_t)half, sizeof(float));
  s->rope_cos = xcalloc((size_t)half, sizeof(float));
  s->rope_sin = xcalloc((size_t)half, sizeof(float));
  /* pair p of a head turns by pos * 10000^(-2p / head_size) */
  for (int p = 0; p < half; p++)
    s->rope_freq[p] = 1.0f / powf(10000.0f, (float)(2 * p) / (float)(2 * half));
}

void free_transformer(Transformer *t)
{
  RunState *s = &t->state;
  free(s->x);
  free(s->xb);
  free(s->xb2);
  free(s->hb);
  free(s->hb2);
  free(s->q);
  free(s->att);
  free(s->logits);
  free(s->key_cache);
  free(s->value_cache);
  free(s->rope_freq);
  free(s->rope_cos);
  free(s->rope_sin);
  free(t->weights.layers);
  free(t->data);
  t->data = NULL;
  t->weights.layers = NULL;
}

/* the logits of the token after `token`, at position pos (0 <= pos < seq_len) */
float *forward(Transformer *t, int token, int pos)
{
  const Config *c = &t->config;
  Weights *w = &t->weights;
  RunState *s = &t->state;
  int dim = c->dim;
  int hidden = c->hidden_dim;
  int head_size = dim / c->n_heads;

  copy_vec(s->x, w->token_embedding + (size_t)token * dim, dim);
  rope_angles(s->rope_cos, s->rope_sin, s->rope_freq, head_size / 2, pos);

  for (int l = 0; l < c->n_layers; l++) {
    LayerWeights *lw = &w->layers[l];
    float *keys = s->key_cache + (size_t)l * c->seq_len * dim;
    float *values = s->value_cache + (size_t)l * c->seq_len * dim;
    float *k = keys + (size_t)pos * dim;
    float *v = values + (size_t)pos * dim;

    /* attention: q, k, v of this position (k and v straight into the caches) */
    rmsnorm(s->xb, s->x, lw->attn_norm, dim);
    matmul(s->q, s->xb, lw->wq, dim, dim);
    matmul(k, s->xb, lw->wk, dim, dim);
    matmul(v, s->xb, lw->wv, dim, dim);
    rope(s->q, s->rope_cos, s->rope_sin, c->n_heads, head_size);
    rope(k, s->rope_cos, s->rope_sin, c->n_heads, head_size);
    multihead_attention(s->xb, s->q, keys, values, s->att, pos, c);
    matmul(s->xb2, s->xb, lw->wo, dim, dim);
    accum(s->x, s->xb2, dim);

    /* feed-forward: w2 . (silu(w1 . x) * (w3 . x)) */
    rmsnorm(s->xb, s->x, lw->ffn_norm, dim);
    matmul(s->hb, s->xb, lw->w1, dim, hidden);
    matmul(s->hb2, s->xb, lw->w3, dim, hidden);
    swiglu(s->hb, s->hb2, hidden);
    matmul(s->xb, s->hb, lw->w2, hidden, dim);
    accum(s->x, s->xb, dim);
  }

  rmsnorm(s->x, s->x, w->final_norm, dim);
  matmul(s->logits, s->x, w->classifier, dim, c->vocab_size);
  return s->logits;
}
