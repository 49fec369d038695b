/*
 * upsample: nearest-neighbour upsampling by l.stride in both directions, scaled:
 *   output[b][k][y*stride + dy][x*stride + dx] = scale * input[b][k][y][x],
 * for dy, dx < stride (l.alpha is the scale).
 */
#include "polylift_bench.h"
#include "framework.h"

#if defined(MINI_DATASET)
#define BATCH 1
#define CHANNELS 2
#define H 4
#define W 5
#elif defined(SMALL_DATASET)
#define BATCH 2
#define CHANNELS 16
#define H 16
#define W 16
#elif defined(LARGE_DATASET)
#define BATCH 4
#define CHANNELS 128
#define H 56
#define W 56
#elif defined(EXTRALARGE_DATASET)
#define BATCH 8
#define CHANNELS 256
#define H 56
#define W 56
#else
#define BATCH 2
#define CHANNELS 64
#define H 28
#define W 28
#endif

static void upsample_cpu(float *in, int w, int h, int c, int batch, int stride, float scale,
                         float *out)
{
  int b, k, y, x, dy, dx;
  for (b = 0; b < batch; ++b)
    for (k = 0; k < c; ++k)
      for (y = 0; y < h; ++y)
        for (dy = 0; dy < stride; ++dy)
          for (x = 0; x < w; ++x)
            for (dx = 0; dx < stride; ++dx) {
              int in_index = ((b * c + k) * h + y) * w + x;
              int out_index = (((b * c + k) * h + y) * stride + dy) * w * stride + x * stride + dx;
              out[out_index] = scale * in[in_index];
            }
}

static void forward_upsample_layer(const layer l, network net)
{
  upsample_cpu(net.input, l.w, l.h, l.c, l.batch, l.stride, l.alpha, l.output);
}

/* POLYLIFT_EXTENT(l.output, l.batch * l.outputs)
 * POLYLIFT_EXTENT(net.input, l.batch * l.inputs) */
static void kernel_upsample(layer l, network net)
{
  forward_upsample_layer(l, net);
}

int main(void)
{
  /* POLYLIFT_LINK(lib/framework_util.c) */
  layer l = make_layer(BATCH, CHANNELS, H, W, CHANNELS, 1, 1, 0);
  network net;
  l.stride = 2;
  l.out_h = l.h * l.stride;
  l.out_w = l.w * l.stride;
  l.outputs = l.out_c * l.out_h * l.out_w;
  l.alpha = 0.5f;
  l.output = POLYLIFT_ALLOC((size_t)l.batch * l.outputs, float);
  net.input = make_floats((size_t)l.batch * l.inputs, 20, 1.0f);
  net.workspace = 0;
  kernel_upsample(l, net);
  polylift_checksum_f32("l.output", l.output, (size_t)l.batch * l.outputs);
  free(l.output);
  free(net.input);
  return 0;
}
