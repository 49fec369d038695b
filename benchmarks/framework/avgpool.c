/*
 * avgpool: average pooling over l.size x l.size windows with stride l.stride (no
 * padding): output[b][k][i][j] = (sum of the window) / (size * size).
 */
#include "polylift_bench.h"
#include "framework.h"

#if defined(MINI_DATASET)
#define BATCH 1
#define CHANNELS 3
#define H 8
#define W 8
#elif defined(SMALL_DATASET)
#define BATCH 2
#define CHANNELS 16
#define H 32
#define W 32
#elif defined(LARGE_DATASET)
#define BATCH 4
#define CHANNELS 128
#define H 128
#define W 128
#elif defined(EXTRALARGE_DATASET)
#define BATCH 8
#define CHANNELS 256
#define H 128
#define W 128
#else
#define BATCH 2
#define CHANNELS 64
#define H 64
#define W 64
#endif

static void forward_avgpool_layer(const layer l, network net)
{
  int b, k, i, j, n, m;
  for (b = 0; b < l.batch; ++b) {
    for (k = 0; k < l.c; ++k) {
      for (i = 0; i < l.out_h; ++i) {
        for (j = 0; j < l.out_w; ++j) {
          int out_index = j + l.out_w * (i + l.out_h * (k + l.c * b));
          float sum = 0;
          for (n = 0; n < l.size; ++n) {
            for (m = 0; m < l.size; ++m) {
              int in_index = (j * l.stride + m) + l.w * ((i * l.stride + n) + l.h * (k + l.c * b));
              sum += net.input[in_index];
            }
          }
          l.output[out_index] = sum / (l.size * l.size);
        }
      }
    }
  }
}

/* POLYLIFT_EXTENT(l.output, l.batch * l.outputs)
 * POLYLIFT_EXTENT(net.input, l.batch * l.inputs) */
static void kernel_avgpool(layer l, network net)
{
  forward_avgpool_layer(l, net);
}

int main(void)
{
  /* POLYLIFT_LINK(lib/framework_util.c) */
  layer l = make_layer(BATCH, CHANNELS, H, W, CHANNELS, 2, 2, 0);
  network net;
  l.output = POLYLIFT_ALLOC((size_t)l.batch * l.outputs, float);
  net.input = make_floats((size_t)l.batch * l.inputs, 2, 1.0f);
  net.workspace = 0;
  kernel_avgpool(l, net);
  polylift_checksum_f32("l.output", l.output, (size_t)l.batch * l.outputs);
  free(l.output);
  free(net.input);
  return 0;
}
