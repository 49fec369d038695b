/*
 * im2col.c - unfold an image (channels x height x width) into the matrix whose row
 * (ch, ky, kx) holds, for every output position (y, x), the input pixel the filter tap
 * (ky, kx) of channel ch sees there; pixels outside the image (padding) are 0. A
 * convolution is then one matrix product: weights (filters x channels*ksize*ksize)
 * times this matrix (channels*ksize*ksize x out_h*out_w).
 */
#include "cnn.h"

void im2col_cpu(float *data_im, int channels, int height, int width, int ksize, int stride,
                int pad, float *data_col)
{
  int out_h = (height + 2 * pad - ksize) / stride + 1;
  int out_w = (width + 2 * pad - ksize) / stride + 1;
  for (int ch = 0; ch < channels; ch++)
    for (int ky = 0; ky < ksize; ky++)
      for (int kx = 0; kx < ksize; kx++)
        for (int y = 0; y < out_h; y++)
          for (int x = 0; x < out_w; x++) {
            int row = y * stride + ky - pad;
            int col = x * stride + kx - pad;
            int inside = row >= 0 && row < height && col >= 0 && col < width;
            data_col[((ch * ksize + ky) * ksize + kx) * out_h * out_w + y * out_w + x] =
                inside ? data_im[(ch * height + row) * width + col] : 0.0f;
          }
}
