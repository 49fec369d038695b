// Strided views of host and device arrays (polylift_cuda.h).

#include "polylift_cuda.h"

namespace polylift_cuda {

int64_t View::count() const {
  int64_t n = 1;
  for (int d = 0; d < rank; ++d) n *= dims[d];
  return n;
}

int64_t View::low_offset() const {
  int64_t off = 0;
  for (int d = 0; d < rank; ++d)
    if (strides[d] < 0 && dims[d] > 0) off += (dims[d] - 1) * strides[d];
  return off;
}

int64_t View::span() const {
  if (count() == 0) return 0;
  int64_t s = 1;
  for (int d = 0; d < rank; ++d) s += (dims[d] - 1) * (strides[d] < 0 ? -strides[d] : strides[d]);
  return s;
}

bool View::packed() const {
  int64_t want = 1;
  for (int d = rank - 1; d >= 0; --d) {
    if (dims[d] != 1 && strides[d] != want) return false;
    want *= dims[d];
  }
  return true;
}

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
