/*
 * polylift_cuda.h: the runtime shared by the cuda shim backends (cublas, cublaslt, cudnn).
 *
 * A shim opens a `Call`, maps each host array argument to device memory through it,
 * launches library work on `call.stream()`, and lets the Call's destructor copy every
 * output back to the host before the shim returns. Any failure prints
 * `<shim>: <what> failed: <reason>` on stderr and aborts: a shim never returns a wrong
 * or partial result.
 *
 * Device-buffer cache. Device images of host arrays are cached, keyed by the host
 * address range an argument spans (lowest address, byte size), so repeated calls on the
 * same arrays reuse the allocation. Re-upload rule (correct first):
 *   - inputs and in-out arrays are uploaded on every call, by default;
 *   - after `polylift_cuda_trust_resident(1)` (or with POLYLIFT_CUDA_TRUST_RESIDENT=1 in
 *     the environment) an input whose device image is known to equal the host memory is
 *     not uploaded again. The caller promises that the host has not written the array
 *     since the shim last uploaded or downloaded it (e.g. a timing loop that calls the
 *     same kernel on unchanged inputs). Outputs copied back by any cuda shim keep this
 *     bookkeeping exact: they invalidate every other cached image that overlaps them.
 *   - outputs are copied back at the end of every call; gaps between the elements of a
 *     strided output view are never written on the host.
 *   - a shim that computes on the host instead (an empty range, or windows cuDNN would
 *     order differently) writes host memory behind the cache, so it then calls
 *     `polylift_cuda_invalidate()`.
 * `polylift_cuda_invalidate()` forgets what is resident; `polylift_cuda_release()` frees
 * every cached buffer and unpins every mapped range.
 * The bookkeeping of these rules is `polylift_cuda_cache.h` (no CUDA in it: it is
 * compiled and tested on the host).
 *
 * Mapped memory (zero-copy, for boards whose GPU shares the host's memory): with
 * POLYLIFT_CUDA_MEMORY=mapped in the environment (default `copy`), or after
 * `polylift_cuda_use_mapped(1)`, a shim pins the pages an array spans
 * (cudaHostRegister, mapped; kept per pinned range, `polylift_cuda_pages.h`) and the
 * device reads and writes the host array in place: nothing is uploaded or copied back.
 * It needs a device that addresses registered memory by its host pointers (it fails
 * clearly otherwise); an array CUDA refuses to pin is copied as above. Arrays written
 * in place invalidate the cached device images that overlap them. Pinned ranges are
 * known by address: a program that frees arrays and allocates new ones at the same
 * addresses calls `polylift_cuda_release()` in between.
 */
#ifndef POLYLIFT_CUDA_H
#define POLYLIFT_CUDA_H

#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>

#include "polylift_cuda_view.h"

extern "C" {
/* Set whether unchanged resident inputs may skip their upload (see above); returns
 * the previous setting. */
int polylift_cuda_trust_resident(int on);
/* Set whether arrays are mapped in place instead of copied (see above); returns the
 * previous setting. */
int polylift_cuda_use_mapped(int on);
/* Mark every cached device image as unknown, so the next call uploads again. */
void polylift_cuda_invalidate(void);
/* Free every cached device buffer. */
void polylift_cuda_release(void);
/* Bytes uploaded and downloaded since the process started (for tests and timing). */
void polylift_cuda_traffic(uint64_t *uploaded, uint64_t *downloaded);
}

namespace polylift_cuda {

View vector_view(int64_t n, int64_t inc, size_t elem);
View matrix_view(int64_t rows, int64_t cols, int64_t ld, size_t elem);
/* A batch of matrices: batch stride ld0, row stride ld1. */
View batch_view(int64_t nb, int64_t rows, int64_t cols, int64_t ld0, int64_t ld1, size_t elem);
/* A rank-4 view (e.g. NCHW) with the strides of its three outer dimensions. */
View tensor4_view(const int64_t dims[4], int64_t ld0, int64_t ld1, int64_t ld2, size_t elem);
/* The row-major packed view of the same extents. */
View packed_like(const View &v);

enum class Role { In, InOut, Out };
/* What the library routine accepts: any strides (our own kernels), a BLAS matrix or
 * vector (positive strides, ld >= cols), or a packed row-major array (cuDNN tensors). */
enum class Layout { Any, Blas, Packed };

/* A device array: the address of element 0 and the view to address it with. */
struct Device {
  void *ptr = nullptr;
  View view;
  template <class T> T *as() const { return static_cast<T *>(ptr); }
  int64_t ld(int d = 0) const { return view.strides[d]; }
};

[[noreturn]] void fail(const char *what, const char *reason);
void check(cudaError_t status, const char *what);
/* The shim running on this thread (for messages), or "polylift cuda runtime". */
const char *current_shim();

class Call {
 public:
  explicit Call(const char *shim);
  ~Call();
  Call(const Call &) = delete;
  Call &operator=(const Call &) = delete;

  Device map(const void *host, const View &view, Role role, Layout layout);
  /* Device memory that lives until the call ends (contents undefined). */
  void *scratch(size_t bytes);
  cudaStream_t stream() const;

  template <class T> Device in(const T *host, const View &v, Layout l = Layout::Any) {
    return map(host, v, Role::In, l);
  }
  template <class T> Device inout(T *host, const View &v, Layout l = Layout::Any) {
    return map(host, v, Role::InOut, l);
  }
  template <class T> Device out(T *host, const View &v, Layout l = Layout::Any) {
    return map(host, v, Role::Out, l);
  }

 private:
  struct State;
  State *state_;
};

/* Kernels of the runtime, usable by every backend (all on the call's stream). */
void copy_view(cudaStream_t s, const void *src, const View &src_view, void *dst,
               const View &dst_view);

/* A C++ type's element size, for the view helpers. */
template <class T> View vec(int64_t n, int64_t inc) { return vector_view(n, inc, sizeof(T)); }
template <class T> View mat(int64_t rows, int64_t cols, int64_t ld) {
  return matrix_view(rows, cols, ld, sizeof(T));
}
template <class T> View bat(int64_t nb, int64_t rows, int64_t cols, int64_t ld0, int64_t ld1) {
  return batch_view(nb, rows, cols, ld0, ld1, sizeof(T));
}
template <class T>
View ten(int64_t d0, int64_t d1, int64_t d2, int64_t d3, int64_t ld0, int64_t ld1, int64_t ld2) {
  const int64_t dims[4] = {d0, d1, d2, d3};
  return tensor4_view(dims, ld0, ld1, ld2, sizeof(T));
}

}  // namespace polylift_cuda

#endif /* POLYLIFT_CUDA_H */
