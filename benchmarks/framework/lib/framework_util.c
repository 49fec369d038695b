/*
 * framework_util.c - the helpers of polylift's framework suite that live in a file of
 * their own: fill_cpu, which layers call across files (polylift keeps such a call as a
 * call), and what main uses to set a layer up.
 */
#include <stdio.h>
#include <stdlib.h>

#include "../framework.h"

static void *zeroed(size_t n, size_t size)
{
  void *p = calloc(n == 0 ? 1 : n, size);
  if (p == NULL) {
    fprintf(stderr, "framework_util: cannot allocate %zu x %zu bytes\n", n, size);
    exit(1);
  }
  return p;
}

void fill_cpu(int N, float ALPHA, float *X, int INCX)
{
  int i;
  for (i = 0; i < N; ++i)
    X[i * INCX] = ALPHA;
}

/* n floats in [-scale, scale), a fixed function of (seed, index), multiples of 1/64. */
float *make_floats(size_t n, int seed, float scale)
{
  float *x = zeroed(n, sizeof(float));
  size_t i;
  for (i = 0; i < n; ++i)
    x[i] = scale * (float)((int)((i * 37 + (size_t)seed * 101 + (i * i) % 23) % 128) - 64)
        / 64.0f;
  return x;
}

int *make_ints(size_t n)
{
  return zeroed(n, sizeof(int));
}

/* A layer on a c x h x w input with n filters of size x size, stride and padding as given;
 * the output shape follows from them. Arrays are left to the caller. */
layer make_layer(int batch, int c, int h, int w, int n, int size, int stride, int pad)
{
  layer l = {0};
  l.batch = batch;
  l.c = c;
  l.h = h;
  l.w = w;
  l.n = n;
  l.size = size;
  l.stride = stride;
  l.pad = pad;
  l.groups = 1;
  l.out_c = n;
  l.out_h = (h + 2 * pad - size) / stride + 1;
  l.out_w = (w + 2 * pad - size) / stride + 1;
  l.inputs = c * h * w;
  l.outputs = l.out_c * l.out_h * l.out_w;
  l.activation = LINEAR;
  l.temperature = 1.0f;
  l.alpha = 1.0f;
  l.beta = 1.0f;
  return l;
}
