/* Max pooling that keeps where each maximum came from, its window padded by a guarded
 * read (positions outside the input read -FLT_MAX), in a CNN framework's style: the
 * raising versions it on the guard holding everywhere (test_raise_guarded_windows.py). */
#include <float.h>
void pool(int batch, int c, int h, int w, int out_h, int out_w, int size, int stride, int pad,
          const float *restrict in, float *restrict out, int *restrict idx)
{
  int w_offset = -pad / 2, h_offset = -pad / 2;
  for (int b = 0; b < batch; ++b)
    for (int k = 0; k < c; ++k)
      for (int i = 0; i < out_h; ++i)
        for (int j = 0; j < out_w; ++j) {
          int out_index = j + out_w * (i + out_h * (k + c * b));
          float max = -FLT_MAX;
          int max_i = -1;
          for (int n = 0; n < size; ++n)
            for (int m = 0; m < size; ++m) {
              int cur_h = h_offset + i * stride + n;
              int cur_w = w_offset + j * stride + m;
              int index = cur_w + w * (cur_h + h * (k + b * c));
              int valid = (cur_h >= 0 && cur_h < h && cur_w >= 0 && cur_w < w);
              float val = (valid != 0) ? in[index] : -FLT_MAX;
              max_i = (val > max) ? index : max_i;
              max = (val > max) ? val : max;
            }
          out[out_index] = max;
          idx[out_index] = max_i;
        }
}
