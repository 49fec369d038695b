/*
 * l2norm: normalise each spatial position's vector of channels to unit length, and the
 * derivative the backward pass keeps:
 *   norm = sqrt(sum over f of x[b][f][i]^2), x[b][f][i] /= norm,
 *   delta[b][f][i] = (1 - x[b][f][i]) / norm.
 */
#include "polylift_bench.h"
#include "framework.h"

#if defined(MINI_DATASET)
#define BATCH 2
#define CHANNELS 4
#define H 3
#define W 3
#elif defined(SMALL_DATASET)
#define BATCH 2
#define CHANNELS 32
#define H 16
#define W 16
#elif defined(LARGE_DATASET)
#define BATCH 8
#define CHANNELS 256
#define H 56
#define W 56
#elif defined(EXTRALARGE_DATASET)
#define BATCH 16
#define CHANNELS 512
#define H 56
#define W 56
#else
#define BATCH 4
#define CHANNELS 64
#define H 28
#define W 28
#endif

static void l2normalize_cpu(float *x, float *dx, int batch, int filters, int spatial)
{
  int b, f, i;
  for (b = 0; b < batch; ++b) {
    for (i = 0; i < spatial; ++i) {
      float sum = 0;
      for (f = 0; f < filters; ++f) {
        int index = b * filters * spatial + f * spatial + i;
        sum += x[index] * x[index];
      }
      sum = sqrtf(sum);
      for (f = 0; f < filters; ++f) {
        int index = b * filters * spatial + f * spatial + i;
        x[index] /= sum;
        dx[index] = (1 - x[index]) / sum;
      }
    }
  }
}

static void forward_l2norm_layer(const layer l, network net)
{
  int i;
  for (i = 0; i < l.outputs * l.batch; ++i)
    l.output[i] = net.input[i];
  l2normalize_cpu(l.output, l.delta, l.batch, l.out_c, l.out_w * l.out_h);
}

/* POLYLIFT_EXTENT(l.output, l.batch * l.outputs)
 * POLYLIFT_EXTENT(l.delta, l.batch * l.outputs)
 * POLYLIFT_EXTENT(net.input, l.batch * l.inputs) */
static void kernel_l2norm(layer l, network net)
{
  forward_l2norm_layer(l, net);
}

int main(void)
{
  /* POLYLIFT_LINK(lib/framework_util.c) */
  layer l = make_layer(BATCH, CHANNELS, H, W, CHANNELS, 1, 1, 0);
  network net;
  l.output = POLYLIFT_ALLOC((size_t)l.batch * l.outputs, float);
  l.delta = POLYLIFT_ALLOC((size_t)l.batch * l.outputs, float);
  net.input = make_floats((size_t)l.batch * l.inputs, 14, 1.0f);
  net.workspace = 0;
  kernel_l2norm(l, net);
  polylift_checksum_f32("l.output", l.output, (size_t)l.batch * l.outputs);
  polylift_checksum_f32("l.delta", l.delta, (size_t)l.batch * l.outputs);
  free(l.output);
  free(l.delta);
  free(net.input);
  return 0;
}
