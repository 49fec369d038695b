/*
 * polylift_cuda_view.h: strided views of arrays and their address geometry (no CUDA
 * here, so the runtime's bookkeeping is compiled and tested on any machine).
 */
#ifndef POLYLIFT_CUDA_VIEW_H
#define POLYLIFT_CUDA_VIEW_H

#include <cstddef>
#include <cstdint>
#include <utility>

namespace polylift_cuda {

constexpr int kMaxRank = 4;

/* A strided view of an array: extents and signed strides in elements, outermost first. */
struct View {
  int rank = 0;
  int64_t dims[kMaxRank] = {0, 0, 0, 0};
  int64_t strides[kMaxRank] = {0, 0, 0, 0};
  size_t elem = 0; /* bytes per element */

  /* Number of elements. */
  int64_t count() const {
    int64_t n = 1;
    for (int d = 0; d < rank; ++d) n *= dims[d];
    return n;
  }
  /* Offset (<= 0) of the lowest addressed element. */
  int64_t low_offset() const {
    int64_t off = 0;
    for (int d = 0; d < rank; ++d)
      if (strides[d] < 0 && dims[d] > 0) off += (dims[d] - 1) * strides[d];
    return off;
  }
  /* Elements from the lowest to the highest address. */
  int64_t span() const {
    if (count() == 0) return 0;
    int64_t s = 1;
    for (int d = 0; d < rank; ++d) s += (dims[d] - 1) * (strides[d] < 0 ? -strides[d] : strides[d]);
    return s;
  }
  /* Row-major contiguous: strides are the packed ones. */
  bool packed() const {
    int64_t want = 1;
    for (int d = rank - 1; d >= 0; --d) {
      if (dims[d] != 1 && strides[d] != want) return false;
      want *= dims[d];
    }
    return true;
  }
};

inline bool same_view(const View &a, const View &b) {
  if (a.rank != b.rank || a.elem != b.elem) return false;
  for (int d = 0; d < a.rank; ++d)
    if (a.dims[d] != b.dims[d] || a.strides[d] != b.strides[d]) return false;
  return true;
}

/* The dims of a view's address set: extents > 1, |strides|, outermost first, merged
 * where an outer dim continues an inner one. Returns the number of dims. */
inline int address_dims(const View &v, int64_t ext[kMaxRank], int64_t str[kMaxRank]) {
  int n = 0;
  for (int d = 0; d < v.rank; ++d) {
    if (v.dims[d] <= 1) continue;
    ext[n] = v.dims[d];
    str[n] = v.strides[d] < 0 ? -v.strides[d] : v.strides[d];
    ++n;
  }
  for (int i = 1; i < n; ++i)  // insertion sort by stride, largest first
    for (int j = i; j > 0 && str[j] > str[j - 1]; --j) {
      std::swap(str[j], str[j - 1]);
      std::swap(ext[j], ext[j - 1]);
    }
  int m = 0;
  for (int i = 0; i < n; ++i) {
    if (m > 0 && str[m - 1] == str[i] * ext[i] && str[i] != 0) {
      str[m - 1] = str[i];
      ext[m - 1] *= ext[i];
      continue;
    }
    ext[m] = ext[i];
    str[m] = str[i];
    ++m;
  }
  return m;
}

/* Whether two elements of the view share an address (a stride too small). */
inline bool overlaps_itself(const View &v) {
  int64_t ext[kMaxRank], str[kMaxRank];
  int n = address_dims(v, ext, str);
  int64_t inner_span = 1;  // elements covered by the dims inside the current one
  for (int i = n - 1; i >= 0; --i) {
    if (str[i] < inner_span) return true;
    inner_span = str[i] * (ext[i] - 1) + inner_span;
  }
  return false;
}

}  // namespace polylift_cuda

#endif /* POLYLIFT_CUDA_VIEW_H */
