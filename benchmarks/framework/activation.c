/*
 * activation: an activation layer applied in place to a layer's output, the function
 * chosen by the layer's enum: linear x, relu max(x, 0) written x*(x > 0), leaky
 * x > 0 ? x : 0.1x, logistic 1/(1 + e^-x), tanh (tanhf). main applies each in turn, each
 * to its own output array.
 */
#include "polylift_bench.h"
#include "framework.h"
#include "helpers.h"

#if defined(MINI_DATASET)
#define BATCH 1
#define N 64
#elif defined(SMALL_DATASET)
#define BATCH 2
#define N 4096
#elif defined(LARGE_DATASET)
#define BATCH 4
#define N 1048576
#elif defined(EXTRALARGE_DATASET)
#define BATCH 8
#define N 4194304
#else
#define BATCH 2
#define N 65536
#endif

/* POLYLIFT_EXTENT(l.output, l.batch * l.outputs) */
static void kernel_activation(layer l)
{
  activate_array(l.output, l.outputs * l.batch, l.activation);
}

int main(void)
{
  /* POLYLIFT_LINK(lib/framework_util.c) */
  ACTIVATION kinds[5] = {LINEAR, RELU, LEAKY, LOGISTIC, TANH};
  const char *names[5] = {"linear", "relu", "leaky", "logistic", "tanh"};
  int k;
  for (k = 0; k < 5; ++k) {
    layer l = make_layer(BATCH, 1, 1, N, 1, 1, 1, 0);
    l.outputs = N;
    l.activation = kinds[k];
    l.output = make_floats((size_t)l.batch * l.outputs, k + 1, 4.0f);
    kernel_activation(l);
    polylift_checksum_f32(names[k], l.output, (size_t)l.batch * l.outputs);
    free(l.output);
  }
  return 0;
}
