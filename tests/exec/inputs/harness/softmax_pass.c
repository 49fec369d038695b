/* The softmax of the framework suite (benchmarks/framework/softmax.c), one group as its
   own kernel: the largest value, the exponentials with a temperature and their sum in
   one loop, then the division, through a stride. */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#if defined(MINI_DATASET)
#define N 37
#else
#define N 4001
#endif
#define STRIDE 2

/* POLYLIFT_EXTENT(input, n * stride)
 * POLYLIFT_EXTENT(output, n * stride) */
static void kernel_softmax_pass(float *restrict input, int n, float temp, int stride,
                                float *restrict output)
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

int main(void)
{
  int n = N;
  float *input = malloc(sizeof(float) * n * STRIDE);
  float *output = calloc((size_t)n * STRIDE, sizeof(float));
  for (int i = 0; i < n * STRIDE; i++)
    input[i] = (float)((i * 37) % 101 - 50) / 9.0f;
  kernel_softmax_pass(input, n, 0.7f, STRIDE, output);
  printf("output[0]=%.9g output[2]=%.9g\n", output[0], output[2]);
  free(input);
  free(output);
  return 0;
}
