/*
 * checkpoint.c - the model file: the 4 bytes "TLM1", seven 32-bit integers (dim,
 * hidden_dim, n_layers, n_heads, vocab_size, seq_len, seed), then every weight as
 * float32 in the order of model.c's weight_count. Integers and floats are in the
 * machine's byte order (little-endian on x86-64 and aarch64).
 *
 * write_checkpoint fills the weights with deterministic pseudo-random values: each
 * tensor is uniform in [-a, a) with a = 1/sqrt(fan-in) (the embedding in [-1, 1)), each
 * norm weight in [0.9, 1.1). The generator is a 64-bit linear congruential step whose
 * draw is the top 24 bits of the state (exact in a float).
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tlm.h"

#define CHUNK 4096

typedef struct rng {
  uint64_t state;
} rng;

static float rng_uniform(rng *r)
{
  r->state = r->state * 6364136223846793005ULL + 1442695040888963407ULL;
  return (float)(r->state >> 40) * (1.0f / 16777216.0f);
}

typedef struct writer {
  FILE *f;
  rng r;
  float buf[CHUNK];
  int ok;
} writer;

/* n floats uniform in [lo, hi) */
static void write_uniform(writer *wr, size_t n, float lo, float hi)
{
  while (n > 0 && wr->ok) {
    size_t m = n < CHUNK ? n : CHUNK;
    for (size_t i = 0; i < m; i++)
      wr->buf[i] = lo + (hi - lo) * rng_uniform(&wr->r);
    wr->ok = fwrite(wr->buf, sizeof(float), m, wr->f) == m;
    n -= m;
  }
}

static void write_matrix(writer *wr, size_t rows, size_t cols)
{
  float a = 1.0f / sqrtf((float)cols);
  write_uniform(wr, rows * cols, -a, a);
}

int write_checkpoint(const char *path, const Config *c, unsigned seed)
{
  if (!config_valid(c)) {
    fprintf(stderr, "tlm: bad model sizes\n");
    return 1;
  }
  static writer wr;
  wr.f = fopen(path, "wb");
  if (!wr.f) {
    fprintf(stderr, "tlm: cannot write %s\n", path);
    return 1;
  }
  wr.r.state = (uint64_t)seed * 0x9E3779B97F4A7C15ULL + 0x2545F4914F6CDD1DULL;
  wr.ok = 1;
  int32_t header[7] = {c->dim, c->hidden_dim, c->n_layers, c->n_heads,
                       c->vocab_size, c->seq_len, (int32_t)seed};
  wr.ok = fwrite("TLM1", 1, 4, wr.f) == 4 && fwrite(header, sizeof header, 1, wr.f) == 1;

  size_t dim = (size_t)c->dim, hidden = (size_t)c->hidden_dim, vocab = (size_t)c->vocab_size;
  write_uniform(&wr, vocab * dim, -1.0f, 1.0f);
  for (int l = 0; l < c->n_layers; l++) {
    write_uniform(&wr, dim, 0.9f, 1.1f); /* attn_norm */
    write_matrix(&wr, dim, dim);         /* wq */
    write_matrix(&wr, dim, dim);         /* wk */
    write_matrix(&wr, dim, dim);         /* wv */
    write_matrix(&wr, dim, dim);         /* wo */
    write_uniform(&wr, dim, 0.9f, 1.1f); /* ffn_norm */
    write_matrix(&wr, hidden, dim);      /* w1 */
    write_matrix(&wr, dim, hidden);      /* w2 */
    write_matrix(&wr, hidden, dim);      /* w3 */
  }
  write_uniform(&wr, dim, 0.9f, 1.1f); /* final_norm */
  write_matrix(&wr, vocab, dim);       /* classifier */

  if (fclose(wr.f) != 0 || !wr.ok) {
    fprintf(stderr, "tlm: error writing %s\n", path);
    return 1;
  }
  return 0;
}

int read_checkpoint(const char *path, Transformer *t)
{
  memset(t, 0, sizeof *t);
  FILE *f = fopen(path, "rb");
  if (!f) {
    fprintf(stderr, "tlm: cannot open %s\n", path);
    return 1;
  }
  char magic[4];
  int32_t header[7];
  if (fread(magic, 1, 4, f) != 4 || memcmp(magic, "TLM1", 4) != 0 ||
      fread(header, sizeof header, 1, f) != 1) {
    fprintf(stderr, "tlm: %s is no model file\n", path);
    fclose(f);
    return 1;
  }
  Config *c = &t->config;
  c->dim = header[0];
  c->hidden_dim = header[1];
  c->n_layers = header[2];
  c->n_heads = header[3];
  c->vocab_size = header[4];
  c->seq_len = header[5];
  if (!config_valid(c)) {
    fprintf(stderr, "tlm: %s has bad model sizes\n", path);
    fclose(f);
    return 1;
  }
  t->data_count = weight_count(c);
  t->data = xcalloc(t->data_count, sizeof(float));
  if (fread(t->data, sizeof(float), t->data_count, f) != t->data_count || fgetc(f) != EOF) {
    fprintf(stderr, "tlm: %s does not hold the weights its header announces\n", path);
    fclose(f);
    free(t->data);
    t->data = NULL;
    return 1;
  }
  fclose(f);
  map_weights(t);
  build_state(t);
  return 0;
}
