// The npp shims' status checks, stream context and view tests (polylift_npp.h).

#include <climits>
#include <cstdio>

#include "polylift_npp.h"

namespace polylift_cuda {

void check(NppStatus status, const char *what) {
  if (status == NPP_NO_ERROR) return;
  char reason[64];
  std::snprintf(reason, sizeof reason, "%s %d", status < 0 ? "NppStatus error" : "NppStatus warning",
                int(status));
  fail(what, reason);
}

NppStreamContext npp_context(Call &call) {
  // Read under the runtime lock (every Call holds it), so once per process.
  static NppStreamContext device = [] {
    NppStreamContext c{};
    check(cudaGetDevice(&c.nCudaDeviceId), "cudaGetDevice");
    cudaDeviceProp p{};
    check(cudaGetDeviceProperties(&p, c.nCudaDeviceId), "cudaGetDeviceProperties");
    c.nMultiProcessorCount = p.multiProcessorCount;
    c.nMaxThreadsPerMultiProcessor = p.maxThreadsPerMultiProcessor;
    c.nMaxThreadsPerBlock = p.maxThreadsPerBlock;
    c.nSharedMemPerBlock = p.sharedMemPerBlock;
    c.nCudaDevAttrComputeCapabilityMajor = p.major;
    c.nCudaDevAttrComputeCapabilityMinor = p.minor;
    return c;
  }();
  NppStreamContext c = device;
  c.hStream = call.stream();
  check(cudaStreamGetFlags(c.hStream, &c.nStreamFlags), "cudaStreamGetFlags");
  return c;
}

ByteSpan vector_span(const void *p, int64_t n, int64_t inc, size_t elem) {
  const uintptr_t at = reinterpret_cast<uintptr_t>(p);
  const int64_t last = (n - 1) * inc * int64_t(elem);
  return ByteSpan{at + (last < 0 ? last : 0), at + (last > 0 ? last : 0) + elem};
}

ByteSpan matrix_span(const void *p, int64_t rows, int64_t cols, int64_t ld, size_t elem) {
  const uintptr_t at = reinterpret_cast<uintptr_t>(p);
  return ByteSpan{at, at + uintptr_t((rows - 1) * ld + cols) * elem};
}

bool npp_disjoint(const ByteSpan *spans, int count) {
  for (int i = 0; i < count; i++)
    for (int j = i + 1; j < count; j++)
      if (spans[i].meets(spans[j])) return false;
  return true;
}

void *npp_upload(Call &call, const void *host, size_t bytes) {
  void *device = call.scratch(bytes);
  // From pageable memory the copy returns once the bytes are staged (CUDA's documented
  // behaviour), so the host buffer may go out of scope.
  check(cudaMemcpyAsync(device, host, bytes, cudaMemcpyHostToDevice, call.stream()),
        "cudaMemcpyAsync");
  return device;
}

void npp_download(Call &call, const void *device, void *host, size_t bytes) {
  check(cudaMemcpyAsync(host, device, bytes, cudaMemcpyDeviceToHost, call.stream()),
        "cudaMemcpyAsync");
  check(cudaStreamSynchronize(call.stream()), "cudaStreamSynchronize");
}

bool npp_image_fits(int64_t h, int64_t w, int64_t ld, size_t elem) {
  return h > 0 && w > 0 && ld >= w && h <= INT32_MAX && ld <= INT32_MAX / int64_t(elem);
}

bool npp_blend_disjoint(int64_t n, const void *a, int64_t inca, const void *b, int64_t incb,
                        const void *o, int64_t inco) {
  const ByteSpan out = vector_span(o, n, inco, 1);
  return !out.meets(vector_span(a, n, inca, 1)) && !out.meets(vector_span(b, n, incb, 1));
}

}  // namespace polylift_cuda
