/* A softmax over groups of n values at run-time strides (the framework's softmax_cpu
 * with its helper): the guard of its strided views holds for unit stride and groups
 * apart, and fails for stride 0, stride 2, overlapping groups or aliased arrays. */
#include <math.h>

static void softmax(float *input, int n, float temp, int stride, float *output)
{
  float sum = 0;
  float largest = -3.402823466e+38f;
  for (int i = 0; i < n; ++i)
    if (input[i * stride] > largest)
      largest = input[i * stride];
  for (int i = 0; i < n; ++i) {
    float e = expf(input[i * stride] / temp - largest / temp);
    sum += e;
    output[i * stride] = e;
  }
  for (int i = 0; i < n; ++i)
    output[i * stride] /= sum;
}

void kernel_softmax_groups(float *input, int n, int batch, int batch_offset, int groups,
                           int group_offset, int stride, float temp, float *output)
{
  for (int b = 0; b < batch; ++b)
    for (int g = 0; g < groups; ++g)
      softmax(input + b * batch_offset + g * group_offset, n, temp, stride,
              output + b * batch_offset + g * group_offset);
}
