"""The loop-nest launches: the histogram (a scatter) and the running sum (a recurrence).

Called through their templates' shim signatures on strided views, for every backend,
and compared with numpy; a key outside the histogram, which the source program leaves
undefined, must abort with a message (checked in a child process).
"""

from __future__ import annotations

import signal
import subprocess
import sys

import numpy as np
import pytest

from polylift.tdl.library import load_library
from tests.exec.pva_images import BACKENDS, LIMITS, ROOT, image
from tests.exec.shim_calls import NP_TYPES, call_shim, shim_cdll

UNSIGNED = {"i8": np.uint8, "i16": np.uint16}


def run_histogram(backend: str, dtype: str, src, nbins: int, sentinel: int = -7):
    """pva_histogram on src into a strided int32 table (inchist = 2) whose gaps hold a
    sentinel; returns the bins and checks the gaps."""
    parent = np.full(2 * nbins + 1, sentinel, dtype=np.int32)
    hist = parent[::2][:nbins]
    call_shim(shim_cdll(backend), load_library().templates["pva.histogram"], backend, dtype,
              dict(src=src, hist=hist))
    assert (parent[1::2] == sentinel).all()  # nothing between the bins is written
    return np.array(hist)


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("dtype", ["i8", "i16"])
def test_histogram_counts_the_unsigned_pixel_values(backend: str, dtype: str):
    rng = np.random.default_rng(7)
    lo, hi = LIMITS[dtype]
    src = image(rng, dtype, 21, 17, strided=True)
    src[0, :4] = [lo, -1, 0, hi]
    nbins = hi - lo + 1
    keys = np.asarray(src).view(UNSIGNED[dtype]).astype(np.int64).ravel()
    want = np.bincount(keys, minlength=nbins).astype(np.int32)
    assert np.array_equal(run_histogram(backend, dtype, src, nbins), want)
    # More bins than keys reach: the extra ones are zero.
    assert np.array_equal(run_histogram(backend, dtype, src, nbins + 3),
                          np.concatenate([want, np.zeros(3, np.int32)]))


@pytest.mark.parametrize("backend", BACKENDS)
def test_histogram_of_an_empty_image_is_all_zero(backend: str):
    src = np.zeros((0, 5), dtype=np.int8)
    assert not run_histogram(backend, "i8", src, 256).any()


def abort_case(backend: str) -> None:
    """A pixel of value 200 counted into a 100-bin histogram (run in a child process)."""
    src = np.full((3, 4), 200 - 256, dtype=np.int8)
    run_histogram(backend, "i8", src, 100)


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_key_outside_the_histogram_aborts(backend: str):
    code = ("from tests.exec.test_shims_scatter_scan import abort_case; "
            f"abort_case({backend!r})")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, check=False, timeout=120)
    assert done.returncode == -signal.SIGABRT, done.stderr
    assert done.stderr.startswith(f"polylift_{backend}_pva_histogram_i8: pixel (0, 0) "
                                  "counts in bin 200 of a 100-bin histogram")


@pytest.mark.parametrize("backend", ["ref", "host"])
@pytest.mark.parametrize("dtype", ["i32", "i64", "f32", "f64"])
def test_cumsum_adds_in_order(backend: str, dtype: str):
    rng = np.random.default_rng(3)
    kind = np.int64 if dtype == "i64" else NP_TYPES.get(dtype, np.int64)
    n = 37
    if dtype.startswith("f"):
        x_parent = rng.normal(size=3 * n).astype(kind)
    else:
        # Large values: the 32-bit sums wrap as the lifted loop's do.
        x_parent = rng.integers(-2**30, 2**30, size=3 * n).astype(kind)
    x = x_parent[::3]
    y_parent = np.full(2 * n, 99, dtype=kind)
    y = y_parent[::2]
    call_shim(shim_cdll(backend), load_library().templates["scan.cumsum"], backend, dtype,
              dict(x=x, y=y))
    want = np.empty(n, dtype=kind)
    acc = x[0]
    want[0] = acc
    with np.errstate(over="ignore"):
        for k in range(1, n):
            acc = kind(acc + x[k])  # one rounding (or wrap) per element, in order
            want[k] = acc
    assert np.array_equal(y, want)
    assert (y_parent[1::2] == 99).all()
