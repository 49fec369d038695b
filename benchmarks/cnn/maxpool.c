/*
 * maxpool: 2x2 max pooling with stride 2, NCHW, single precision:
 * out[n][c][y][x] = max over dy, dx in {0, 1} of in[n][c][2y+dy][2x+dx]  (h = 2 oh, w = 2 ow).
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

static void kernel_maxpool(int batch, int c, int h, int w, int oh, int ow,
                           float in[restrict batch][c][h][w], float out[restrict batch][c][oh][ow])
{
  int n, k, y, x, dy, dx;
  float m, v;

  for (n = 0; n < batch; n++)
    for (k = 0; k < c; k++)
      for (y = 0; y < oh; y++)
        for (x = 0; x < ow; x++) {
          m = in[n][k][2 * y][2 * x];
          for (dy = 0; dy < 2; dy++)
            for (dx = 0; dx < 2; dx++) {
              v = in[n][k][2 * y + dy][2 * x + dx];
              m = v > m ? v : m;
            }
          out[n][k][y][x] = m;
        }
}

int main(void)
{
  int batch = BATCH, c = C, h = H, w = W;
  int oh = h / 2, ow = w / 2;
  int n, k, y, x;
  float (*in)[c][h][w] = POLYLIFT_ALLOC(batch * c * h * w, float);
  float (*out)[c][oh][ow] = POLYLIFT_ALLOC(batch * c * oh * ow, float);

  for (n = 0; n < batch; n++)
    for (k = 0; k < c; k++)
      for (y = 0; y < h; y++)
        for (x = 0; x < w; x++)
          in[n][k][y][x] = (float)((n * 7 + k * 3 + y * 13 + x * 29 + y * x) % 41 - 20) / 8.0f;

  kernel_maxpool(batch, c, h, w, oh, ow, in, out);

  polylift_checksum_f32("out", &out[0][0][0][0], (size_t)batch * c * oh * ow);
  free(in);
  free(out);
  return 0;
}
