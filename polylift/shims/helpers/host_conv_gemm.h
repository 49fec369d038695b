/*
 * Convolutions by sgemm on the host (f32, NCHW, stride 1, no padding).
 *
 * Output point (p, q) of filter k sums, over the taps (r, s) and the channels c,
 * w[k,c,r,s] * x[c, p+r, q+s]. Number the output points of an image by
 * col = p * ld + q, where ld is the input's row stride: then x[c, p+r, q+s] is element
 * (c, col) of the matrix X_rs that starts at x[c=0, r, s] with leading dimension ldx1
 * (the channel stride). So per tap, Y[k][col] += W_rs[k][c] . X_rs[c][col] is one
 * gemm, K x cols x C, reading x in place; the R*S gemms accumulate into a workspace
 * (beta 0, then 1), which also holds the points with q >= Q between the rows (computed
 * from the elements between the input rows, and never read). Every element read lies
 * between the first and the last element of the window the convolution reads
 * (P+R-1 rows, Q+S-1 columns per channel), so inside the input's allocation. The filter
 * is packed once per call as R*S matrices W_rs (K x C); an input whose rows are far
 * apart (more than twice the window's width) or whose channels are closer than the
 * gemm's columns is packed first, its window made dense. Rows of output points go
 * through the workspace in chunks of at most POLYLIFT_CONV_TILE floats; each finished
 * row is copied into y, then gets the shim's epilogue there, as in host_cnn.h.
 *
 * The sums are reassociated (the gemm's order, FMA where the library uses it), which
 * `accuracy reassoc` allows: on exact inputs every order gives the same bits.
 */
#ifndef POLYLIFT_HOST_CONV_GEMM_H
#define POLYLIFT_HOST_CONV_GEMM_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "host_blas.h"
#include "host_cnn.h"

#define POLYLIFT_CONV_TILE ((int64_t)1 << 20)

/* One image of the input as the gemms read it: its first element and strides. */
typedef struct {
  const float *x;
  int64_t ld1, ld2;
} polylift_conv_image;

/* The filter as R*S matrices of K x C, tap (r, s) at wp + (r*S + s)*K*C; NULL when out of
 * memory. */
static inline float *polylift_conv_pack_filter(int64_t K, int64_t C, int64_t R, int64_t S,
                                               const float *w, int64_t ldw0, int64_t ldw1,
                                               int64_t ldw2)
{
  float *wp = malloc((size_t)(K * C * R * S) * sizeof(float));
  if (wp == NULL)
    return NULL;
  for (int64_t r = 0; r < R; r++)
    for (int64_t s = 0; s < S; s++)
      for (int64_t k = 0; k < K; k++)
        for (int64_t c = 0; c < C; c++)
          wp[((r * S + s) * K + k) * C + c] = w[k * ldw0 + c * ldw1 + r * ldw2 + s];
  return wp;
}

/* Whether image views with these strides can be read in place (see above). */
static inline int polylift_conv_in_place(int64_t C, int64_t P, int64_t Q, int64_t S,
                                         int64_t ldx1, int64_t ldx2)
{
  const int64_t cols = (P - 1) * ldx2 + Q;
  return (P == 1 || (ldx2 >= Q && ldx2 <= 2 * (Q + S - 1))) && cols <= INT_MAX
         && polylift_blas_ld(ldx1, C, cols) != 0;
}

/* An image of x as the gemms read it: in place, or when `dense` is not NULL its H x W
 * window (the rows and columns the convolution reads) packed there densely. */
static inline polylift_conv_image polylift_conv_image_at(int64_t C, int64_t H, int64_t W,
                                                         const float *xn, int64_t ldx1,
                                                         int64_t ldx2, float *dense)
{
  if (dense == NULL) {
    polylift_conv_image view = {xn, ldx1, ldx2};
    return view;
  }
  for (int64_t c = 0; c < C; c++)
    for (int64_t h = 0; h < H; h++)
      memcpy(dense + (c * H + h) * W, xn + c * ldx1 + h * ldx2, (size_t)W * sizeof(float));
  polylift_conv_image packed = {dense, H * W, W};
  return packed;
}

/* Output rows p0 .. p0+rows-1 of image `img` into the workspace `tile` (K x cols). */
static inline void polylift_conv_tile(int64_t C, int64_t K, int64_t R, int64_t S,
                                      polylift_conv_image img, int64_t p0, int64_t rows,
                                      int64_t Q, const float *wp, float *tile)
{
  const int cols = (int)((rows - 1) * img.ld2 + Q);
  const int ldb = polylift_blas_ld(img.ld1, C, cols);
  for (int64_t r = 0; r < R; r++)
    for (int64_t s = 0; s < S; s++)
      cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, (int)K, cols, (int)C, 1.0f,
                  wp + (r * S + s) * K * C, (int)C, img.x + (p0 + r) * img.ld2 + s, ldb,
                  r == 0 && s == 0 ? 0.0f : 1.0f, tile, cols);
}

/*
 * The convolution by gemm, then `epilogue` (unless NULL) on each output row of y. Returns
 * 0, having written nothing, when a size does not fit CBLAS or memory runs out; the
 * caller then takes its direct path. y must share no byte with x, w or what the epilogue
 * reads, and its rows no byte with each other (the rows are finished out of ref's order).
 */
static inline int polylift_host_conv_gemm(int64_t N, int64_t C, int64_t K, int64_t R,
                                          int64_t S, int64_t P, int64_t Q, const float *x, int64_t ldx0,
                                          int64_t ldx1, int64_t ldx2, const float *w,
                                          int64_t ldw0, int64_t ldw1, int64_t ldw2, float *y,
                                          int64_t ldy0, int64_t ldy1, int64_t ldy2,
                                          polylift_host_conv_epilogue epilogue, const void *ctx)
{
  const int64_t H = P + R - 1, W = Q + S - 1; /* the window of the input that is read */
  const int in_place = polylift_conv_in_place(C, P, Q, S, ldx1, ldx2);
  const int64_t ld2 = in_place ? ldx2 : W;
  if (!polylift_blas_size(K) || !polylift_blas_size(C) || !polylift_blas_size(C * H * W)
      || !polylift_blas_size((P - 1) * ld2 + Q))
    return 0;
  const int64_t budget = POLYLIFT_CONV_TILE / (K * (ld2 > 0 ? ld2 : 1));
  const int64_t chunk = budget < 1 ? 1 : (budget < P ? budget : P);
  float *wp = polylift_conv_pack_filter(K, C, R, S, w, ldw0, ldw1, ldw2);
  float *tile = malloc((size_t)(K * ((chunk - 1) * ld2 + Q)) * sizeof(float));
  float *dense = in_place ? NULL : malloc((size_t)(C * H * W) * sizeof(float));
  if (wp == NULL || tile == NULL || (!in_place && dense == NULL)) {
    free(wp);
    free(tile);
    free(dense);
    return 0;
  }
  for (int64_t n = 0; n < N; n++) {
    const polylift_conv_image img =
        polylift_conv_image_at(C, H, W, x + n * ldx0, ldx1, ldx2, dense);
    for (int64_t p0 = 0; p0 < P; p0 += chunk) {
      const int64_t rows = P - p0 < chunk ? P - p0 : chunk;
      const int64_t cols = (rows - 1) * img.ld2 + Q;
      polylift_conv_tile(C, K, R, S, img, p0, rows, Q, wp, tile);
      for (int64_t k = 0; k < K; k++)
        for (int64_t p = p0; p < p0 + rows; p++) {
          float *row = y + n * ldy0 + k * ldy1 + p * ldy2;
          memcpy(row, tile + k * cols + (p - p0) * img.ld2, (size_t)Q * sizeof(float));
          if (epilogue != 0)
            epilogue(ctx, n, k, p, Q, row);
        }
    }
  }
  free(wp);
  free(tile);
  free(dense);
  return 1;
}

/* Whether no two elements of the N x K x P x Q view y (strides >= 0) share an address. */
static inline int polylift_host_rows_apart(int64_t N, int64_t K, int64_t P, int64_t Q,
                                           int64_t ldy0, int64_t ldy1, int64_t ldy2)
{
  const int64_t image = (K - 1) * ldy1 + (P - 1) * ldy2 + Q;
  return (P <= 1 || ldy2 >= Q) && (K <= 1 || ldy1 >= (P - 1) * ldy2 + Q)
         && (N <= 1 || ldy0 >= image);
}

#endif /* POLYLIFT_HOST_CONV_GEMM_H */
