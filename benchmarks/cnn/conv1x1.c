/*
 * conv1x1: pointwise (1x1) convolution layer, NCHW, single precision:
 * out[n][co][y][x] = sum_ci wt[co][ci] * in[n][ci][y][x]  (a matrix product per image).
 */
#include "polylift_bench.h"

#if defined(MINI_DATASET)
#define BATCH 1
#define CIN 8
#define COUT 12
#define H 8
#define W 8
#elif defined(SMALL_DATASET)
#define BATCH 2
#define CIN 32
#define COUT 48
#define H 16
#define W 16
#elif defined(LARGE_DATASET)
#define BATCH 8
#define CIN 256
#define COUT 256
#define H 56
#define W 56
#elif defined(EXTRALARGE_DATASET)
#define BATCH 16
#define CIN 512
#define COUT 512
#define H 56
#define W 56
#else
#define BATCH 4
#define CIN 64
#define COUT 128
#define H 28
#define W 28
#endif

static void kernel_conv1x1(int batch, int cin, int cout, int h, int w,
                           float in[restrict batch][cin][h][w], float wt[restrict cout][cin],
                           float out[restrict batch][cout][h][w])
{
  int n, co, ci, y, x;
  float a;

  for (n = 0; n < batch; n++)
    for (co = 0; co < cout; co++) {
      for (y = 0; y < h; y++)
        for (x = 0; x < w; x++)
          out[n][co][y][x] = 0.0f;
      for (ci = 0; ci < cin; ci++) {
        a = wt[co][ci];
        for (y = 0; y < h; y++)
          for (x = 0; x < w; x++)
            out[n][co][y][x] += a * in[n][ci][y][x];
      }
    }
}

int main(void)
{
  int batch = BATCH, cin = CIN, cout = COUT, h = H, w = W;
  int n, c, y, x, o;
  float (*in)[cin][h][w] = POLYLIFT_ALLOC(batch * cin * h * w, float);
  float (*wt)[cin] = POLYLIFT_ALLOC(cout * cin, float);
  float (*out)[cout][h][w] = POLYLIFT_ALLOC(batch * cout * h * w, float);

  for (n = 0; n < batch; n++)
    for (c = 0; c < cin; c++)
      for (y = 0; y < h; y++)
        for (x = 0; x < w; x++)
          in[n][c][y][x] = (float)((n * 3 + c * 7 + y * 5 + x * 11) % 19 - 9) / 16.0f;
  for (o = 0; o < cout; o++)
    for (c = 0; c < cin; c++)
      wt[o][c] = (float)((o * 5 + c * 3) % 11 - 5) / 32.0f;

  kernel_conv1x1(batch, cin, cout, h, w, in, wt, out);

  polylift_checksum_f32("out", &out[0][0][0][0], (size_t)batch * cout * h * w);
  free(in);
  free(wt);
  free(out);
  return 0;
}
