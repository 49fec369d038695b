/*
 * connected.c - the fully connected layer: output = input * weights^T + biases, weights
 * stored one row of `inputs` floats per output, then the activation.
 */
#include "cnn.h"

layer make_connected_layer(int batch, int inputs, int outputs, ACTIVATION activation)
{
  layer l = {0};
  l.type = CONNECTED;
  l.activation = activation;
  l.batch = batch;
  l.h = 1;
  l.w = 1;
  l.c = inputs;
  l.n = outputs;
  l.out_h = 1;
  l.out_w = 1;
  l.out_c = outputs;
  l.inputs = inputs;
  l.outputs = outputs;
  l.nweights = inputs * outputs;
  l.weights = xcalloc((size_t)l.nweights, sizeof(float));
  l.biases = xcalloc((size_t)outputs, sizeof(float));
  l.output = xcalloc((size_t)batch * outputs, sizeof(float));
  return l;
}

void forward_connected_layer(layer l, network net)
{
  fill_cpu(l.outputs * l.batch, 0, l.output, 1);
  gemm_nt(l.batch, l.outputs, l.inputs, 1, net.input, l.inputs, l.weights, l.inputs,
          l.output, l.outputs);
  add_bias(l.output, l.biases, l.batch, l.outputs, 1);
  activate_array(l.output, l.outputs * l.batch, l.activation);
}
