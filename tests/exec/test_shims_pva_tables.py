"""The PVA table operators: LUT, and the bilateral filter on a region and a whole image.

`pva.lut`, `pva.bilateral3x3_roi` and `pva.bilateral3x3` are called through their
templates' shim signatures, for every backend (ref, host, pva). Both bilateral launches
must equal the kernels of benchmarks/image (the interior for the region launch, the
whole output for the whole-image one) and a numpy oracle: the region formula, which for
the whole image is applied to the image padded by one replicated edge pixel. What the
source program leaves undefined must abort with a message (checked in child processes).
"""

from __future__ import annotations

import ctypes
import math
import signal
import subprocess
import sys

import numpy as np
import pytest

from polylift.tdl.library import load_library
from tests.exec.pva_images import (
    BACKENDS,
    LIMITS,
    NP,
    ROOT,
    bench_filter,
    build_bench_kernels,
    image,
    out_view,
    run_template_launch,
    windows,
)
from tests.exec.shim_calls import call_shim, shim_cdll

SPATIAL = np.array([[1, 2, 1], [2, 4, 2], [1, 2, 1]], dtype=np.int32)
UNSIGNED = {"i8": np.uint8, "i16": np.uint16}
BENCH_SHIFT = {"i8": 0, "i16": 8}  # the benchmarks' range shift: a 256-entry table
c_ptr = ctypes.c_void_p


@pytest.fixture(scope="module")
def bench_kernels(tmp_path_factory) -> dict[str, ctypes.CDLL]:
    """Each image benchmark built as a shared library exporting its kernel."""
    return build_bench_kernels(tmp_path_factory.mktemp("image_bench"))


def range_table(dtype: str) -> np.ndarray:
    """The benchmarks' Gaussian range weights in Q6."""
    sigma, step = (40.0, 0) if dtype == "i8" else (10240.0, 8)
    return np.array([math.floor(64.0 * math.exp(-0.5 * ((i << step) / sigma) ** 2) + 0.5)
                     for i in range(256)], dtype=np.int32)


def bench_bilateral(libs, dtype: str, src, ws=SPATIAL, wr=None):
    """The benchmark's kernel_bilateral_<dtype> on src: the whole output."""
    wr = range_table(dtype) if wr is None else wr
    return bench_filter(libs, "bilateral", dtype, src, c_ptr(ws.ctypes.data),
                        c_ptr(wr.ctypes.data))


def run_lut(backend: str, dtype: str, src, lut, n: int | None = None):
    """Run pva_lut on src (n defaults to the table's length); return dst."""
    dst = out_view(dtype, *src.shape, strided=True)
    sizes = {} if n is None else {"n": n}
    call_shim(shim_cdll(backend), load_library().templates["pva.lut"], backend, dtype,
              dict(src=src, lut=lut, dst=dst, **sizes))
    return np.array(dst)


def _run_bilateral_into(template: str, backend: str, dtype: str, src, values: dict):
    """Call a bilateral launch writing into a view of a sentinel-filled parent; check that
    nothing outside dst is written and return dst."""
    h, w = src.shape
    out_parent = np.full((h + 3, w + 5), 55, dtype=NP[dtype])
    dst = out_parent[2:2 + h, 1:1 + w]
    call_shim(shim_cdll(backend), load_library().templates[template], backend, dtype,
              dict(src=src, dst=dst, **values))
    untouched = out_parent.copy()
    untouched[2:2 + h, 1:1 + w] = 55
    assert (untouched == 55).all()  # nothing outside dst is written
    return np.array(dst)


def run_bilateral(backend: str, dtype: str, src, *, ws=SPATIAL, wr=None,
                  rshift: int | None = None, n: int | None = None, kh: int = 3):
    """Run the whole-image bilateral filter (pva.bilateral3x3) on src; by default with the
    benchmarks' tables and range shift."""
    wr = range_table(dtype) if wr is None else wr
    rshift = BENCH_SHIFT[dtype] if rshift is None else rshift
    sizes = {"kh": kh} if n is None else {"kh": kh, "n": n}
    return _run_bilateral_into("pva.bilateral3x3", backend, dtype, src,
                               dict(ws=ws, wr=wr, rshift=rshift, **sizes))


def run_bilateral_roi(backend: str, dtype: str, parent, top: int, left: int, h: int, w: int,
                      *, ws, wr, rshift: int, n: int | None = None, kh: int = 3):
    """Run the region bilateral filter on parent[top:top+h, left:left+w] (halo in parent)."""
    src = parent[top:top + h, left:left + w]
    sizes = {"kh": kh} if n is None else {"kh": kh, "n": n}
    return _run_bilateral_into("pva.bilateral3x3_roi", backend, dtype, src,
                               dict(ws=ws, wr=wr, rshift=rshift, **sizes))


def _wrap(x, bits: int = 32):
    """x reduced to a signed `bits`-bit integer (two's complement wrap-around)."""
    half = 1 << (bits - 1)
    return (np.asarray(x, dtype=np.int64) + half) % (2 * half) - half


def _cdiv(a, b):
    """C's truncating integer division of int64 arrays."""
    q = np.abs(a) // np.abs(b)
    return np.where((a < 0) != (b < 0), -q, q)


def bilateral_roi_oracle(dtype: str, padded, ws, wr, rshift: int):
    """The region bilateral filter by numpy; returns (dst, den) for the (h, w) region."""
    win = windows(padded)
    centre = win[:, :, 1:2, 1:2]
    idx = np.abs(win - centre) >> rshift
    wgt = _wrap(np.asarray(ws, np.int64) * np.asarray(wr, np.int64)[idx])
    num, den = _wrap((wgt * win).sum(axis=(2, 3))), _wrap(wgt.sum(axis=(2, 3)))
    assert (den != 0).all()  # the callers make den odd
    half = _cdiv(den, np.full_like(den, 2))
    top = np.where(num >= 0, _wrap(num + half), _wrap(half - num))
    assert not ((den == -1) & (top == -2**31)).any()
    quot = _cdiv(top, den)
    out = np.where(num >= 0, quot, _wrap(-quot))
    return _wrap(out, 8 * np.dtype(NP[dtype]).itemsize).astype(NP[dtype]), den


def bilateral_oracle(dtype: str, src, ws, wr, rshift: int):
    """The whole-image bilateral filter: the region formula on the edge-padded image."""
    return bilateral_roi_oracle(dtype, np.pad(np.asarray(src), 1, mode="edge"), ws, wr,
                                rshift)


def signed_tables(rng: np.random.Generator, n: int, scale: int):
    """Strided spatial (ldws = 5) and range (incwr = 2) tables with signed spatial weights.

    Odd range weights and an odd spatial sum keep every den odd, never 0; a large scale
    makes the 32-bit sums wrap."""
    spatial = rng.integers(-8, 9, size=(3, 5)).astype(np.int32) * scale
    if spatial[:, :3].sum() % 2 == 0:
        spatial[0, 0] += 1
    table = (rng.integers(0, 32, size=2 * n) * 2 + 1).astype(np.int32)
    return spatial[:, :3], table[::2]


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("dtype", ["i8", "i16"])
def test_lut_reads_the_pixel_as_an_unsigned_key(backend: str, dtype: str):
    rng = np.random.default_rng(23)
    lo, hi = LIMITS[dtype]
    src = image(rng, dtype, 19, 23, strided=True)
    src[0, :4] = [lo, -1, 0, hi]  # the keys 2^(bits-1), 2^bits - 1, 0, 2^(bits-1) - 1
    n = hi - lo + 1
    table = rng.integers(lo, hi + 1, size=2 * n).astype(NP[dtype])
    lut = table[::2]  # a strided table (inclut = 2)
    want = lut[src.view(UNSIGNED[dtype])]
    assert np.array_equal(run_lut(backend, dtype, src, lut), want)
    # A table longer than the keys reach is legal: its tail is never read.
    assert np.array_equal(run_lut(backend, dtype, src, table), table[src.view(UNSIGNED[dtype])])
    # A short table is enough when every key lies inside it.
    small = np.abs(src[1:, 1:]) % 50
    assert np.array_equal(run_lut(backend, dtype, small, lut[:50].copy()), lut[small])


def test_whole_image_bilateral_template_is_its_region_template_with_a_replicate_border():
    """A border = replicate template computes its region sibling's formula at every pixel,
    on clamped reads: the two must state the same compute, types and shim signature."""
    lib = load_library()
    whole, roi = lib.templates["pva.bilateral3x3"], lib.templates["pva.bilateral3x3_roi"]
    assert [str(s) for s in whole.ast.steps] == [str(s) for s in roi.ast.steps]
    assert (whole.ast.accumulate, whole.dtypes, whole.params, whole.shim_args) == \
        (roi.ast.accumulate, roi.dtypes, roi.params, roi.shim_args)
    assert (whole.attrs["border"], roi.attrs["border"]) == ("replicate", "halo")
    assert (whole.launch, roi.launch) == ("pva_bilateral3x3", "pva_bilateral3x3_roi")


@pytest.mark.parametrize("shape", [(13, 17), (2, 2), (2, 9), (31, 3)])
@pytest.mark.parametrize("dtype", ["i8", "i16"])
def test_bilateral_equals_the_benchmark_kernel(bench_kernels, dtype: str, shape):
    rng = np.random.default_rng(sum(shape))
    src = image(rng, dtype, *shape, strided=False)
    want = bench_bilateral(bench_kernels, dtype, src)
    for backend in BACKENDS:
        assert np.array_equal(run_bilateral(backend, dtype, src), want), backend


@pytest.mark.parametrize("dtype", ["i8", "i16"])
def test_bilateral_equals_the_benchmark_on_its_own_image(bench_kernels, dtype: str):
    """The image the benchmark's main builds (MINI size), whole output."""
    i, j = np.meshgrid(np.arange(24), np.arange(32), indexing="ij")
    if dtype == "i8":
        values = (i * 3 + j * 5) % 200 - 100 + (i * j) % 17 - 8
    else:
        values = (i * 389 + j * 571) % 50000 - 25000 + (i * j * 7) % 2001 - 1000
    src = values.astype(NP[dtype])
    want = bench_bilateral(bench_kernels, dtype, src)
    assert np.array_equal(bilateral_oracle(dtype, src, SPATIAL, range_table(dtype),
                                           BENCH_SHIFT[dtype])[0], want)
    for backend in BACKENDS:
        assert np.array_equal(run_bilateral(backend, dtype, src), want), backend


@pytest.mark.parametrize("shape", [(1, 1), (1, 6), (5, 1), (9, 12)])
@pytest.mark.parametrize("dtype", ["i8", "i16"])
def test_bilateral_host_and_pva_model_equal_ref_on_strided_views(dtype: str, shape):
    rng = np.random.default_rng(7)
    src = image(rng, dtype, *shape, strided=True)
    ws = rng.integers(0, 5, size=(3, 3)).astype(np.int32)
    ws[1, 1] = max(ws[1, 1], 1)  # the centre tap weighs ws[1, 1] * wr[0] > 0: den > 0
    want = run_bilateral("ref", dtype, src, ws=ws)
    for backend in ("host", "pva"):
        assert np.array_equal(run_bilateral(backend, dtype, src, ws=ws), want), backend
    oracle = bilateral_oracle(dtype, src, ws, range_table(dtype), BENCH_SHIFT[dtype])[0]
    assert np.array_equal(want, oracle)


@pytest.mark.parametrize("backend", BACKENDS)
def test_bilateral_special_tables(backend: str):
    rng = np.random.default_rng(11)
    src = image(rng, "i16", 6, 7, strided=False)
    ones = np.ones((3, 3), np.int32)
    # Flat weights make the bilateral filter the box filter (same rounding).
    flat = run_bilateral(backend, "i16", src, ws=ones, wr=np.ones(256, np.int32))
    assert np.array_equal(flat, run_template_launch("ref", "pva_box3x3", "i16", src))
    # A range table that only admits equal values keeps every pixel.
    only_equal = np.zeros(256, np.int32)
    only_equal[0] = 1
    src8 = np.arange(-20, 22, dtype=np.int8).reshape(6, 7)
    assert np.array_equal(run_bilateral(backend, "i8", src8, ws=ones, wr=only_equal), src8)


@pytest.mark.parametrize("backend", BACKENDS)
def test_bilateral_hand_computed_borders(backend: str):
    ones, flat = np.ones((3, 3), np.int32), np.ones(256, np.int32)
    # 1 x 2 and 2 x 1 images: every window replicates both pixels (27 / 9 and 54 / 9).
    row = np.array([[0, 9]], dtype=np.int8)
    assert run_bilateral(backend, "i8", row, ws=ones, wr=flat).tolist() == [[3, 6]]
    assert run_bilateral(backend, "i8", row.T.copy(), ws=ones, wr=flat).tolist() == [[3], [6]]
    # A negative den is divided like any other: -45 / -9 through the source's expression is
    # -((-4 + 45) / -9) = 4, not the pixel's 5.
    single = np.array([[5]], dtype=np.int16)
    assert run_bilateral(backend, "i16", single, ws=-ones, wr=flat, rshift=0)[0, 0] == 4
    # The range shift selects the table entry: |9 - 0| >> 3 = 1 weighs the far pixel 0.
    far = np.array([1] + [0] * 255, dtype=np.int32)
    assert run_bilateral(backend, "i8", row, ws=ones, wr=far, rshift=3).tolist() == [[0, 9]]
    near = np.array([1, 1] + [0] * 254, dtype=np.int32)
    assert run_bilateral(backend, "i8", row, ws=ones, wr=near, rshift=3).tolist() == [[3, 6]]


@pytest.mark.parametrize(("dtype", "rshift", "n", "scale"),
                         [("i8", 0, 256, 1), ("i8", 2, 64, 1 << 18), ("i16", 8, 256, 1),
                          ("i16", 9, 128, 1 << 12)])
def test_bilateral_signed_weights_on_the_edge_padded_image(dtype: str, rshift: int, n: int,
                                                            scale: int):
    """The whole-image launch is the region formula on the edge-padded image, on strided
    views whose surroundings hold other values (a launch reading them would differ)."""
    rng = np.random.default_rng(rshift + n + 1)
    lo, hi = LIMITS[dtype]
    ws, wr = signed_tables(rng, n, scale)
    dens = []
    for h, w in [(1, 1), (1, 7), (6, 1), (2, 2), (9, 12)]:
        parent = rng.integers(lo, hi + 1, size=(h + 4, w + 6)).astype(NP[dtype])
        src = parent[2:2 + h, 3:3 + w]  # ldsrc = w + 6
        want, den = bilateral_oracle(dtype, src, ws, wr, rshift)
        dens.append(den.ravel())
        for backend in BACKENDS:
            got = run_bilateral(backend, dtype, src, ws=ws, wr=wr, rshift=rshift)
            assert np.array_equal(got, want), (backend, h, w)
    every = np.concatenate(dens)
    assert (every < 0).any() and (every > 0).any()


@pytest.mark.parametrize("shape", [(13, 17), (3, 3), (3, 9), (31, 4)])
@pytest.mark.parametrize("dtype", ["i8", "i16"])
def test_bilateral_roi_computes_the_benchmark_interior(bench_kernels, dtype: str, shape):
    rng = np.random.default_rng(sum(shape) + 29)
    src = image(rng, dtype, *shape, strided=False)
    ws, wr = SPATIAL, range_table(dtype)
    want = bench_bilateral(bench_kernels, dtype, src, ws, wr)
    h, w = shape[0] - 2, shape[1] - 2
    for backend in BACKENDS:
        got = run_bilateral_roi(backend, dtype, src, 1, 1, h, w, ws=ws, wr=wr,
                                rshift=BENCH_SHIFT[dtype])
        assert np.array_equal(got, want[1:-1, 1:-1]), backend


@pytest.mark.parametrize(("dtype", "rshift", "n", "scale"),
                         [("i8", 0, 256, 1), ("i8", 2, 64, 1 << 18), ("i16", 8, 256, 1),
                          ("i16", 9, 128, 1 << 12)])
def test_bilateral_roi_signed_weights_against_the_formula(dtype: str, rshift: int, n: int,
                                                           scale: int):
    """Negative spatial weights give negative den for some pixels; a large scale makes the
    32-bit sums wrap. Odd range weights and an odd spatial sum keep den odd, never 0."""
    rng = np.random.default_rng(rshift + n)
    h, w = 9, 12
    lo, hi = LIMITS[dtype]
    parent = rng.integers(lo, hi + 1, size=(h + 4, w + 6)).astype(NP[dtype])
    ws, wr = signed_tables(rng, n, scale)
    want, den = bilateral_roi_oracle(dtype, parent[1:h + 3, 2:w + 4], ws, wr, rshift)
    assert (den < 0).any() and (den > 0).any()
    for backend in BACKENDS:
        got = run_bilateral_roi(backend, dtype, parent, 2, 3, h, w, ws=ws, wr=wr,
                                rshift=rshift)
        assert np.array_equal(got, want), backend


# Arguments each bilateral launch must refuse: the spatial weights and the sizes or shift
# that differ from the defaults (flat range table, rshift 0), on the 2 x 2 image (whole
# image) or region (ROI) whose pixel (0, 0) is 100 and the rest 0; except `int_min`,
# whose weights meet a 1 beside a 0 pixel: den = INT32_MAX + INT32_MIN = -1 and
# num = INT32_MIN, so -((den/2 - num) / den) is INT32_MIN / -1.
ONES = np.ones((3, 3), np.int32)
INT_MIN_WS = np.zeros((3, 3), np.int32)
INT_MIN_WS[1, 1], INT_MIN_WS[1, 2] = 2**31 - 1, -2**31
REFUSED: dict[str, tuple[np.ndarray, dict[str, int]]] = {
    "den0": (ONES * 0, {}),
    "index": (ONES, {"n": 100}),
    "kh": (ONES, {"kh": 5}),
    "shift": (ONES, {"rshift": 32}),
    "int_min": (INT_MIN_WS, {}),
}


def abort_case(backend: str, case: str) -> None:
    """Call a shim with arguments it must refuse (run in a child process: it aborts)."""
    if case == "lut":
        keys = np.array([[3, -1], [7, 0]], dtype=np.int16)  # -1 is key 65535
        run_lut(backend, "i16", keys, np.zeros(65535, np.int16))
        return
    kind, name = case.split(":")
    ws, extra = REFUSED[name]
    wr = np.ones(256, np.int32)
    rshift, n, kh = extra.get("rshift", 0), extra.get("n"), extra.get("kh", 3)
    parent = np.zeros((4, 4), np.int8)
    parent[1, 1] = 100  # |d| = 100 with its neighbours
    if name == "int_min":
        parent[1, 1], parent[1, 2] = 0, 1
    if kind == "roi":
        run_bilateral_roi(backend, "i8", parent, 1, 1, 2, 2, ws=ws, wr=wr, rshift=rshift,
                          n=n, kh=kh)
    else:
        run_bilateral(backend, "i8", parent[1:3, 1:3].copy(), ws=ws, wr=wr, rshift=rshift,
                      n=n, kh=kh)


@pytest.mark.parametrize(("case", "symbol", "message"), [
    ("lut", "pva_lut_i16", "reads table entry 65535 of a 65535-entry table"),
    ("roi:den0", "pva_bilateral3x3_roi_i8", "divides 0 by 0"),
    ("roi:index", "pva_bilateral3x3_roi_i8", "reads range weight 100 of a 100-entry table"),
    ("roi:kh", "pva_bilateral3x3_roi_i8", "needs 3x3 spatial weights (got 5x3)"),
    ("roi:shift", "pva_bilateral3x3_roi_i8", "range shift 32 is outside 0..31"),
    ("roi:int_min", "pva_bilateral3x3_roi_i8", "pixel (0, 0) divides -2147483648 by -1"),
    ("whole:den0", "pva_bilateral3x3_i8", "pixel (0, 0) divides 0 by 0"),
    ("whole:index", "pva_bilateral3x3_i8",
     "pixel (0, 0) reads range weight 100 of a 100-entry table"),
    ("whole:kh", "pva_bilateral3x3_i8", "needs 3x3 spatial weights (got 5x3)"),
    ("whole:shift", "pva_bilateral3x3_i8", "range shift 32 is outside 0..31"),
    ("whole:int_min", "pva_bilateral3x3_i8", "pixel (0, 0) divides -2147483648 by -1"),
])
@pytest.mark.parametrize("backend", BACKENDS)
def test_undefined_lookups_and_divisions_abort(backend: str, case: str, symbol: str,
                                               message: str):
    code = ("from tests.exec.test_shims_pva_tables import abort_case; "
            f"abort_case({backend!r}, {case!r})")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, check=False, timeout=120)
    assert done.returncode == -signal.SIGABRT, done.stderr
    assert done.stderr.startswith(f"polylift_{backend}_{symbol}: "), done.stderr
    assert message in done.stderr
