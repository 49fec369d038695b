"""The mapped-memory mode's page logic (`polylift_cuda_pages.h`), compiled with the host
C++ compiler: which pages an array pins, when a pinned range is reused, and which
pinned ranges a new one releases and absorbs (CUDA refuses to pin a page twice)."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from tests.unit.host_cxx import build_driver

PAGE = 4096
DRIVER = r"""
#include <cstdio>
#include <cstdlib>
#include "polylift_cuda_pages.h"
using namespace polylift_cuda;
// argv: page lo bytes [pinned_lo pinned_hi]...; prints the span, the plan, the result.
int main(int argc, char **argv) {
  size_t page = std::strtoull(argv[1], 0, 0);
  PageRange want = page_span(std::strtoull(argv[2], 0, 0), std::strtoull(argv[3], 0, 0), page);
  std::vector<PageRange> pinned;
  for (int i = 4; i + 1 < argc; i += 2) {
    PageRange r;
    r.lo = std::strtoull(argv[i], 0, 0);
    r.hi = std::strtoull(argv[i + 1], 0, 0);
    pinned.push_back(r);
  }
  PinPlan plan = plan_pin(pinned, want);
  std::printf("span %lu %lu\nreuse %d\nrelease", (unsigned long)want.lo,
              (unsigned long)want.hi, plan.reuse);
  for (int i : plan.release) std::printf(" %d", i);
  std::printf("\npin %lu %lu\nafter", (unsigned long)plan.pin.lo, (unsigned long)plan.pin.hi);
  for (const PageRange &r : after_pin(pinned, plan))
    std::printf(" %lu-%lu", (unsigned long)r.lo, (unsigned long)r.hi);
  std::printf("\n");
  return 0;
}
"""


@pytest.fixture(scope="module")
def driver(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_driver(tmp_path_factory, "pages", DRIVER)


def _plan(driver: Path, lo: int, nbytes: int, *pinned: tuple[int, int]) -> dict[str, str]:
    args = [str(PAGE), str(lo), str(nbytes)] + [str(v) for r in pinned for v in r]
    out = subprocess.run([str(driver), *args], capture_output=True, text=True,
                         check=True).stdout
    return {line.split(" ", 1)[0]: line.partition(" ")[2] for line in out.splitlines()}


@pytest.mark.parametrize("lo, nbytes, span", [
    (0x10000, 1, "65536 69632"),              # one byte: its page
    (0x10000 + 4095, 2, "65536 73728"),       # two bytes across a page boundary
    (0x10010, 0, "65536 69632"),              # nothing: still one page
    (0x10000, 3 * PAGE, "65536 77824"),       # whole pages stay whole
])
def test_an_array_pins_the_whole_pages_it_spans(driver, lo, nbytes, span):
    assert _plan(driver, lo, nbytes)["span"] == span


def test_a_range_inside_a_pinned_one_pins_nothing_new(driver):
    plan = _plan(driver, 0x11000, 100, (0x20000, 0x21000), (0x10000, 0x14000))
    assert plan["reuse"] == "1" and plan["release"] == ""
    assert plan["after"] == "131072-135168 65536-81920"


def test_an_overlap_releases_the_pinned_ranges_and_pins_their_union(driver):
    # Pinned: [0x10000, 0x12000), [0x13000, 0x14000), [0x30000, 0x31000); the array
    # spans [0x11000, 0x13800): it overlaps the first two, not the third.
    plan = _plan(driver, 0x11000, 0x2800, (0x10000, 0x12000), (0x13000, 0x14000),
                 (0x30000, 0x31000))
    assert plan["reuse"] == "-1" and plan["release"] == "0 1"
    assert plan["pin"] == f"{0x10000} {0x14000}"
    assert plan["after"] == f"{0x30000}-{0x31000} {0x10000}-{0x14000}"


def test_adjacent_pinned_ranges_are_left_alone(driver):
    # Touching is not overlapping: CUDA pins neighbouring pages separately.
    plan = _plan(driver, 0x12000, 10, (0x10000, 0x12000), (0x13000, 0x14000))
    assert plan["release"] == "" and plan["pin"] == f"{0x12000} {0x13000}"
    assert plan["after"] == f"{0x10000}-{0x12000} {0x13000}-{0x14000} {0x12000}-{0x13000}"
