/*
 * conv.c - the convolutional layer: per image, im2col into the network's workspace and
 * one gemm of the filters with it, then batch normalisation (normalise with the
 * running statistics, scale), the bias and the activation. A 1x1 convolution with stride 1 and no padding reads the image itself.
 */
#include "cnn.h"

layer make_convolutional_layer(int batch, int h, int w, int c, int n, int size, int stride,
                               int pad, ACTIVATION activation, int batch_normalize)
{
  layer l = {0};
  l.type = CONVOLUTIONAL;
  l.activation = activation;
  l.batch_normalize = batch_normalize;
  l.batch = batch;
  l.h = h;
  l.w = w;
  l.c = c;
  l.n = n;
  l.size = size;
  l.stride = stride;
  l.pad = pad;
  l.out_h = (h + 2 * pad - size) / stride + 1;
  l.out_w = (w + 2 * pad - size) / stride + 1;
  l.out_c = n;
  l.inputs = h * w * c;
  l.outputs = l.out_h * l.out_w * l.out_c;
  l.nweights = n * c * size * size;
  l.weights = xcalloc((size_t)l.nweights, sizeof(float));
  l.biases = xcalloc((size_t)n, sizeof(float));
  if (batch_normalize) {
    l.scales = xcalloc((size_t)n, sizeof(float));
    l.rolling_mean = xcalloc((size_t)n, sizeof(float));
    l.rolling_variance = xcalloc((size_t)n, sizeof(float));
  }
  l.output = xcalloc((size_t)batch * l.outputs, sizeof(float));
  l.workspace_size = (size_t)l.out_h * l.out_w * size * size * c;
  return l;
}

void forward_convolutional_layer(layer l, network net)
{
  int m = l.n;
  int k = l.size * l.size * l.c;
  int n = l.out_h * l.out_w;

  fill_cpu(l.outputs * l.batch, 0, l.output, 1);
  for (int b = 0; b < l.batch; b++) {
    float *im = net.input + b * l.inputs;
    float *out = l.output + b * l.outputs;
    if (l.size == 1 && l.stride == 1 && l.pad == 0) {
      gemm_nn(m, n, k, 1, l.weights, k, im, n, out, n);
    } else {
      im2col_cpu(im, l.c, l.h, l.w, l.size, l.stride, l.pad, net.workspace);
      gemm_nn(m, n, k, 1, l.weights, k, net.workspace, n, out, n);
    }
  }

  if (l.batch_normalize) {
    normalize_cpu(l.output, l.rolling_mean, l.rolling_variance, l.batch, l.out_c, n);
    scale_bias(l.output, l.scales, l.batch, l.out_c, n);
  }
  add_bias(l.output, l.biases, l.batch, l.out_c, n);

  activate_array(l.output, l.outputs * l.batch, l.activation);
}
