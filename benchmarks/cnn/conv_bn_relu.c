/*
 * conv_bn_relu: convolution layer followed by inference batch normalisation and ReLU,
 * NCHW, single precision, stride 1, no padding:
 * out = max(0, scale[co] * (conv(in, wt) - mean[co]) / sqrt(var[co] + eps) + bias[co]).
 */
#include "polylift_bench.h"

#if defined(MINI_DATASET)
#define BATCH 1
#define CIN 3
#define COUT 4
#define H 10
#define W 10
#elif defined(SMALL_DATASET)
#define BATCH 2
#define CIN 8
#define COUT 16
#define H 18
#define W 18
#elif defined(LARGE_DATASET)
#define BATCH 8
#define CIN 64
#define COUT 64
#define H 58
#define W 58
#elif defined(EXTRALARGE_DATASET)
#define BATCH 16
#define CIN 128
#define COUT 128
#define H 58
#define W 58
#else
#define BATCH 4
#define CIN 32
#define COUT 32
#define H 34
#define W 34
#endif
#define KS 3

static void kernel_conv_bn_relu(int batch, int cin, int cout, int h, int w, int ks, int oh,
                                int ow, float eps, float in[restrict batch][cin][h][w],
                                float wt[restrict cout][cin][ks][ks],
                                float scale[restrict cout], float bias[restrict cout],
                                float mean[restrict cout], float var[restrict cout],
                                float out[restrict batch][cout][oh][ow])
{
  int n, co, ci, y, x, ky, kx;
  float v;

  for (n = 0; n < batch; n++)
    for (co = 0; co < cout; co++)
      for (y = 0; y < oh; y++)
        for (x = 0; x < ow; x++) {
          out[n][co][y][x] = 0.0f;
          for (ci = 0; ci < cin; ci++)
            for (ky = 0; ky < ks; ky++)
              for (kx = 0; kx < ks; kx++)
                out[n][co][y][x] += in[n][ci][y + ky][x + kx] * wt[co][ci][ky][kx];
        }
  for (n = 0; n < batch; n++)
    for (co = 0; co < cout; co++)
      for (y = 0; y < oh; y++)
        for (x = 0; x < ow; x++) {
          v = scale[co] * (out[n][co][y][x] - mean[co]) / sqrtf(var[co] + eps) + bias[co];
          out[n][co][y][x] = v > 0.0f ? v : 0.0f;
        }
}

int main(void)
{
  int batch = BATCH, cin = CIN, cout = COUT, h = H, w = W, ks = KS;
  int oh = h - ks + 1, ow = w - ks + 1;
  int n, c, y, x, o;
  float eps = 1e-5f;
  float (*in)[cin][h][w] = POLYLIFT_ALLOC(batch * cin * h * w, float);
  float (*wt)[cin][ks][ks] = POLYLIFT_ALLOC(cout * cin * ks * ks, float);
  float *scale = POLYLIFT_ALLOC(cout, float);
  float *bias = POLYLIFT_ALLOC(cout, float);
  float *mean = POLYLIFT_ALLOC(cout, float);
  float *var = POLYLIFT_ALLOC(cout, float);
  float (*out)[cout][oh][ow] = POLYLIFT_ALLOC(batch * cout * oh * ow, float);

  for (n = 0; n < batch; n++)
    for (c = 0; c < cin; c++)
      for (y = 0; y < h; y++)
        for (x = 0; x < w; x++)
          in[n][c][y][x] = (float)((n * 5 + c * 7 + y * 3 + x * 11) % 23 - 11) / 16.0f;
  for (o = 0; o < cout; o++) {
    for (c = 0; c < cin; c++)
      for (y = 0; y < ks; y++)
        for (x = 0; x < ks; x++)
          wt[o][c][y][x] = (float)((o * 3 + c * 5 + y * 7 + x) % 13 - 6) / 32.0f;
    scale[o] = 0.5f + (float)(o % 5) / 8.0f;
    bias[o] = (float)(o % 7 - 3) / 8.0f;
    mean[o] = (float)(o % 3 - 1) / 4.0f;
    var[o] = 0.25f + (float)(o % 4) / 4.0f;
  }

  kernel_conv_bn_relu(batch, cin, cout, h, w, ks, oh, ow, eps, in, wt, scale, bias, mean, var,
                      out);

  polylift_checksum_f32("out", &out[0][0][0][0], (size_t)batch * cout * oh * ow);
  free(in);
  free(wt);
  free(scale);
  free(bias);
  free(mean);
  free(var);
  free(out);
  return 0;
}
