/*
 * global_avgpool: the mean of each channel over the whole image,
 * output[b][k] = (sum over i < h*w of input[b][k][i]) / (h*w).
 */
#include "polylift_bench.h"
#include "framework.h"

#if defined(MINI_DATASET)
#define BATCH 1
#define CHANNELS 4
#define H 6
#define W 6
#elif defined(SMALL_DATASET)
#define BATCH 2
#define CHANNELS 32
#define H 16
#define W 16
#elif defined(LARGE_DATASET)
#define BATCH 8
#define CHANNELS 512
#define H 32
#define W 32
#elif defined(EXTRALARGE_DATASET)
#define BATCH 16
#define CHANNELS 1024
#define H 32
#define W 32
#else
#define BATCH 4
#define CHANNELS 128
#define H 16
#define W 16
#endif

static void forward_global_avgpool_layer(const layer l, network net)
{
  int b, k, i;
  for (b = 0; b < l.batch; ++b) {
    for (k = 0; k < l.c; ++k) {
      int out_index = k + b * l.c;
      l.output[out_index] = 0;
      for (i = 0; i < l.h * l.w; ++i) {
        int in_index = i + l.h * l.w * (k + b * l.c);
        l.output[out_index] += net.input[in_index];
      }
      l.output[out_index] /= l.h * l.w;
    }
  }
}

/* POLYLIFT_EXTENT(l.output, l.batch * l.outputs)
 * POLYLIFT_EXTENT(net.input, l.batch * l.inputs) */
static void kernel_global_avgpool(layer l, network net)
{
  forward_global_avgpool_layer(l, net);
}

int main(void)
{
  /* POLYLIFT_LINK(lib/framework_util.c) */
  layer l = make_layer(BATCH, CHANNELS, H, W, CHANNELS, H, 1, 0);
  network net;
  l.out_h = l.out_w = 1;
  l.outputs = l.out_c;
  l.output = POLYLIFT_ALLOC((size_t)l.batch * l.outputs, float);
  net.input = make_floats((size_t)l.batch * l.inputs, 3, 1.0f);
  net.workspace = 0;
  kernel_global_avgpool(l, net);
  polylift_checksum_f32("l.output", l.output, (size_t)l.batch * l.outputs);
  free(l.output);
  free(net.input);
  return 0;
}
