/*
 * weights.c - deterministic pseudo-random parameters and input image. Each layer draws
 * from its own stream (seeded by the seed and the layer's index), so the parameters of
 * a layer do not depend on the sizes of the layers before it.
 *
 * Generator: a 64-bit linear congruential step; a draw is the top 24 bits of the state,
 * which a float holds exactly, scaled to [0, 1).
 */
#include <math.h>

#include "cnn.h"

typedef struct rng {
  unsigned long long state;
} rng;

static float rng_uniform(rng *r)
{
  r->state = r->state * 6364136223846793005ULL + 1442695040888963407ULL;
  return (float)(r->state >> 40) * (1.0f / 16777216.0f);
}

static rng rng_stream(unsigned seed, unsigned stream)
{
  rng r;
  r.state = (unsigned long long)seed * 0x9E3779B97F4A7C15ULL + stream * 0xBF58476D1CE4E5B9ULL;
  for (int i = 0; i < 4; i++)
    rng_uniform(&r);
  return r;
}

/* x[i] uniform in [lo, hi) */
static void fill_uniform(rng *r, float *x, int n, float lo, float hi)
{
  for (int i = 0; i < n; i++)
    x[i] = lo + (hi - lo) * rng_uniform(r);
}

void init_network_weights(network *net, unsigned seed)
{
  for (int i = 0; i < net->n; i++) {
    layer *l = &net->layers[i];
    rng r = rng_stream(seed, (unsigned)i + 1);
    if (l->type == CONVOLUTIONAL || l->type == CONNECTED) {
      int fan_in = l->type == CONVOLUTIONAL ? l->c * l->size * l->size : l->inputs;
      float a = sqrtf(6.0f / (float)fan_in);
      fill_uniform(&r, l->weights, l->nweights, -a, a);
      fill_uniform(&r, l->biases, l->n, -0.1f, 0.1f);
    }
    if (l->type == CONVOLUTIONAL && l->batch_normalize) {
      fill_uniform(&r, l->scales, l->n, 0.75f, 1.25f);
      fill_uniform(&r, l->rolling_mean, l->n, -0.1f, 0.1f);
      fill_uniform(&r, l->rolling_variance, l->n, 0.5f, 1.5f);
    }
  }
}

void make_input(float *x, int n, unsigned seed)
{
  rng r = rng_stream(seed, 0);
  fill_uniform(&r, x, n, 0.0f, 1.0f);
}
