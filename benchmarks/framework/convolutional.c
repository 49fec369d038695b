/*
 * convolutional: a convolution layer's forward pass as such frameworks compute it, per
 * image: im2col unfolds the (padded) input into a (c*size*size) x (out_h*out_w) matrix in
 * the network's workspace, gemm multiplies the n x (c*size*size) weights by it into the
 * output, then the biases are added and the activation applied:
 *   col[(ch*size + ky)*size + kx][y*out_w + x] = in[ch][y*stride + ky - pad][x*stride + kx - pad]
 *     (0 outside the image), output[f][p] = sum_q weights[f][q] * col[q][p] + biases[f].
 */
#include "polylift_bench.h"
#include "framework.h"
#include "helpers.h"

#if defined(MINI_DATASET)
#define BATCH 1
#define CHANNELS 3
#define H 8
#define W 8
#define FILTERS 4
#elif defined(SMALL_DATASET)
#define BATCH 2
#define CHANNELS 8
#define H 26
#define W 26
#define FILTERS 16
#elif defined(LARGE_DATASET)
#define BATCH 2
#define CHANNELS 128
#define H 56
#define W 56
#define FILTERS 128
#elif defined(EXTRALARGE_DATASET)
#define BATCH 4
#define CHANNELS 256
#define H 56
#define W 56
#define FILTERS 256
#else
#define BATCH 2
#define CHANNELS 32
#define H 34
#define W 34
#define FILTERS 64
#endif

/* The input pixel (ch, row, col), 0 in the padding around the image. */
static float im2col_pixel(const float *im, int height, int width, int row, int col, int ch)
{
  if (row < 0 || col < 0 || row >= height || col >= width)
    return 0;
  return im[(ch * height + row) * width + col];
}

static void im2col_cpu(const float *im, int channels, int height, int width, int size,
                       int stride, int pad, int out_h, int out_w, float *col)
{
  int ch, ky, kx, y, x;
  for (ch = 0; ch < channels; ++ch) {
    for (ky = 0; ky < size; ++ky) {
      for (kx = 0; kx < size; ++kx) {
        int row = (ch * size + ky) * size + kx;
        for (y = 0; y < out_h; ++y)
          for (x = 0; x < out_w; ++x)
            col[(row * out_h + y) * out_w + x] =
                im2col_pixel(im, height, width, y * stride + ky - pad, x * stride + kx - pad, ch);
      }
    }
  }
}

static void forward_convolutional_layer(layer l, network net)
{
  int i;
  int m = l.n;
  int k = l.size * l.size * l.c;
  int n = l.out_h * l.out_w;
  fill_cpu(l.outputs * l.batch, 0, l.output, 1);
  for (i = 0; i < l.batch; ++i) {
    float *a = l.weights;
    float *b = net.workspace;
    float *c = l.output + i * n * m;
    im2col_cpu(net.input + i * l.c * l.h * l.w, l.c, l.h, l.w, l.size, l.stride, l.pad,
               l.out_h, l.out_w, b);
    gemm(0, 0, m, n, k, 1, a, k, b, n, 1, c, n);
  }
  add_bias(l.output, l.biases, l.batch, l.n, l.out_h * l.out_w);
  activate_array(l.output, l.outputs * l.batch, l.activation);
}

/* POLYLIFT_EXTENT(l.output, l.batch * l.outputs)
 * POLYLIFT_EXTENT(l.weights, l.n * l.c * l.size * l.size)
 * POLYLIFT_EXTENT(l.biases, l.n)
 * POLYLIFT_EXTENT(net.input, l.batch * l.inputs)
 * POLYLIFT_EXTENT(net.workspace, l.c * l.size * l.size * l.out_h * l.out_w) */
static void kernel_convolutional(layer l, network net)
{
  forward_convolutional_layer(l, net);
}

int main(void)
{
  /* POLYLIFT_LINK(lib/framework_util.c) */
  layer l = make_layer(BATCH, CHANNELS, H, W, FILTERS, 3, 1, 1);
  network net;
  l.activation = LEAKY;
  l.output = POLYLIFT_ALLOC((size_t)l.batch * l.outputs, float);
  l.weights = make_floats((size_t)l.n * l.c * l.size * l.size, 11, 0.25f);
  l.biases = make_floats(l.n, 12, 1.0f);
  net.input = make_floats((size_t)l.batch * l.inputs, 13, 1.0f);
  net.workspace = POLYLIFT_ALLOC((size_t)l.c * l.size * l.size * l.out_h * l.out_w, float);
  kernel_convolutional(l, net);
  polylift_checksum_f32("l.output", l.output, (size_t)l.batch * l.outputs);
  polylift_checksum_f32("net.workspace", net.workspace,
                        (size_t)l.c * l.size * l.size * l.out_h * l.out_w);
  free(l.output);
  free(l.weights);
  free(l.biases);
  free(net.input);
  free(net.workspace);
  return 0;
}
