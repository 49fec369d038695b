/*
 * shortcut: a residual connection, out = alpha * out + beta * add, where `out` is this
 * layer's output (a copy of its input) and `add` the output of an earlier layer. When
 * the two shapes match (the case main sets up) it is elementwise; otherwise the smaller
 * shape is sampled with a stride.
 */
#include "polylift_bench.h"
#include "framework.h"

#if defined(MINI_DATASET)
#define BATCH 1
#define CHANNELS 3
#define H 6
#define W 6
#elif defined(SMALL_DATASET)
#define BATCH 2
#define CHANNELS 16
#define H 32
#define W 32
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

static void shortcut_cpu(int batch, int w1, int h1, int c1, float *add, int w2, int h2, int c2,
                         float s1, float s2, float *out)
{
  int i, j, k, b;
  int stride = w1 / w2;
  int sample = w2 / w1;
  int minw = (w1 < w2) ? w1 : w2;
  int minh = (h1 < h2) ? h1 : h2;
  int minc = (c1 < c2) ? c1 : c2;
  if (w1 == w2 && h1 == h2 && c1 == c2) {
    int size = batch * w1 * h1 * c1;
    for (i = 0; i < size; ++i)
      out[i] = s1 * out[i] + s2 * add[i];
    return;
  }
  if (stride < 1) stride = 1;
  if (sample < 1) sample = 1;
  for (b = 0; b < batch; ++b) {
    for (k = 0; k < minc; ++k) {
      for (j = 0; j < minh; ++j) {
        for (i = 0; i < minw; ++i) {
          int out_index = i * sample + w2 * (j * sample + h2 * (k + c2 * b));
          int add_index = i * stride + w1 * (j * stride + h1 * (k + c1 * b));
          out[out_index] = s1 * out[out_index] + s2 * add[add_index];
        }
      }
    }
  }
}

static void forward_shortcut_layer(const layer l, network net)
{
  int i;
  for (i = 0; i < l.outputs * l.batch; ++i)
    l.output[i] = net.input[i];
  shortcut_cpu(l.batch, l.w, l.h, l.c, net.workspace, l.out_w, l.out_h, l.out_c, l.alpha,
               l.beta, l.output);
}

/* POLYLIFT_EXTENT(l.output, l.batch * l.outputs)
 * POLYLIFT_EXTENT(net.input, l.batch * l.inputs)
 * POLYLIFT_EXTENT(net.workspace, l.batch * l.inputs) */
static void kernel_shortcut(layer l, network net)
{
  forward_shortcut_layer(l, net);
}

int main(void)
{
  /* POLYLIFT_LINK(lib/framework_util.c) */
  layer l = make_layer(BATCH, CHANNELS, H, W, CHANNELS, 1, 1, 0);
  network net;
  l.alpha = 0.75f;
  l.beta = 1.25f;
  l.output = POLYLIFT_ALLOC((size_t)l.batch * l.outputs, float);
  net.input = make_floats((size_t)l.batch * l.inputs, 17, 1.0f);
  net.workspace = make_floats((size_t)l.batch * l.inputs, 18, 1.0f);
  kernel_shortcut(l, net);
  polylift_checksum_f32("l.output", l.output, (size_t)l.batch * l.outputs);
  free(l.output);
  free(net.input);
  free(net.workspace);
  return 0;
}
