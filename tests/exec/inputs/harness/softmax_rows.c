/* The softmax of the framework suite (benchmarks/framework/softmax.c) over a batch of
   images of several groups each, as its own kernel: softmax_cpu with the per-group
   softmax inlined, the groups of an image at a group offset and the images at a batch
   offset. Over the grid of rows [batch][groups] it is three launches: the largest value
   of each row, the exponentials and their sum per row, the division per row. The input
   holds ties, a row of equal values, a row whose largest value is -0 met before +0,
   and odd sizes. */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#if defined(MINI_DATASET)
#define BATCH 3
#define GROUPS 5
#define N 37
#else
#define BATCH 7
#define GROUPS 3
#define N 1001
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

/* POLYLIFT_EXTENT(input, batch * batch_offset)
 * POLYLIFT_EXTENT(output, batch * batch_offset) */
static void kernel_softmax_rows(float *restrict input, int n, int batch, int batch_offset,
                                int groups, int group_offset, int stride, float temp,
                                float *restrict output)
{
  int g, b;
  for (b = 0; b < batch; ++b)
    for (g = 0; g < groups; ++g)
      softmax(input + b * batch_offset + g * group_offset, n, temp, stride,
              output + b * batch_offset + g * group_offset);
}

int main(void)
{
  int n = N, groups = GROUPS, batch = BATCH;
  int group_offset = n + 3, batch_offset = groups * group_offset + 1;
  size_t size = (size_t)batch * batch_offset;
  float *input = malloc(sizeof(float) * size);
  float *output = calloc(size, sizeof(float));
  for (size_t i = 0; i < size; i++)
    input[i] = (float)((int)((i * 37) % 101) - 50) / 9.0f;
  for (int i = 0; i < n; i++)
    input[group_offset + i] = -1.5f;
  /* A row whose largest value is a zero, -0 met before +0 (C's max keeps -0). */
  for (int i = 0; i < n; i++)
    input[2 * group_offset + i] = i == 0 ? -0.0f : i == 1 ? 0.0f : -(float)(i % 5);
  kernel_softmax_rows(input, n, batch, batch_offset, groups, group_offset, 1, 0.7f, output);
  printf("output[0]=%.9g output[1]=%.9g\n", output[0], output[1]);
  free(input);
  free(output);
  return 0;
}
