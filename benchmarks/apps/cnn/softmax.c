/*
 * softmax.c - output = exp(input - max) / sum of those, per image: the input copied
 * to the output, then normalised there.
 */
#include <math.h>

#include "cnn.h"

/* x = exp(x - max) / sum of those, in place */
void softmax(float *x, int n)
{
  float largest = x[0];
  for (int i = 1; i < n; i++)
    if (x[i] > largest)
      largest = x[i];
  float sum = 0;
  for (int i = 0; i < n; i++) {
    x[i] = expf(x[i] - largest);
    sum += x[i];
  }
  for (int i = 0; i < n; i++)
    x[i] /= sum;
}

layer make_softmax_layer(int batch, int inputs)
{
  layer l = {0};
  l.type = SOFTMAX;
  l.batch = batch;
  l.h = 1;
  l.w = 1;
  l.c = inputs;
  l.out_h = 1;
  l.out_w = 1;
  l.out_c = inputs;
  l.inputs = inputs;
  l.outputs = inputs;
  l.output = xcalloc((size_t)batch * inputs, sizeof(float));
  return l;
}

void forward_softmax_layer(layer l, network net)
{
  copy_cpu(l.batch * l.inputs, net.input, 1, l.output, 1);
  for (int b = 0; b < l.batch; b++)
    softmax(l.output + b * l.outputs, l.outputs);
}
