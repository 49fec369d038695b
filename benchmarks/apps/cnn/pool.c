/*
 * pool.c - max pooling over size x size windows moved by stride (windows that fit the
 * image, no padding), and the global average of each channel.
 */
#include <float.h>

#include "cnn.h"

layer make_maxpool_layer(int batch, int h, int w, int c, int size, int stride)
{
  layer l = {0};
  l.type = MAXPOOL;
  l.batch = batch;
  l.h = h;
  l.w = w;
  l.c = c;
  l.size = size;
  l.stride = stride;
  l.out_h = (h - size) / stride + 1;
  l.out_w = (w - size) / stride + 1;
  l.out_c = c;
  l.inputs = h * w * c;
  l.outputs = l.out_h * l.out_w * l.out_c;
  l.output = xcalloc((size_t)batch * l.outputs, sizeof(float));
  l.indexes = xcalloc((size_t)batch * l.outputs, sizeof(int));
  return l;
}

/* output = the maximum of each window; indexes = where in the input it came from (the
 * first maximum, in window order) */
void forward_maxpool_layer(layer l, network net)
{
  for (int b = 0; b < l.batch; b++)
    for (int k = 0; k < l.c; k++)
      for (int i = 0; i < l.out_h; i++)
        for (int j = 0; j < l.out_w; j++) {
          int out_index = ((b * l.c + k) * l.out_h + i) * l.out_w + j;
          float max = -FLT_MAX;
          int max_i = -1;
          for (int n = 0; n < l.size; n++)
            for (int m = 0; m < l.size; m++) {
              int index = ((b * l.c + k) * l.h + i * l.stride + n) * l.w + j * l.stride + m;
              float v = net.input[index];
              max_i = (v > max) ? index : max_i;
              max = (v > max) ? v : max;
            }
          l.output[out_index] = max;
          l.indexes[out_index] = max_i;
        }
}

layer make_avgpool_layer(int batch, int h, int w, int c)
{
  layer l = {0};
  l.type = AVGPOOL;
  l.batch = batch;
  l.h = h;
  l.w = w;
  l.c = c;
  l.out_h = 1;
  l.out_w = 1;
  l.out_c = c;
  l.inputs = h * w * c;
  l.outputs = c;
  l.output = xcalloc((size_t)batch * l.outputs, sizeof(float));
  return l;
}

void forward_avgpool_layer(layer l, network net)
{
  for (int b = 0; b < l.batch; b++)
    for (int k = 0; k < l.c; k++) {
      int out_index = k + b * l.c;
      l.output[out_index] = 0;
      for (int i = 0; i < l.h * l.w; i++)
        l.output[out_index] += net.input[i + l.h * l.w * (k + b * l.c)];
      l.output[out_index] /= l.h * l.w;
    }
}
