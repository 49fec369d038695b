"""The device-buffer cache's bookkeeping (`polylift_cuda_cache.h`), compiled with the host
C++ compiler and driven call by call: when an input is uploaded (whole, element-wise
or not at all), what trusting resident images skips, and what a written output or an
array written in place makes stale."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from tests.unit.host_cxx import build_driver

DRIVER = r"""
#include <cstdio>
#include <cstring>
#include <iostream>
#include <string>
#include "polylift_cuda_cache.h"
using namespace polylift_cuda;

// One command per line on stdin; each `in` prints how the input is uploaded, `evict`
// the ranges it frees:
//   call | trust 0|1 | invalidate | evict
//   in LO BYTES OFF ELEM RANK DIM... STRIDE...      (map an input of that view)
//   out LO BYTES OFF ELEM RANK DIM... STRIDE...     (an output copied back)
//   wrote LO BYTES                                   (the device wrote host memory in place)
static View read_view(std::istream &in, size_t elem) {
  View v;
  v.elem = elem;
  in >> v.rank;
  for (int d = 0; d < v.rank; ++d) in >> v.dims[d];
  for (int d = 0; d < v.rank; ++d) in >> v.strides[d];
  return v;
}

static CacheEntry *entry(BufferCache &cache, uintptr_t lo, size_t bytes) {
  CacheEntry *e = cache.find(lo, bytes);
  return e ? e : cache.add(lo, bytes, nullptr);
}

int main() {
  BufferCache cache;
  std::string op;
  const char *names[] = {"none", "whole", "elements"};
  while (std::cin >> op) {
    if (op == "call") {
      cache.generation += 1;
    } else if (op == "trust") {
      int on;
      std::cin >> on;
      cache.trust = on != 0;
    } else if (op == "invalidate") {
      cache.invalidate_all();
    } else if (op == "evict") {
      std::printf("evict");
      for (CacheEntry *e : cache.take_unused()) {
        std::printf(" %lu", (unsigned long)e->lo);
        delete e;
      }
      std::printf("\n");
    } else if (op == "wrote") {
      unsigned long lo, bytes;
      std::cin >> lo >> bytes;
      cache.invalidate_range(lo, bytes, nullptr);
    } else {
      unsigned long lo, bytes, elem;
      long off;
      std::cin >> lo >> bytes >> off >> elem;
      View v = read_view(std::cin, elem);
      CacheEntry *e = entry(cache, lo, bytes);
      if (op == "in") {
        Upload how = cache.plan_upload(*e, off, v);
        cache.uploaded(*e, how, off, v);
        std::printf("%s\n", names[static_cast<int>(how)]);
      } else {
        cache.written_back(*e, off, v);
      }
    }
  }
  return 0;
}
"""

# A float vector of 64 elements at 0x1000 (256 bytes), read whole.
VEC = "in 4096 256 0 4 1 64 1"
# Every 4096th float of a 16 MiB array: span > 2 * count + 4096, copied element-wise.
SPARSE = "in 65536 16777216 0 4 1 1024 4096"


@pytest.fixture(scope="module")
def driver(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_driver(tmp_path_factory, "cache", DRIVER)


def _run(driver: Path, *commands: str) -> list[str]:
    out = subprocess.run([str(driver)], input="\n".join(commands) + "\n",
                         capture_output=True, text=True, check=True).stdout
    return out.splitlines()


def test_inputs_are_uploaded_on_every_call_by_default(driver):
    assert _run(driver, "call", VEC, "call", VEC) == ["whole", "whole"]


def test_an_entry_uploaded_whole_is_not_uploaded_again_in_the_same_call(driver):
    assert _run(driver, "call", VEC, VEC, "call", VEC) == ["whole", "none", "whole"]


def test_trusted_resident_images_skip_their_upload(driver):
    assert _run(driver, "trust 1", "call", VEC, "call", VEC, "call", VEC) == [
        "whole", "none", "none"]


def test_invalidate_forgets_what_is_resident(driver):
    assert _run(driver, "trust 1", "call", VEC, "invalidate", "call", VEC) == [
        "whole", "whole"]


def test_a_thin_view_is_copied_element_wise_and_trusted_only_for_that_view(driver):
    other = "in 65536 16777216 0 4 1 1024 4095"  # same range, another stride
    assert _run(driver, "trust 1", "call", SPARSE, "call", SPARSE, "call", other) == [
        "elements", "none", "elements"]


def test_an_element_wise_upload_may_repeat_within_a_call(driver):
    # Only a whole upload marks the entry current for the rest of the call.
    assert _run(driver, "call", SPARSE, SPARSE) == ["elements", "elements"]


def test_a_view_that_overlaps_itself_is_uploaded_whole(driver):
    # Stride 0 over 1024 elements of a 16 MiB range: thin, but it overlaps itself.
    assert _run(driver, "call", "in 65536 16777216 0 4 1 1024 0") == ["whole"]


def test_an_output_written_back_makes_overlapping_images_stale(driver):
    # A second entry over [0x1080, 0x1180) overlaps VEC's [0x1000, 0x1100).
    assert _run(driver, "trust 1", "call", VEC, "call", "out 4224 256 0 4 1 64 1",
                "call", VEC) == ["whole", "whole"]


def test_an_output_written_back_beside_an_image_leaves_it_current(driver):
    # [0x1100, 0x1200) only touches [0x1000, 0x1100).
    assert _run(driver, "trust 1", "call", VEC, "call", "out 4352 256 0 4 1 64 1",
                "call", VEC) == ["whole", "none"]


def test_an_output_keeps_its_own_image_current_on_what_it_wrote(driver):
    # Written back through a thin view: that view is current, the rest of the range
    # is not known to be.
    written = "out 65536 16777216 0 4 1 1024 4096"
    wider = "in 65536 16777216 0 4 1 1024 4095"
    assert _run(driver, "trust 1", "call", written, "call", SPARSE, wider) == [
        "none", "elements"]


def test_memory_written_in_place_makes_every_overlapping_image_stale(driver):
    assert _run(driver, "trust 1", "call", VEC, "call", "wrote 4300 8", "call", VEC) == [
        "whole", "whole"]


def test_eviction_frees_only_the_entries_the_call_did_not_use(driver):
    assert _run(driver, "call", VEC, "in 8192 256 0 4 1 64 1", "call",
                "in 8192 256 0 4 1 64 1", "evict") == ["whole", "whole", "whole",
                                                       "evict 4096"]
