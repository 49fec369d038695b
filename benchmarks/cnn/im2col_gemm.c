/*
 * im2col_gemm: a convolution layer computed as C CNN frameworks do it, for one CHW image, single
 * precision, stride 1, no padding: im2col unfolds the input into a (cin*ks*ks) x (oh*ow)
 * matrix col, then gemm_nn (the CNN-framework loop form, flattened arrays with leading
 * dimensions) multiplies the cout x (cin*ks*ks) weights by it:
 *   col[((ci*ks + ky)*ks + kx)*(oh*ow) + y*ow + x] = in[ci][y + ky][x + kx]
 *   out[co][y*ow + x] = sum_q wt[co][q] * col[q][y*ow + x].
 * Both steps are inside kernel_im2col_gemm, which calls nothing.
 */
#include "polylift_bench.h"

#if defined(MINI_DATASET)
#define CIN 3
#define COUT 4
#define H 10
#define W 10
#elif defined(SMALL_DATASET)
#define CIN 8
#define COUT 16
#define H 26
#define W 26
#elif defined(LARGE_DATASET)
#define CIN 128
#define COUT 128
#define H 58
#define W 58
#elif defined(EXTRALARGE_DATASET)
#define CIN 256
#define COUT 256
#define H 58
#define W 58
#else
#define CIN 32
#define COUT 64
#define H 34
#define W 34
#endif
#define KS 3

/* Element counts of the pointer parameters, for the polylift harness:
 *   POLYLIFT_EXTENT(in, cin * h * w)
 *   POLYLIFT_EXTENT(wt, cout * cin * ks * ks)
 *   POLYLIFT_EXTENT(col, cin * ks * ks * oh * ow)
 *   POLYLIFT_EXTENT(out, cout * oh * ow)
 */
static void kernel_im2col_gemm(int cin, int cout, int h, int w, int ks, int oh, int ow,
                               float *restrict in, float *restrict wt, float *restrict col,
                               float *restrict out)
{
  int ci, ky, kx, y, x;
  int i, j, k;
  int M, N, K, lda, ldb, ldc;
  float ALPHA = 1.0f;

  /* im2col */
  for (ci = 0; ci < cin; ci++)
    for (ky = 0; ky < ks; ky++)
      for (kx = 0; kx < ks; kx++)
        for (y = 0; y < oh; y++)
          for (x = 0; x < ow; x++)
            col[((ci * ks + ky) * ks + kx) * (oh * ow) + y * ow + x] =
                in[(ci * h + y + ky) * w + x + kx];

  /* out := 0, then gemm_nn: out += ALPHA * wt * col */
  M = cout;
  N = oh * ow;
  K = cin * ks * ks;
  lda = K;
  ldb = N;
  ldc = N;
  for (i = 0; i < M; ++i)
    for (j = 0; j < N; ++j)
      out[i * ldc + j] = 0.0f;
  for (i = 0; i < M; ++i) {
    for (k = 0; k < K; ++k) {
      float A_PART = ALPHA * wt[i * lda + k];
      for (j = 0; j < N; ++j) {
        out[i * ldc + j] += A_PART * col[k * ldb + j];
      }
    }
  }
}

int main(void)
{
  int cin = CIN, cout = COUT, h = H, w = W, ks = KS;
  int oh = h - ks + 1, ow = w - ks + 1;
  int c, y, x, o, q;
  float *in = POLYLIFT_ALLOC(cin * h * w, float);
  float *wt = POLYLIFT_ALLOC(cout * cin * ks * ks, float);
  float *col = POLYLIFT_ALLOC(cin * ks * ks * oh * ow, float);
  float *out = POLYLIFT_ALLOC(cout * oh * ow, float);

  for (c = 0; c < cin; c++)
    for (y = 0; y < h; y++)
      for (x = 0; x < w; x++)
        in[(c * h + y) * w + x] = (float)((c * 7 + y * 3 + x * 11) % 23 - 11) / 16.0f;
  for (o = 0; o < cout; o++)
    for (q = 0; q < cin * ks * ks; q++)
      wt[o * cin * ks * ks + q] = (float)((o * 3 + q * 5) % 13 - 6) / 32.0f;

  kernel_im2col_gemm(cin, cout, h, w, ks, oh, ow, in, wt, col, out);

  polylift_checksum_f32("col", col, (size_t)cin * ks * ks * oh * ow);
  polylift_checksum_f32("out", out, (size_t)cout * oh * ow);
  free(in);
  free(wt);
  free(col);
  free(out);
  return 0;
}
