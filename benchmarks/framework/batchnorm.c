/*
 * batchnorm: a batch-normalisation layer's forward pass in training mode, as separate
 * helper calls: copy the input, the mean and variance of each channel over the batch
 * and the spatial positions, normalise with them, scale by gamma (l.scales), add beta
 * (l.biases):
 *   mean[f] = sum x / (batch*spatial), variance[f] = sum (x - mean[f])^2 / (batch*spatial - 1),
 *   x = (x - mean[f]) / (sqrt(variance[f]) + .000001), x = x*scales[f] + biases[f].
 */
#include "polylift_bench.h"
#include "framework.h"
#include "helpers.h"

#if defined(MINI_DATASET)
#define BATCH 2
#define CHANNELS 3
#define H 4
#define W 4
#elif defined(SMALL_DATASET)
#define BATCH 2
#define CHANNELS 16
#define H 16
#define W 16
#elif defined(LARGE_DATASET)
#define BATCH 8
#define CHANNELS 128
#define H 56
#define W 56
#elif defined(EXTRALARGE_DATASET)
#define BATCH 16
#define CHANNELS 256
#define H 56
#define W 56
#else
#define BATCH 4
#define CHANNELS 64
#define H 28
#define W 28
#endif

static void mean_cpu(float *x, int batch, int filters, int spatial, float *mean)
{
  float scale = 1. / (batch * spatial);
  int i, j, k;
  for (i = 0; i < filters; ++i) {
    mean[i] = 0;
    for (j = 0; j < batch; ++j) {
      for (k = 0; k < spatial; ++k) {
        int index = j * filters * spatial + i * spatial + k;
        mean[i] += x[index];
      }
    }
    mean[i] *= scale;
  }
}

static void variance_cpu(float *x, float *mean, int batch, int filters, int spatial,
                         float *variance)
{
  float scale = 1. / (batch * spatial - 1);
  int i, j, k;
  for (i = 0; i < filters; ++i) {
    variance[i] = 0;
    for (j = 0; j < batch; ++j) {
      for (k = 0; k < spatial; ++k) {
        int index = j * filters * spatial + i * spatial + k;
        variance[i] += (x[index] - mean[i]) * (x[index] - mean[i]);
      }
    }
    variance[i] *= scale;
  }
}

static void normalize_cpu(float *x, float *mean, float *variance, int batch, int filters,
                          int spatial)
{
  int b, f, i;
  for (b = 0; b < batch; ++b) {
    for (f = 0; f < filters; ++f) {
      for (i = 0; i < spatial; ++i) {
        int index = b * filters * spatial + f * spatial + i;
        x[index] = (x[index] - mean[f]) / (sqrt(variance[f]) + .000001f);
      }
    }
  }
}

static void forward_batchnorm_layer(layer l, network net)
{
  copy_cpu(l.outputs * l.batch, net.input, 1, l.output, 1);
  mean_cpu(l.output, l.batch, l.out_c, l.out_h * l.out_w, l.mean);
  variance_cpu(l.output, l.mean, l.batch, l.out_c, l.out_h * l.out_w, l.variance);
  normalize_cpu(l.output, l.mean, l.variance, l.batch, l.out_c, l.out_h * l.out_w);
  scale_bias(l.output, l.scales, l.batch, l.out_c, l.out_h * l.out_w);
  add_bias(l.output, l.biases, l.batch, l.out_c, l.out_h * l.out_w);
}

/* POLYLIFT_EXTENT(l.output, l.batch * l.outputs)
 * POLYLIFT_EXTENT(l.mean, l.out_c)
 * POLYLIFT_EXTENT(l.variance, l.out_c)
 * POLYLIFT_EXTENT(l.scales, l.out_c)
 * POLYLIFT_EXTENT(l.biases, l.out_c)
 * POLYLIFT_EXTENT(net.input, l.batch * l.inputs) */
static void kernel_batchnorm(layer l, network net)
{
  forward_batchnorm_layer(l, net);
}

int main(void)
{
  /* POLYLIFT_LINK(lib/framework_util.c) */
  layer l = make_layer(BATCH, CHANNELS, H, W, CHANNELS, 1, 1, 0);
  network net;
  l.output = POLYLIFT_ALLOC((size_t)l.batch * l.outputs, float);
  l.mean = POLYLIFT_ALLOC(l.out_c, float);
  l.variance = POLYLIFT_ALLOC(l.out_c, float);
  l.scales = make_floats(l.out_c, 4, 2.0f);
  l.biases = make_floats(l.out_c, 5, 1.0f);
  net.input = make_floats((size_t)l.batch * l.inputs, 6, 3.0f);
  net.workspace = 0;
  kernel_batchnorm(l, net);
  polylift_checksum_f32("l.output", l.output, (size_t)l.batch * l.outputs);
  polylift_checksum_f32("l.mean", l.mean, l.out_c);
  polylift_checksum_f32("l.variance", l.variance, l.out_c);
  free(l.output);
  free(l.mean);
  free(l.variance);
  free(l.scales);
  free(l.biases);
  free(net.input);
  return 0;
}
