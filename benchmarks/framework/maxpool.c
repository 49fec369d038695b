/*
 * maxpool: a max-pooling layer's forward pass, in the framework's style: windows of
 * l.size x l.size with stride l.stride, the input padded by l.pad/2 on the top and left
 * (padding reads as -FLT_MAX), the maximum and where it came from.
 *   output[b][k][i][j] = max over (n, m) of input[b][k][i*stride + n - pad/2][j*stride + m - pad/2]
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

static void forward_maxpool_layer(const layer l, network net)
{
  int b, i, j, k, m, n;
  int w_offset = -l.pad / 2;
  int h_offset = -l.pad / 2;
  int h = l.out_h;
  int w = l.out_w;
  int c = l.c;

  for (b = 0; b < l.batch; ++b) {
    for (k = 0; k < c; ++k) {
      for (i = 0; i < h; ++i) {
        for (j = 0; j < w; ++j) {
          int out_index = j + w * (i + h * (k + c * b));
          float max = -FLT_MAX;
          int max_i = -1;
          for (n = 0; n < l.size; ++n) {
            for (m = 0; m < l.size; ++m) {
              int cur_h = h_offset + i * l.stride + n;
              int cur_w = w_offset + j * l.stride + m;
              int index = cur_w + l.w * (cur_h + l.h * (k + b * l.c));
              int valid = (cur_h >= 0 && cur_h < l.h && cur_w >= 0 && cur_w < l.w);
              float val = (valid != 0) ? net.input[index] : -FLT_MAX;
              max_i = (val > max) ? index : max_i;
              max = (val > max) ? val : max;
            }
          }
          l.output[out_index] = max;
          l.indexes[out_index] = max_i;
        }
      }
    }
  }
}

/* Element counts of the pointer fields, for the polylift harness:
 *   POLYLIFT_EXTENT(l.output, l.batch * l.outputs)
 *   POLYLIFT_EXTENT(l.indexes, l.batch * l.outputs)
 *   POLYLIFT_EXTENT(net.input, l.batch * l.inputs)
 */
static void kernel_maxpool(layer l, network net)
{
  forward_maxpool_layer(l, net);
}

int main(void)
{
  layer l = make_layer(BATCH, CHANNELS, H, W, CHANNELS, 2, 2, 0);
  network net;
  /* POLYLIFT_LINK(lib/framework_util.c) */
  l.output = POLYLIFT_ALLOC(l.batch * l.outputs, float);
  l.indexes = make_ints((size_t)l.batch * l.outputs);
  net.input = make_floats((size_t)l.batch * l.inputs, 1, 1.0f);
  net.workspace = 0;

  kernel_maxpool(l, net);

  polylift_checksum_f32("l.output", l.output, (size_t)l.batch * l.outputs);
  polylift_report("l.indexes", (size_t)l.batch * l.outputs, 0.0, l.indexes,
                  (size_t)l.batch * l.outputs * sizeof(int));
  free(l.output);
  free(l.indexes);
  free(net.input);
  return 0;
}
