/*
 * softmax: a softmax layer over groups of l.inputs / l.groups values per image, with a
 * temperature, in three passes over each group: the largest value, the exponentials and
 * their sum, then the division:
 *   e_i = exp(x_i / t - max / t), out_i = e_i / sum_j e_j.
 */
#include "polylift_bench.h"
#include "framework.h"

#if defined(MINI_DATASET)
#define BATCH 2
#define GROUPS 2
#define INPUTS 20
#elif defined(SMALL_DATASET)
#define BATCH 4
#define GROUPS 4
#define INPUTS 1000
#elif defined(LARGE_DATASET)
#define BATCH 64
#define GROUPS 8
#define INPUTS 32000
#elif defined(EXTRALARGE_DATASET)
#define BATCH 128
#define GROUPS 8
#define INPUTS 64000
#else
#define BATCH 16
#define GROUPS 4
#define INPUTS 8000
#endif

static void softmax(float *input, int n, float temp, int stride, float *output)
{
  int i;
  float sum = 0;
  float largest = -FLT_MAX;
  for (i = 0; i < n; ++i)
    if (input[i * stride] > largest)
      largest = input[i * stride];
  for (i = 0; i < n; ++i) {
    float e = expf(input[i * stride] / temp - largest / temp);
    sum += e;
    output[i * stride] = e;
  }
  for (i = 0; i < n; ++i)
    output[i * stride] /= sum;
}

static void softmax_cpu(float *input, int n, int batch, int batch_offset, int groups,
                        int group_offset, int stride, float temp, float *output)
{
  int g, b;
  for (b = 0; b < batch; ++b)
    for (g = 0; g < groups; ++g)
      softmax(input + b * batch_offset + g * group_offset, n, temp, stride,
              output + b * batch_offset + g * group_offset);
}

static void forward_softmax_layer(const layer l, network net)
{
  int n = l.inputs / l.groups;
  softmax_cpu(net.input, n, l.batch, l.inputs, l.groups, n, 1, l.temperature, l.output);
}

/* POLYLIFT_EXTENT(l.output, l.batch * l.inputs)
 * POLYLIFT_EXTENT(net.input, l.batch * l.inputs) */
static void kernel_softmax(layer l, network net)
{
  forward_softmax_layer(l, net);
}

int main(void)
{
  /* POLYLIFT_LINK(lib/framework_util.c) */
  layer l = make_layer(BATCH, INPUTS, 1, 1, INPUTS, 1, 1, 0);
  network net;
  l.groups = GROUPS;
  l.temperature = 0.5f;
  l.output = POLYLIFT_ALLOC((size_t)l.batch * l.inputs, float);
  net.input = make_floats((size_t)l.batch * l.inputs, 19, 4.0f);
  net.workspace = 0;
  kernel_softmax(l, net);
  polylift_checksum_f32("l.output", l.output, (size_t)l.batch * l.inputs);
  free(l.output);
  free(net.input);
  return 0;
}
