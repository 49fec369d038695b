// The npp shims' status checks, stream context and view test (polylift_npp.h).

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

namespace {

// The bytes n one-byte elements at p with increment inc span: [lo, hi).
struct Span {
  uintptr_t lo, hi;
  Span(const void *p, int64_t n, int64_t inc) {
    const uintptr_t at = reinterpret_cast<uintptr_t>(p);
    const int64_t last = (n - 1) * inc;
    lo = at + (last < 0 ? last : 0);
    hi = at + (last > 0 ? last : 0) + 1;
  }
  bool meets(const Span &o) const { return lo < o.hi && o.lo < hi; }
};

}  // namespace

bool npp_blend_disjoint(int64_t n, const void *a, int64_t inca, const void *b, int64_t incb,
                        const void *o, int64_t inco) {
  const Span out(o, n, inco);
  return !out.meets(Span(a, n, inca)) && !out.meets(Span(b, n, incb));
}

}  // namespace polylift_cuda
