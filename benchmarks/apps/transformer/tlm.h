/*
 * tlm.h - a small decoder-only transformer language model for inference: token
 * embedding, n_layers blocks of (RMS norm, multi-head causal self-attention with rotary
 * position embedding over a key/value cache, residual; RMS norm, SwiGLU feed-forward,
 * residual), a final RMS norm and a classifier onto the vocabulary. Tokens are chosen
 * greedily (the most likely next token).
 *
 * All tensors are float32, row-major; a weight matrix W (d x n) maps a vector of n to a
 * vector of d: out[i] = sum over j of W[i*n + j] * in[j].
 */
#ifndef TLM_H
#define TLM_H

#include <stddef.h>

typedef struct Config {
  int dim;        /* width of the residual stream */
  int hidden_dim; /* width of the feed-forward layer */
  int n_layers;
  int n_heads;    /* attention heads; head size = dim / n_heads (even) */
  int vocab_size;
  int seq_len;    /* longest sequence the key/value cache holds */
} Config;

typedef struct LayerWeights {
  float *attn_norm; /* (dim) */
  float *wq;        /* (dim, dim) */
  float *wk;        /* (dim, dim) */
  float *wv;        /* (dim, dim) */
  float *wo;        /* (dim, dim) */
  float *ffn_norm;  /* (dim) */
  float *w1;        /* (hidden_dim, dim) gate */
  float *w2;        /* (dim, hidden_dim) down */
  float *w3;        /* (hidden_dim, dim) up */
} LayerWeights;

typedef struct Weights {
  float *token_embedding; /* (vocab_size, dim) */
  LayerWeights *layers;   /* (n_layers) */
  float *final_norm;      /* (dim) */
  float *classifier;      /* (vocab_size, dim) */
} Weights;

typedef struct RunState {
  float *x;           /* residual stream (dim) */
  float *xb, *xb2;    /* scratch (dim) */
  float *hb, *hb2;    /* feed-forward scratch (hidden_dim) */
  float *q;           /* query (dim) */
  float *att;         /* attention weights (n_heads, seq_len) */
  float *logits;      /* (vocab_size) */
  float *key_cache;   /* (n_layers, seq_len, dim) */
  float *value_cache; /* (n_layers, seq_len, dim) */
  float *rope_freq;   /* rotation frequency of each pair of a head (head_size / 2) */
  float *rope_cos;    /* cos and sin of the current position's angles (head_size / 2) */
  float *rope_sin;
} RunState;

typedef struct Transformer {
  Config config;
  Weights weights;
  RunState state;
  float *data;        /* every weight, in checkpoint order */
  size_t data_count;
} Transformer;

/* ops.c */
void matmul(float *xout, float *x, float *w, int n, int d);
void rmsnorm(float *o, float *x, float *weight, int size);
void softmax(float *x, int size);
void rope_angles(float *cos_t, float *sin_t, float *freq, int half, int pos);
void rope(float *vec, float *cos_t, float *sin_t, int n_heads, int head_size);
void swiglu(float *hb, float *hb2, int n);
void accum(float *a, float *b, int size);
void copy_vec(float *dst, float *src, int size);
int argmax(float *v, int n);

/* attention.c */
void attention_scores(float *att, float *q, float *keys, int n_pos, int head_size,
                      int stride);
void attention_mix(float *out, float *att, float *values, int n_pos, int head_size,
                   int stride);
void multihead_attention(float *out, float *q, float *keys, float *values, float *att,
                         int pos, const Config *c);

/* model.c */
void *xcalloc(size_t n, size_t size);
size_t weight_count(const Config *c);
int config_valid(const Config *c);
void map_weights(Transformer *t);
void build_state(Transformer *t);
void free_transformer(Transformer *t);
float *forward(Transformer *t, int token, int pos);

/* checkpoint.c: 0 on success, a message on stderr otherwise */
int write_checkpoint(const char *path, const Config *c, unsigned seed);
int read_checkpoint(const char *path, Transformer *t);

#endif
