/*
 * batchnorm.c - batch normalisation at inference time, per channel f of each image:
 *   x = scale[f] * (x - mean[f]) / (sqrt(variance[f]) + eps) + bias[f]
 * with the running statistics the network was trained to (rolling_mean,
 * rolling_variance), as three separate passes (the convolutional layer calls them).
 */
#include <math.h>

#include "cnn.h"

/* x[b][f][i] = (x[b][f][i] - mean[f]) / (sqrt(variance[f]) + 1e-6) */
void normalize_cpu(float *x, float *mean, float *variance, int batch, int filters,
                   int spatial)
{
  for (int b = 0; b < batch; b++)
    for (int f = 0; f < filters; f++)
      for (int i = 0; i < spatial; i++) {
        int index = (b * filters + f) * spatial + i;
        x[index] = (x[index] - mean[f]) / (sqrt(variance[f]) + .000001f);
      }
}

/* output[b][i][j] *= scales[i] */
void scale_bias(float *output, float *scales, int batch, int n, int size)
{
  for (int b = 0; b < batch; b++)
    for (int i = 0; i < n; i++)
      for (int j = 0; j < size; j++)
        output[(b * n + i) * size + j] *= scales[i];
}

/* output[b][i][j] += biases[i] */
void add_bias(float *output, float *biases, int batch, int n, int size)
{
  for (int b = 0; b < batch; b++)
    for (int i = 0; i < n; i++)
      for (int j = 0; j < size; j++)
        output[(b * n + i) * size + j] += biases[i];
}
