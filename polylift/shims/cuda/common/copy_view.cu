// Device copy between two strided views of the same extents (packing and unpacking
// arguments that a library routine cannot take as they are).

#include <cstdint>

#include "polylift_cuda.h"

namespace polylift_cuda {

namespace {

struct Shape {
  int64_t dims[kMaxRank];
  int64_t src[kMaxRank];
  int64_t dst[kMaxRank];
};

template <class W>
__global__ void copy_kernel(int64_t n, Shape sh, const W *src, W *dst) {
  for (int64_t i = blockIdx.x * static_cast<int64_t>(blockDim.x) + threadIdx.x; i < n;
       i += static_cast<int64_t>(gridDim.x) * blockDim.x) {
    int64_t rest = i, s = 0, d = 0;
    for (int k = kMaxRank - 1; k >= 0; --k) {
      int64_t idx = rest % sh.dims[k];
      rest /= sh.dims[k];
      s += idx * sh.src[k];
      d += idx * sh.dst[k];
    }
    dst[d] = src[s];
  }
}

template <class W>
void launch(cudaStream_t s, int64_t n, const Shape &sh, const void *src, void *dst) {
  const int threads = 256;
  int64_t blocks = (n + threads - 1) / threads;
  if (blocks > 65535) blocks = 65535;
  copy_kernel<W><<<static_cast<unsigned>(blocks), threads, 0, s>>>(
      n, sh, static_cast<const W *>(src), static_cast<W *>(dst));
  check(cudaGetLastError(), "launching the view copy kernel");
}

}  // namespace

void copy_view(cudaStream_t s, const void *src, const View &src_view, void *dst,
               const View &dst_view) {
  const int64_t n = src_view.count();
  if (n == 0) return;
  Shape sh;
  const int pad = kMaxRank - src_view.rank;  // leading unit dims
  for (int k = 0; k < kMaxRank; ++k) {
    const bool real = k >= pad;
    sh.dims[k] = real ? src_view.dims[k - pad] : 1;
    sh.src[k] = real ? src_view.strides[k - pad] : 0;
    sh.dst[k] = real ? dst_view.strides[k - pad] : 0;
  }
  switch (src_view.elem) {
    case 1: launch<uint8_t>(s, n, sh, src, dst); break;
    case 2: launch<uint16_t>(s, n, sh, src, dst); break;
    case 4: launch<uint32_t>(s, n, sh, src, dst); break;
    case 8: launch<uint64_t>(s, n, sh, src, dst); break;
    default: fail("copying a view", "unsupported element size");
  }
}

}  // namespace polylift_cuda
