/*
 * polylift_cuda_cache.h: the device-buffer cache's bookkeeping (no CUDA here, so the
 * logic is compiled and tested on any machine; runtime.cu does the allocations and
 * copies it decides).
 *
 * An entry is the device image of a host address range [lo, lo + bytes), found again
 * by that range. What is known of an image: all of it equals host memory
 * (`full_valid`), or at least the elements of one view do (`view_valid`). The rules
 * (polylift_cuda.h states them for users):
 *   - an input is uploaded on every call, unless the caller trusts resident images
 *     and the image is known current for the view asked for;
 *   - an entry uploaded whole in this call is not uploaded again in it;
 *   - a view spread thinly over its range (span > 2 * count + 4096 elements) is copied
 *     element-wise, anything else (or a view that overlaps itself) whole;
 *   - an output written back keeps its image current on what was written, and makes
 *     every other image of overlapping host memory unknown; so does an array the
 *     device wrote in place (mapped memory);
 *   - entries a call did not use may be evicted when device memory runs out.
 */
#ifndef POLYLIFT_CUDA_CACHE_H
#define POLYLIFT_CUDA_CACHE_H

#include <cstddef>
#include <cstdint>
#include <vector>

#include "polylift_cuda_view.h"

namespace polylift_cuda {

struct CacheEntry {
  uintptr_t lo = 0;
  size_t bytes = 0;
  char *dev = nullptr;
  bool full_valid = false;  // device image equals host memory over [lo, lo + bytes)
  bool view_valid = false;  // ... or at least on the elements of `valid_view`
  int64_t valid_off = 0;    // byte offset of that view's element 0 from lo
  View valid_view;
  uint64_t used = 0;      // generation of the last call that mapped it
  uint64_t uploaded = 0;  // generation of the last call that uploaded all of it
};

/* How an input's image is brought up to date before a call. */
enum class Upload { None, Whole, Elements };

class BufferCache {
 public:
  std::vector<CacheEntry *> entries;
  uint64_t generation = 0;  // one per call
  bool trust = false;       // resident images may skip their upload

  /* The entry of exactly [lo, lo + bytes), marked used by this call, or null. */
  CacheEntry *find(uintptr_t lo, size_t bytes) {
    for (CacheEntry *e : entries)
      if (e->lo == lo && e->bytes == bytes) {
        e->used = generation;
        return e;
      }
    return nullptr;
  }

  /* A new entry whose device image (unknown contents) is at `dev`. */
  CacheEntry *add(uintptr_t lo, size_t bytes, char *dev) {
    CacheEntry *e = new CacheEntry();
    e->lo = lo;
    e->bytes = bytes;
    e->dev = dev;
    e->used = generation;
    entries.push_back(e);
    return e;
  }

  static bool resident(const CacheEntry &e, int64_t off, const View &v) {
    return e.full_valid || (e.view_valid && e.valid_off == off && same_view(e.valid_view, v));
  }

  Upload plan_upload(const CacheEntry &e, int64_t off, const View &v) const {
    if (e.uploaded == generation) return Upload::None;
    if (trust && resident(e, off, v)) return Upload::None;
    const int64_t count = v.count(), span = v.span();
    if (span <= 2 * count + 4096 || overlaps_itself(v)) return Upload::Whole;
    return Upload::Elements;
  }

  /* What is known after the upload `plan_upload` asked for was done. */
  void uploaded(CacheEntry &e, Upload how, int64_t off, const View &v) const {
    if (how == Upload::Whole) {
      e.uploaded = generation;
      e.full_valid = true;
    } else if (how == Upload::Elements) {
      e.full_valid = false;
      e.view_valid = true;
      e.valid_off = off;
      e.valid_view = v;
    }
  }

  /* An output view of `e` was copied back to the host: a full image stays full (host
   * and device changed the same elements), otherwise only that view is known to
   * match; every other image of that memory is now unknown. */
  void written_back(CacheEntry &e, int64_t off, const View &v) {
    if (!e.full_valid) {
      e.view_valid = true;
      e.valid_off = off;
      e.valid_view = v;
    }
    invalidate_range(e.lo, e.bytes, &e);
  }

  /* After the host range [lo, lo + bytes) changed, no image of it but `keep` is known
   * to be current. */
  void invalidate_range(uintptr_t lo, size_t bytes, const CacheEntry *keep) {
    for (CacheEntry *e : entries) {
      if (e == keep) continue;
      if (e->lo < lo + bytes && lo < e->lo + e->bytes) {
        e->full_valid = false;
        e->view_valid = false;
      }
    }
  }

  void invalidate_all() {
    for (CacheEntry *e : entries) e->full_valid = e->view_valid = false;
  }

  /* Removes and returns the entries this call did not use (the caller frees their
   * device images and deletes them). */
  std::vector<CacheEntry *> take_unused() {
    std::vector<CacheEntry *> kept, unused;
    for (CacheEntry *e : entries) (e->used == generation ? kept : unused).push_back(e);
    entries.swap(kept);
    return unused;
  }
};

}  // namespace polylift_cuda

#endif /* POLYLIFT_CUDA_CACHE_H */
