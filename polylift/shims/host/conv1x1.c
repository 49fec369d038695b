/*
 * host shim of launch `conv1x1` (cnn.conv1x1): per image n and row i, y[n,:,i,:] =
 * w . x[n,:,i,:] by CBLAS sgemm (K x W, summed over C; reassociated). Views CBLAS cannot
 * take run the ref loop.
 */
#include "polylift_shims.h"
#include "host_blas.h"

void polylift_host_conv1x1_f32(int64_t N, int64_t C, int64_t H, int64_t W, int64_t K,
                               const float *w, int64_t ldw, const float *x, int64_t ldx0,
                               int64_t ldx1, int64_t ldx2, float *y, int64_t ldy0, int64_t ldy1,
                               int64_t ldy2)
{
  int lw = polylift_blas_ld(ldw, K, C), lx = polylift_blas_ld(ldx1, C, W);
  int ly = polylift_blas_ld(ldy1, K, W);
  int blas = polylift_blas_size(K) && polylift_blas_size(W) && polylift_blas_size(C) && lw
             && lx && ly;
  for (int64_t n = 0; n < N; n++)
    for (int64_t i = 0; i < H; i++) {
      const float *xi = x + n * ldx0 + i * ldx2;
      float *yi = y + n * ldy0 + i * ldy2;
      if (blas && K > 0 && W > 0) {
        cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, (int)K, (int)W, (int)C, 1.0f, w,
                    lw, xi, lx, 0.0f, yi, ly);
        continue;
      }
      for (int64_t k = 0; k < K; k++)
        for (int64_t j = 0; j < W; j++) {
          float acc = 0.0f;
          for (int64_t c = 0; c < C; c++)
            acc = acc + w[k * ldw + c] * xi[c * ldx1 + j];
          yi[k * ldy1 + j] = acc;
        }
    }
}
