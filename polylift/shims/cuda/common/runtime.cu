// The cuda shim runtime: error reporting, the device-buffer cache, transfers of strided
// views and the per-call bookkeeping (polylift_cuda.h documents the rules).
//
// This file is compiled into every cuda backend library unchanged, so a program that
// links several of them (static or shared) ends up with one runtime and one cache.

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <vector>

#include <unistd.h>

#include "polylift_cuda.h"
#include "polylift_cuda_cache.h"
#include "polylift_cuda_pages.h"

namespace polylift_cuda {

// Named (not anonymous) with external linkage on purpose: when several backend shared
// libraries are loaded, their copies of `rt()` and `shim_slot()` resolve to one
// definition, so the process has one cache, one lock and one current-shim name.
namespace detail {

const char *&shim_slot() {
  static thread_local const char *name = nullptr;
  return name;
}

using Entry = CacheEntry;

struct Output {
  Entry *entry;  // null: a mapped host array, which the device wrote in place
  int64_t off;   // byte offset of element 0 from entry->lo
  View view;
  void *packed;  // non-null: the routine wrote a packed copy, scattered back at the end
  View packed_view;
  char *mapped;  // element 0 of a mapped host array
};

struct Runtime {
  std::mutex lock;
  BufferCache cache;  // polylift_cuda_cache.h: which device images are current
  bool initialised = false;
  bool mapped = false;               // POLYLIFT_CUDA_MEMORY=mapped: pin, never copy
  std::vector<PageRange> pinned;     // registered with cudaHostRegister, disjoint
  size_t page = 4096;
  uint64_t uploaded = 0, downloaded = 0;
  // Scratch arena: one block, grown between calls to the largest need seen.
  char *arena = nullptr;
  size_t arena_cap = 0, arena_top = 0, arena_want = 0;
  std::vector<void *> overflow;
};

Runtime &rt() {
  static Runtime *r = new Runtime();  // never destroyed: shims may run during exit
  return *r;
}

}  // namespace detail

namespace {

using detail::Entry;
using detail::Output;
using detail::Runtime;
using detail::rt;

// Copy the elements of a non-overlapping view between host and device images, with
// 2-D copies over the two innermost address dims; element gaps are never touched.
void transfer(bool upload, char *host_low, char *dev_low, const View &v, cudaStream_t s) {
  int64_t ext[kMaxRank], str[kMaxRank];
  int n = address_dims(v, ext, str);
  const int64_t e = static_cast<int64_t>(v.elem);
  int64_t width = e, height = 1, pitch = e;
  int outer = n;
  if (n > 0 && str[n - 1] == 1) {
    width = ext[n - 1] * e;
    outer = n - 1;
  }
  if (outer > 0) {
    height = ext[outer - 1];
    pitch = str[outer - 1] * e;
    outer -= 1;
  } else {
    pitch = width;  // one row: the copy API still wants pitch >= width
  }
  int64_t blocks = 1;
  for (int i = 0; i < outer; ++i) blocks *= ext[i];
  for (int64_t b = 0; b < blocks; ++b) {
    int64_t off = 0, rest = b;
    for (int i = outer - 1; i >= 0; --i) {
      off += (rest % ext[i]) * str[i] * e;
      rest /= ext[i];
    }
    char *h = host_low + off, *d = dev_low + off;
    cudaError_t st = upload ? cudaMemcpy2DAsync(d, pitch, h, pitch, width, height,
                                                cudaMemcpyHostToDevice, s)
                            : cudaMemcpy2DAsync(h, pitch, d, pitch, width, height,
                                                cudaMemcpyDeviceToHost, s);
    check(st, upload ? "cudaMemcpy2DAsync (upload)" : "cudaMemcpy2DAsync (download)");
  }
  Runtime &r = rt();
  (upload ? r.uploaded : r.downloaded) += static_cast<uint64_t>(v.count()) * v.elem;
}

void evict_unused() {
  for (Entry *e : rt().cache.take_unused()) {
    cudaFree(e->dev);
    delete e;
  }
}

void *device_alloc(size_t bytes) {
  void *p = nullptr;
  cudaError_t st = cudaMalloc(&p, bytes ? bytes : 1);
  if (st == cudaErrorMemoryAllocation) {
    cudaGetLastError();  // clear the sticky-free error before retrying
    evict_unused();
    st = cudaMalloc(&p, bytes ? bytes : 1);
  }
  check(st, "cudaMalloc");
  return p;
}

void require_host_pointers();

void init_once() {
  Runtime &r = rt();
  if (r.initialised) return;
  int devices = 0;
  check(cudaGetDeviceCount(&devices), "cudaGetDeviceCount");
  if (devices == 0) fail("initialising CUDA", "no CUDA device");
  const char *env = std::getenv("POLYLIFT_CUDA_TRUST_RESIDENT");
  r.cache.trust = env != nullptr && std::strcmp(env, "1") == 0;
  const char *memory = std::getenv("POLYLIFT_CUDA_MEMORY");
  if (memory != nullptr && std::strcmp(memory, "mapped") != 0 && std::strcmp(memory, "copy") != 0)
    fail("reading POLYLIFT_CUDA_MEMORY", "expected 'copy' or 'mapped'");
  r.mapped = memory != nullptr && std::strcmp(memory, "mapped") == 0;
  long page = sysconf(_SC_PAGESIZE);
  r.page = page > 0 ? static_cast<size_t>(page) : 4096;
  r.initialised = true;
  if (r.mapped) require_host_pointers();
}

// Mapped memory hands the device the host's own pointers: only correct where the
// device addresses registered host memory by its host address (unified addressing).
void require_host_pointers() {
  int device = 0, usable = 0;
  check(cudaGetDevice(&device), "cudaGetDevice");
  check(cudaDeviceGetAttribute(&usable, cudaDevAttrCanUseHostPointerForRegisteredMem, device),
        "cudaDeviceGetAttribute");
  if (!usable)
    fail("using mapped memory (POLYLIFT_CUDA_MEMORY=mapped)",
         "this device cannot use host pointers to registered memory");
}

// Pin the pages of [lo, lo + bytes) for the device (polylift_cuda_pages.h); false when
// CUDA refuses (read-only or special memory): the array is then copied as usual.
bool pin(uintptr_t lo, size_t bytes) {
  Runtime &r = rt();
  const PinPlan plan = plan_pin(r.pinned, page_span(lo, bytes, r.page));
  if (plan.reuse >= 0) return true;
  if (!plan.release.empty()) check(cudaStreamSynchronize(0), "cudaStreamSynchronize");
  for (int i : plan.release)
    check(cudaHostUnregister(reinterpret_cast<void *>(r.pinned[i].lo)), "cudaHostUnregister");
  void *base = reinterpret_cast<void *>(plan.pin.lo);
  if (cudaHostRegister(base, plan.pin.hi - plan.pin.lo, cudaHostRegisterMapped) != cudaSuccess) {
    cudaGetLastError();  // not sticky: clear it
    for (int i : plan.release)  // they were pinnable before: pin them again
      check(cudaHostRegister(reinterpret_cast<void *>(r.pinned[i].lo),
                             r.pinned[i].hi - r.pinned[i].lo, cudaHostRegisterMapped),
            "cudaHostRegister");
    return false;
  }
  r.pinned = after_pin(r.pinned, plan);
  return true;
}

void unpin_all() {
  Runtime &r = rt();
  for (const PageRange &range : r.pinned) cudaHostUnregister(reinterpret_cast<void *>(range.lo));
  r.pinned.clear();
}

Entry *entry_for(uintptr_t lo, size_t bytes) {
  BufferCache &cache = rt().cache;
  Entry *e = cache.find(lo, bytes);
  return e ? e : cache.add(lo, bytes, static_cast<char *>(device_alloc(bytes)));
}

void upload(Entry *e, int64_t off, const View &v, cudaStream_t s) {
  Runtime &r = rt();
  const Upload how = r.cache.plan_upload(*e, off, v);
  if (how == Upload::Whole) {
    check(cudaMemcpyAsync(e->dev, reinterpret_cast<void *>(e->lo), e->bytes,
                          cudaMemcpyHostToDevice, s), "cudaMemcpyAsync (upload)");
    r.uploaded += e->bytes;
  } else if (how == Upload::Elements) {
    transfer(true, reinterpret_cast<char *>(e->lo), e->dev, v, s);
  }
  r.cache.uploaded(*e, how, off, v);
}

// Strides of unit dims do not address anything: give them the values BLAS checks for.
View normalised_for_blas(const View &v) {
  View n = v;
  if (v.rank == 1 && v.dims[0] <= 1) n.strides[0] = 1;
  if (v.rank >= 2) {
    const int r = v.rank - 2, c = v.rank - 1;  // the matrix dims (rows, cols)
    if (v.dims[c] <= 1) n.strides[c] = 1;
    const int64_t min_ld = v.dims[c] > 1 ? v.dims[c] : 1;
    if (v.dims[r] <= 1) n.strides[r] = min_ld;
    if (v.rank == 3 && v.dims[0] <= 1) n.strides[0] = 0;
  }
  return n;
}

// BLAS layouts: a vector with a positive increment; a matrix (or a batch of matrices)
// with unit column stride, ld >= max(1, cols) and a non-negative batch stride.
bool fits(const View &v, Layout layout) {
  if (layout == Layout::Any) return true;
  if (layout == Layout::Packed || v.rank > 3) return v.packed();
  if (v.rank == 1) return v.strides[0] >= 1;
  const int r = v.rank - 2, c = v.rank - 1;
  const int64_t min_ld = v.dims[c] > 1 ? v.dims[c] : 1;
  const bool matrix = v.strides[c] == 1 && v.strides[r] >= min_ld;
  return matrix && (v.rank == 2 || v.strides[0] >= 0);
}

}  // namespace

void fail(const char *what, const char *reason) {
  std::fprintf(stderr, "%s: %s failed: %s\n", current_shim(), what, reason);
  std::fflush(stderr);
  std::abort();
}

void check(cudaError_t status, const char *what) {
  if (status == cudaSuccess) return;
  char reason[256];
  std::snprintf(reason, sizeof reason, "%s (%s)", cudaGetErrorName(status),
                cudaGetErrorString(status));
  fail(what, reason);
}

const char *current_shim() {
  const char *name = detail::shim_slot();
  return name ? name : "polylift cuda runtime";
}

struct Call::State {
  std::unique_lock<std::mutex> guard;
  std::vector<Output> outputs;
};

Call::Call(const char *shim) : state_(new State{std::unique_lock<std::mutex>(rt().lock), {}}) {
  detail::shim_slot() = shim;
  init_once();
  rt().cache.generation += 1;
}

cudaStream_t Call::stream() const { return 0; }

void *Call::scratch(size_t bytes) {
  Runtime &r = rt();
  bytes = (bytes + 255) & ~static_cast<size_t>(255);
  if (r.arena == nullptr && r.arena_want > 0) {
    r.arena = static_cast<char *>(device_alloc(r.arena_want));
    r.arena_cap = r.arena_want;
  }
  if (r.arena_top + bytes <= r.arena_cap) {
    void *p = r.arena + r.arena_top;
    r.arena_top += bytes;
    return p;
  }
  void *p = device_alloc(bytes);
  r.overflow.push_back(p);
  r.arena_want = r.arena_top + bytes > r.arena_want ? r.arena_top + bytes : r.arena_want;
  r.arena_top += bytes;
  return p;
}

Device Call::map(const void *host, const View &view, Role role, Layout layout) {
  if (view.count() == 0) {
    Device empty{scratch(view.elem ? view.elem : 1), packed_like(view)};
    empty.view = normalised_for_blas(empty.view);
    return empty;
  }
  if (role != Role::In && overlaps_itself(view))
    fail("mapping an output array", "its view overlaps itself (a stride is too small)");
  char *elem0 = const_cast<char *>(static_cast<const char *>(host));
  const uintptr_t lo = reinterpret_cast<uintptr_t>(elem0 + view.low_offset() *
                                                   static_cast<int64_t>(view.elem));
  const size_t bytes = static_cast<size_t>(view.span()) * view.elem;
  const int64_t off = static_cast<int64_t>(reinterpret_cast<uintptr_t>(elem0) - lo);
  Entry *e = nullptr;
  Device dev{elem0, normalised_for_blas(view)};
  if (!rt().mapped || !pin(lo, bytes)) {
    e = entry_for(lo, bytes);
    if (role != Role::Out) upload(e, off, view, stream());
    dev.ptr = e->dev + off;
  }
  void *direct = dev.ptr;
  if (layout == Layout::Packed && view.packed()) dev.view = packed_like(view);
  if (!fits(dev.view, layout)) {
    View p = packed_like(view);
    void *buf = scratch(static_cast<size_t>(view.count()) * view.elem);
    if (role != Role::Out) copy_view(stream(), dev.ptr, view, buf, p);
    dev = Device{buf, p};
  }
  if (role != Role::In)
    state_->outputs.push_back(Output{e, off, view, dev.ptr == direct ? nullptr : dev.ptr,
                                     dev.view, e ? nullptr : elem0});
  return dev;
}

Call::~Call() {
  Runtime &r = rt();
  cudaStream_t s = stream();
  for (const Output &o : state_->outputs) {
    char *dev0 = o.entry ? o.entry->dev + o.off : o.mapped;
    if (o.packed) copy_view(s, o.packed, o.packed_view, dev0, o.view);
    const int64_t low = o.view.low_offset() * static_cast<int64_t>(o.view.elem);
    if (o.entry)
      transfer(false, reinterpret_cast<char *>(o.entry->lo) + o.off + low, dev0 + low, o.view,
               s);
  }
  check(cudaStreamSynchronize(s), "cudaStreamSynchronize");
  check(cudaGetLastError(), "a kernel launch");
  for (const Output &o : state_->outputs) {
    if (o.entry) {
      r.cache.written_back(*o.entry, o.off, o.view);
      continue;
    }
    // The device wrote host memory in place: cached copies of it are stale.
    const int64_t low = o.view.low_offset() * static_cast<int64_t>(o.view.elem);
    r.cache.invalidate_range(reinterpret_cast<uintptr_t>(o.mapped + low),
                             static_cast<size_t>(o.view.span()) * o.view.elem, nullptr);
  }
  for (void *p : r.overflow) cudaFree(p);
  if (!r.overflow.empty() && r.arena) {
    cudaFree(r.arena);
    r.arena = nullptr;
    r.arena_cap = 0;
  }
  r.overflow.clear();
  r.arena_top = 0;
  detail::shim_slot() = nullptr;
  delete state_;
}

void detail_init() { init_once(); }
void detail_set_mapped(bool on) {
  if (on) require_host_pointers();
  rt().mapped = on;
}
void detail_evict() {
  evict_unused();
  unpin_all();
  Runtime &r = rt();
  if (r.arena) cudaFree(r.arena);
  r.arena = nullptr;
  r.arena_cap = r.arena_want = 0;
}

}  // namespace polylift_cuda

using polylift_cuda::detail::rt;

extern "C" int polylift_cuda_trust_resident(int on) {
  std::lock_guard<std::mutex> guard(rt().lock);
  polylift_cuda::detail_init();
  int was = rt().cache.trust ? 1 : 0;
  rt().cache.trust = on != 0;
  return was;
}

extern "C" int polylift_cuda_use_mapped(int on) {
  std::lock_guard<std::mutex> guard(rt().lock);
  polylift_cuda::detail_init();
  int was = rt().mapped ? 1 : 0;
  polylift_cuda::detail_set_mapped(on != 0);
  return was;
}

extern "C" void polylift_cuda_invalidate(void) {
  std::lock_guard<std::mutex> guard(rt().lock);
  rt().cache.invalidate_all();
}

extern "C" void polylift_cuda_release(void) {
  std::lock_guard<std::mutex> guard(rt().lock);
  rt().cache.generation += 1;  // nothing is in use outside a call
  polylift_cuda::detail_evict();
}

extern "C" void polylift_cuda_traffic(uint64_t *uploaded, uint64_t *downloaded) {
  std::lock_guard<std::mutex> guard(rt().lock);
  *uploaded = rt().uploaded;
  *downloaded = rt().downloaded;
}
