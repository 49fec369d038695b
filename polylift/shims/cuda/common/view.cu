// Strided views of host and device arrays (polylift_cuda.h).

#include "polylift_cuda.h"

namespace polylift_cuda {

View vector_view(int64_t n, int64_t inc, size_t elem) {
  View v;
  v.rank = 1;
  v.dims[0] = n;
  v.strides[0] = inc;
  v.elem = elem;
  return v;
}

View matrix_view(int64_t rows, int64_t cols, int64_t ld, size_t elem) {
  View v;
  v.rank = 2;
  v.dims[0] = rows;
  v.dims[1] = cols;
  v.strides[0] = ld;
  v.strides[1] = 1;
  v.elem = elem;
  return v;
}

View batch_view(int64_t nb, int64_t rows, int64_t cols, int64_t ld0, int64_t ld1, size_t elem) {
  View v;
  v.rank = 3;
  v.dims[0] = nb;
  v.dims[1] = rows;
  v.dims[2] = cols;
  v.strides[0] = ld0;
  v.strides[1] = ld1;
  v.strides[2] = 1;
  v.elem = elem;
  return v;
}

View tensor4_view(const int64_t dims[4], int64_t ld0, int64_t ld1, int64_t ld2, size_t elem) {
  View v;
  v.rank = 4;
  for (int d = 0; d < 4; ++d) v.dims[d] = dims[d];
  v.strides[0] = ld0;
  v.strides[1] = ld1;
  v.strides[2] = ld2;
  v.strides[3] = 1;
  v.elem = elem;
  return v;
}

View packed_like(const View &v) {
  View p = v;
  int64_t s = 1;
  for (int d = v.rank - 1; d >= 0; --d) {
    p.strides[d] = s;
    s *= v.dims[d] > 0 ? v.dims[d] : 1;
  }
  return p;
}

}  // namespace polylift_cuda
