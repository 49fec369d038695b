/*
 * polylift_cuda_pages.h: which host pages the mapped-memory mode pins (no CUDA here, so
 * the logic is compiled and tested on any machine).
 *
 * With POLYLIFT_CUDA_MEMORY=mapped (for boards whose GPU shares the host's memory), a
 * shim does not copy arrays to device buffers: it pins the pages an array spans with
 * cudaHostRegister and lets the device read and write them in place. Registrations are
 * kept (one per pinned range, so repeated calls on the same arrays pin nothing new),
 * and CUDA refuses to register a page twice: an array whose pages overlap pinned
 * ranges without lying inside one of them releases those ranges and pins their union.
 */
#ifndef POLYLIFT_CUDA_PAGES_H
#define POLYLIFT_CUDA_PAGES_H

#include <cstddef>
#include <cstdint>
#include <vector>

namespace polylift_cuda {

/* Whole pages [lo, hi): what one registration pins. */
struct PageRange {
  uintptr_t lo = 0;
  uintptr_t hi = 0;
  bool covers(const PageRange &r) const { return lo <= r.lo && r.hi <= hi; }
  bool overlaps(const PageRange &r) const { return lo < r.hi && r.lo < hi; }
};

/* The pages holding the bytes [lo, lo + bytes) (at least one page). */
inline PageRange page_span(uintptr_t lo, size_t bytes, size_t page) {
  PageRange r;
  r.lo = lo / page * page;
  r.hi = (lo + bytes + page - 1) / page * page;
  if (r.hi == r.lo) r.hi = r.lo + page;
  return r;
}

/* How to make `want` pinned, given the pinned ranges (disjoint): reuse the one that
 * covers it (`reuse` >= 0), or release the ones it overlaps (`release`, ascending
 * indices) and pin `pin`, their union with `want`. */
struct PinPlan {
  int reuse = -1;
  std::vector<int> release;
  PageRange pin;
};

inline PinPlan plan_pin(const std::vector<PageRange> &pinned, const PageRange &want) {
  PinPlan plan;
  plan.pin = want;
  for (size_t i = 0; i < pinned.size(); ++i) {
    if (pinned[i].covers(want)) {
      plan.reuse = static_cast<int>(i);
      plan.release.clear();
      plan.pin = pinned[i];
      return plan;
    }
    // Pinned ranges are disjoint, so every one inside the union overlaps `want` itself.
    if (pinned[i].overlaps(want)) {
      plan.release.push_back(static_cast<int>(i));
      if (pinned[i].lo < plan.pin.lo) plan.pin.lo = pinned[i].lo;
      if (pinned[i].hi > plan.pin.hi) plan.pin.hi = pinned[i].hi;
    }
  }
  return plan;
}

/* The pinned ranges after carrying out `plan` (released ones gone, the new one last). */
inline std::vector<PageRange> after_pin(const std::vector<PageRange> &pinned,
                                        const PinPlan &plan) {
  if (plan.reuse >= 0) return pinned;
  std::vector<PageRange> kept;
  size_t next = 0;
  for (size_t i = 0; i < pinned.size(); ++i) {
    if (next < plan.release.size() && plan.release[next] == static_cast<int>(i)) {
      ++next;
      continue;
    }
    kept.push_back(pinned[i]);
  }
  kept.push_back(plan.pin);
  return kept;
}

}  // namespace polylift_cuda

#endif /* POLYLIFT_CUDA_PAGES_H */
