/*
 * batchnorm: inference batch normalisation, NCHW, single precision:
 * y[n][c][i][j] = scale[c] * (x[n][c][i][j] - mean[c]) / sqrt(var[c] + eps) + bias[c].
 */
#include "polylift_bench.h"

#if defined(MINI_DATASET)
#define BATCH 1
#define C 4
#define H 16
#define W 16
#elif defined(SMALL_DATASET)
#define BATCH 2
#define C 16
#define H 32
#define W 32
#elif defined(LARGE_DATASET)
#define BATCH 8
#define C 128
#define H 128
#define W 128
#elif defined(EXTRALARGE_DATASET)
#define BATCH 16
#define C 256
#define H 128
#define W 128
#else
#define BATCH 4
#define C 64
#define H 64
#define W 64
#endif

static void kernel_batchnorm(int batch, int c, int h, int w, float eps,
                             float x[restrict batch][c][h][w], float scale[restrict c],
                             float bias[restrict c], float mean[restrict c],
                             float var[restrict c], float y[restrict batch][c][h][w])
{
  int n, k, i, j;

  for (n = 0; n < batch; n++)
    for (k = 0; k < c; k++)
      for (i = 0; i < h; i++)
        for (j = 0; j < w; j++)
          y[n][k][i][j] = scale[k] * (x[n][k][i][j] - mean[k]) / sqrtf(var[k] + eps) + bias[k];
}

int main(void)
{
  int batch = BATCH, c = C, h = H, w = W;
  int n, k, i, j;
  float eps = 1e-5f;
  float (*x)[c][h][w] = POLYLIFT_ALLOC(batch * c * h * w, float);
  float (*y)[c][h][w] = POLYLIFT_ALLOC(batch * c * h * w, float);
  float *scale = POLYLIFT_ALLOC(c, float);
  float *bias = POLYLIFT_ALLOC(c, float);
  float *mean = POLYLIFT_ALLOC(c, float);
  float *var = POLYLIFT_ALLOC(c, float);

  for (k = 0; k < c; k++) {
    scale[k] = 0.5f + (float)(k % 5) / 8.0f;
    bias[k] = (float)(k % 7 - 3) / 8.0f;
    mean[k] = (float)(k % 3 - 1) / 4.0f;
    var[k] = 0.25f + (float)(k % 4) / 4.0f;
  }
  for (n = 0; n < batch; n++)
    for (k = 0; k < c; k++)
      for (i = 0; i < h; i++)
        for (j = 0; j < w; j++)
          x[n][k][i][j] = (float)((n * 3 + k * 5 + i * 7 + j * 11) % 31 - 15) / 8.0f;

  kernel_batchnorm(batch, c, h, w, eps, x, scale, bias, mean, var, y);

  polylift_checksum_f32("y", &y[0][0][0][0], (size_t)batch * c * h * w);
  free(x);
  free(y);
  free(scale);
  free(bias);
  free(mean);
  free(var);
  return 0;
}
