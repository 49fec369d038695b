/*
 * shortcut: residual (shortcut) addition of two activations of the same shape, NCHW,
 * single precision: out[n][c][i][j] += add[n][c][i][j].
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

static void kernel_shortcut(int batch, int c, int h, int w, float add[restrict batch][c][h][w],
                            float out[restrict batch][c][h][w])
{
  int n, k, i, j;

  for (n = 0; n < batch; n++)
    for (k = 0; k < c; k++)
      for (i = 0; i < h; i++)
        for (j = 0; j < w; j++)
          out[n][k][i][j] = out[n][k][i][j] + add[n][k][i][j];
}

int main(void)
{
  int batch = BATCH, c = C, h = H, w = W;
  int n, k, i, j;
  float (*add)[c][h][w] = POLYLIFT_ALLOC(batch * c * h * w, float);
  float (*out)[c][h][w] = POLYLIFT_ALLOC(batch * c * h * w, float);

  for (n = 0; n < batch; n++)
    for (k = 0; k < c; k++)
      for (i = 0; i < h; i++)
        for (j = 0; j < w; j++) {
          add[n][k][i][j] = (float)((n * 3 + k * 5 + i * 7 + j * 11) % 31 - 15) / 8.0f;
          out[n][k][i][j] = (float)((n + k * 2 + i * 3 + j * 5) % 29 - 14) / 10.0f;
        }

  kernel_shortcut(batch, c, h, w, add, out);

  polylift_checksum_f32("out", &out[0][0][0][0], (size_t)batch * c * h * w);
  free(add);
  free(out);
  return 0;
}
