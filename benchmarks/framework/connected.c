/*
 * connected: a fully connected layer, output = activation(input * weights^T + biases),
 * with the framework's gemm (C = ALPHA * op(A) * op(B) + BETA * C, flattened row-major
 * arrays with leading dimensions): input is batch x inputs, weights outputs x inputs.
 * The output is cleared by fill_cpu from lib/framework_util.c.
 */
#include "polylift_bench.h"
#include "framework.h"
#include "helpers.h"

#if defined(MINI_DATASET)
#define BATCH 2
#define INPUTS 12
#define OUTPUTS 10
#elif defined(SMALL_DATASET)
#define BATCH 8
#define INPUTS 256
#define OUTPUTS 128
#elif defined(LARGE_DATASET)
#define BATCH 64
#define INPUTS 4096
#define OUTPUTS 4096
#elif defined(EXTRALARGE_DATASET)
#define BATCH 128
#define INPUTS 9216
#define OUTPUTS 4096
#else
#define BATCH 16
#define INPUTS 1024
#define OUTPUTS 512
#endif

static void forward_connected_layer(layer l, network net)
{
  int i;
  int m = l.batch;
  int k = l.inputs;
  int n = l.outputs;
  float *a = net.input;
  float *b = l.weights;
  float *c = l.output;
  fill_cpu(l.outputs * l.batch, 0, l.output, 1);
  gemm(0, 1, m, n, k, 1, a, k, b, k, 1, c, n);
  add_bias(l.output, l.biases, l.batch, l.outputs, 1);
  for (i = 0; i < l.outputs * l.batch; ++i)
    l.output[i] = activate(l.output[i], l.activation);
}

/* POLYLIFT_EXTENT(l.output, l.batch * l.outputs)
 * POLYLIFT_EXTENT(l.weights, l.outputs * l.inputs)
 * POLYLIFT_EXTENT(l.biases, l.outputs)
 * POLYLIFT_EXTENT(net.input, l.batch * l.inputs) */
static void kernel_connected(layer l, network net)
{
  forward_connected_layer(l, net);
}

int main(void)
{
  /* POLYLIFT_LINK(lib/framework_util.c) */
  layer l = make_layer(BATCH, INPUTS, 1, 1, OUTPUTS, 1, 1, 0);
  network net;
  l.activation = LEAKY;
  l.output = POLYLIFT_ALLOC((size_t)l.batch * l.outputs, float);
  l.weights = make_floats((size_t)l.outputs * l.inputs, 8, 0.25f);
  l.biases = make_floats(l.outputs, 9, 1.0f);
  net.input = make_floats((size_t)l.batch * l.inputs, 10, 1.0f);
  net.workspace = 0;
  kernel_connected(l, net);
  polylift_checksum_f32("l.output", l.output, (size_t)l.batch * l.outputs);
  free(l.output);
  free(l.weights);
  free(l.biases);
  free(net.input);
  return 0;
}
