"""The PVA operator model against the ref shims and the image benchmarks' own kernels.

The kernels of benchmarks/image define the operators (border rows, columns and corners
included), so each is compiled as it stands (its `main` renamed) and run on random
images beside the `pva` model and the `ref` shim; all three must agree bit for bit.
Small hand-computed images check the border handling, rounding and saturation directly.
"""

from __future__ import annotations

import ctypes
import math
import signal
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from polylift.matcher.library import load_library
from tests.exec.shim_calls import call_shim, shim_cdll

ROOT = Path(__file__).resolve().parents[2]
BENCH = ROOT / "benchmarks" / "image"
LIMITS = {"i8": (-128, 127), "i16": (-32768, 32767)}
NP = {"i8": np.int8, "i16": np.int16}
TAPS = {"i8": ([-4, -8, 2, -16, 100, -8, 1, -12, -4], 6),
        "i16": ([-1024, -2048, 512, -4096, 20480, -2048, 256, -3072, -1024], 12)}
SPATIAL = np.array([[1, 2, 1], [2, 4, 2], [1, 2, 1]], dtype=np.int32)
c_i64, c_i32, c_ptr = ctypes.c_int64, ctypes.c_int32, ctypes.c_void_p


@pytest.fixture(scope="module")
def bench_kernels(tmp_path_factory) -> dict[str, ctypes.CDLL]:
    """Each image benchmark built as a shared library exporting its kernel."""
    out = tmp_path_factory.mktemp("image_bench")
    libs = {}
    for src in sorted(BENCH.glob("*.c")):
        lib = out / f"lib{src.stem}.so"
        subprocess.run(["gcc", "-O2", "-ffp-contract=off", "-fPIC", "-shared",
                        "-Dstatic=", f"-Dmain=unused_main_{src.stem}",
                        f"-I{ROOT / 'benchmarks' / 'include'}", str(src), "-o", str(lib), "-lm"],
                       check=True, capture_output=True)
        libs[src.stem] = ctypes.CDLL(str(lib))
    return libs


def _image(rng: np.random.Generator, dtype: str, h: int, w: int, strided: bool):
    lo, hi = LIMITS[dtype]
    data = rng.integers(lo, hi + 1, size=(h, w)).astype(NP[dtype])
    if not strided:
        return data
    parent = np.zeros((h + 2, w + 7), dtype=NP[dtype])
    view = parent[1:1 + h, 3:3 + w]
    view[...] = data
    return view


def _out(dtype: str, h: int, w: int, strided: bool):
    parent = np.full((h + 1, w + 4), 77, dtype=NP[dtype])
    return parent[1:, 2:2 + w] if strided else np.zeros((h, w), dtype=NP[dtype])


def run_template_launch(backend: str, launch: str, dtype: str, src, **extra):
    """Run a pva launch that the template library declares; return dst."""
    tpl = load_library().by_launch(launch)[0]
    dst = _out(dtype, *src.shape, strided=not src.flags.c_contiguous)
    call_shim(shim_cdll(backend), tpl, backend, dtype, dict(src=src, dst=dst, **extra))
    return np.array(dst)


def conv_args(dtype: str, taps=None, shift=None) -> dict:
    base, base_shift = TAPS[dtype]
    coef = np.array(taps if taps is not None else base, dtype=NP[dtype]).reshape(3, 3)
    return {"coef": coef, "shift": base_shift if shift is None else shift}


def range_table(dtype: str) -> np.ndarray:
    """The benchmarks' Gaussian range weights in Q6."""
    sigma, step = (40.0, 0) if dtype == "i8" else (10240.0, 8)
    return np.array([math.floor(64.0 * math.exp(-0.5 * ((i << step) / sigma) ** 2) + 0.5)
                     for i in range(256)], dtype=np.int32)


def run_bilateral(backend: str, dtype: str, src, ws=SPATIAL, wr=None):
    """Call polylift_<backend>_pva_bilateral3x3_<dtype> (declared outside the header)."""
    wr = range_table(dtype) if wr is None else wr
    dst = _out(dtype, *src.shape, strided=not src.flags.c_contiguous)
    fn = getattr(shim_cdll(backend), f"polylift_{backend}_pva_bilateral3x3_{dtype}")
    fn.argtypes = [c_i64] * 5 + [c_ptr, c_i64] * 4
    fn.restype = None
    item = src.itemsize
    fn(src.shape[0], src.shape[1], 3, 3, 256, ws.ctypes.data, ws.strides[0] // 4,
       wr.ctypes.data, wr.strides[0] // 4, src.ctypes.data, src.strides[0] // item,
       dst.ctypes.data, dst.strides[0] // item)
    return np.array(dst)


def run_histeq(backend: str, src):
    """Call polylift_<backend>_pva_histeq_u8; return (hist, cdf, lut, dst)."""
    h, w = src.shape
    hist, cdf = np.zeros(256, np.int32), np.zeros(256, np.int32)
    lut, dst = np.zeros(256, np.uint8), np.zeros((h, w), np.uint8)
    fn = getattr(shim_cdll(backend), f"polylift_{backend}_pva_histeq_u8")
    fn.argtypes = [c_i64] * 3 + [c_ptr, c_i64] * 5
    fn.restype = None
    fn(h, w, 256, src.ctypes.data, src.strides[0], hist.ctypes.data, 1, cdf.ctypes.data, 1,
       lut.ctypes.data, 1, dst.ctypes.data, w)
    return hist, cdf, lut, dst


def bench_filter(libs, name: str, dtype: str, src, *extra):
    """Run kernel_<name>_<dtype>(h, w, *extra, in, out) of the benchmark."""
    h, w = src.shape
    out = np.zeros((h, w), dtype=NP[dtype])
    fn = getattr(libs[f"{name}_{dtype}"], f"kernel_{name}_{dtype}")
    fn.restype = None
    fn(ctypes.c_int(h), ctypes.c_int(w), *extra, ctypes.c_void_p(np.ascontiguousarray(src)
                                                                 .ctypes.data),
       ctypes.c_void_p(out.ctypes.data))
    return out


SHAPES = [(13, 17), (2, 2), (2, 9), (31, 3)]


@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("dtype", ["i8", "i16"])
def test_filters_equal_the_benchmark_kernels(bench_kernels, dtype: str, shape):
    rng = np.random.default_rng(sum(shape))
    src = _image(rng, dtype, *shape, strided=False)
    args = conv_args(dtype)
    coef = np.ascontiguousarray(args["coef"])
    cases = {
        "pva_box3x3": ({}, bench_filter(bench_kernels, "box", dtype, src)),
        "pva_gaussian3x3": ({}, bench_filter(bench_kernels, "gaussian", dtype, src)),
        "pva_conv3x3_q": (args, bench_filter(bench_kernels, "conv3x3_q", dtype, src,
                                             ctypes.c_int(args["shift"]),
                                             ctypes.c_void_p(coef.ctypes.data))),
    }
    for launch, (extra, want) in cases.items():
        for backend in ("ref", "pva"):
            got = run_template_launch(backend, launch, dtype, src, **extra)
            assert np.array_equal(got, want), f"{backend} {launch}"
    ws, wr = SPATIAL, range_table(dtype)
    want = bench_filter(bench_kernels, "bilateral", dtype, src, c_ptr(ws.ctypes.data),
                        c_ptr(wr.ctypes.data))
    for backend in ("ref", "pva"):
        assert np.array_equal(run_bilateral(backend, dtype, src), want), backend


@pytest.mark.parametrize("shape", [(24, 32), (7, 5), (1, 1)])
def test_histeq_equals_the_benchmark_kernel(bench_kernels, shape):
    rng = np.random.default_rng(3)
    src = rng.integers(80, 151, size=shape).astype(np.uint8)
    h, w = shape
    want = [np.zeros(256, np.int32), np.zeros(256, np.int32), np.zeros(256, np.uint8),
            np.zeros(shape, np.uint8)]
    fn = bench_kernels["histeq_i8"].kernel_histeq_i8
    fn.restype = None
    fn(ctypes.c_int(h), ctypes.c_int(w), c_ptr(src.ctypes.data),
       *[c_ptr(a.ctypes.data) for a in want])
    for backend in ("ref", "pva"):
        for got, expected in zip(run_histeq(backend, src), want, strict=True):
            assert np.array_equal(got, expected), backend


@pytest.mark.parametrize("shape", [(1, 1), (1, 6), (5, 1), (9, 12)])
@pytest.mark.parametrize("dtype", ["i8", "i16"])
def test_pva_model_equals_ref_on_strided_views(dtype: str, shape):
    rng = np.random.default_rng(7)
    src = _image(rng, dtype, *shape, strided=True)
    taps = rng.integers(*LIMITS[dtype], size=9)
    for launch, extra in (("pva_box3x3", {}), ("pva_gaussian3x3", {}),
                          ("pva_conv3x3_q", conv_args(dtype, taps, shift=3))):
        want = run_template_launch("ref", launch, dtype, src, **extra)
        assert np.array_equal(run_template_launch("pva", launch, dtype, src, **extra), want)
    ws = rng.integers(0, 5, size=(3, 3)).astype(np.int32)
    want = run_bilateral("ref", dtype, src, ws=ws)
    assert np.array_equal(run_bilateral("pva", dtype, src, ws=ws), want)


def test_extreme_images_saturate_and_round(bench_kernels):
    for value in (-32768, 32767, -1, 0):
        src = np.full((4, 5), value, dtype=np.int16)
        for backend in ("ref", "pva"):
            assert (run_template_launch(backend, "pva_box3x3", "i16", src) == value).all()
            assert (run_template_launch(backend, "pva_gaussian3x3", "i16", src) == value).all()
    src = np.full((3, 3), 100, dtype=np.int8)
    for backend in ("ref", "pva"):
        high = run_template_launch(backend, "pva_conv3x3_q", "i8", src,
                                   **conv_args("i8", [0, 0, 0, 0, 127, 0, 0, 0, 0], 0))
        low = run_template_launch(backend, "pva_conv3x3_q", "i8", -src,
                                  **conv_args("i8", [0, 0, 0, 0, 127, 0, 0, 0, 0], 0))
        assert (high == 127).all() and (low == -128).all()


@pytest.mark.parametrize("backend", ["ref", "pva"])
def test_hand_computed_results(backend: str):
    # Box on a 2x2 image: each window replicates the edge pixels (sum 81, 108, 135, 162).
    box = run_template_launch(backend, "pva_box3x3", "i8",
                              np.array([[0, 9], [18, 27]], dtype=np.int8))
    assert box.tolist() == [[9, 12], [15, 18]]
    # -13 / 9 = -1.44 rounds to -1; -14 / 9 = -1.56 rounds to -2 (halves away from zero).
    sums = np.array([[-13, 0], [0, 0]], dtype=np.int16)  # corner window: 4 * -13 + 0
    assert run_template_launch(backend, "pva_box3x3", "i16", sums)[0, 0] == -6  # -52/9=-5.8
    # Gaussian impulse response on a 3x3 image, and a replicated corner pixel on 2x2.
    impulse = np.zeros((3, 3), dtype=np.int16)
    impulse[1, 1] = 16
    gauss = run_template_launch(backend, "pva_gaussian3x3", "i16", impulse)
    assert gauss.tolist() == [[1, 2, 1], [2, 4, 2], [1, 2, 1]]
    corner = np.array([[16, 0], [0, 0]], dtype=np.int8)
    assert run_template_launch(backend, "pva_gaussian3x3", "i8", corner)[0, 0] == 9
    # Q-format rounding: (x + 1) >> 1 with the centre tap 1 and shift 1.
    pixels = np.array([[3, -3, -1, 5]], dtype=np.int8)
    conv = run_template_launch(backend, "pva_conv3x3_q", "i8", pixels,
                               **conv_args("i8", [0, 0, 0, 0, 1, 0, 0, 0, 0], 1))
    assert conv.tolist() == [[2, -1, 0, 3]]
    # Histogram equalisation of a 2x2 image.
    hist, cdf, lut, dst = run_histeq(backend, np.array([[10, 20], [20, 30]], dtype=np.uint8))
    assert dst.tolist() == [[0, 170], [170, 255]]
    assert (hist[10], hist[20], hist[30], hist.sum()) == (1, 2, 1, 4)
    assert (cdf[9], cdf[10], cdf[29], cdf[255], lut[5]) == (0, 1, 3, 4, 0)


@pytest.mark.parametrize("backend", ["ref", "pva"])
def test_bilateral_special_tables(backend: str):
    rng = np.random.default_rng(11)
    src = _image(rng, "i16", 6, 7, strided=False)
    ones = np.ones((3, 3), np.int32)
    # Flat weights make the bilateral filter the box filter (same rounding).
    flat = run_bilateral(backend, "i16", src, ws=ones, wr=np.ones(256, np.int32))
    assert np.array_equal(flat, run_template_launch("ref", "pva_box3x3", "i16", src))
    # A range table that only admits equal values keeps every pixel.
    only_equal = np.zeros(256, np.int32)
    only_equal[0] = 1
    src8 = np.arange(-20, 22, dtype=np.int8).reshape(6, 7)
    assert np.array_equal(run_bilateral(backend, "i8", src8, ws=ones, wr=only_equal), src8)


# Region (ROI) operators: dst is an h x w region, src the view of the source pixel under
# dst[0, 0]; the operator reads the one-pixel halo around that view as it is in memory.
ROI_LAUNCHES = ("pva_gaussian3x3_roi", "pva_box3x3_roi", "pva_conv3x3_q_roi")
GAUSS = np.outer([1, 2, 1], [1, 2, 1])


def _windows(padded: np.ndarray) -> np.ndarray:
    """(h, w, 3, 3) int64 windows of an (h+2) x (w+2) array: window (i, j) is centred on
    padded[i+1, j+1]."""
    h, w = padded.shape[0] - 2, padded.shape[1] - 2
    return np.stack([np.stack([padded[a:a + h, b:b + w] for b in range(3)], axis=-1)
                     for a in range(3)], axis=-2).astype(np.int64)


def roi_oracle(launch: str, dtype: str, padded: np.ndarray, coef=None, shift=0):
    """The region operator computed by numpy from the source region and its halo."""
    win = _windows(padded)
    if launch == "pva_gaussian3x3_roi":
        out = ((win * GAUSS).sum(axis=(2, 3)) + 8) >> 4
    elif launch == "pva_box3x3_roi":
        s = win.sum(axis=(2, 3))
        out = np.where(s >= 0, (s + 4) // 9, -((4 - s) // 9))  # both operands >= 0 here
    else:
        acc = (win * np.asarray(coef, dtype=np.int64)[:3, :3]).sum(axis=(2, 3))
        acc += (1 << (shift - 1)) if shift > 0 else 0
        acc = ((acc + 2**31) % 2**32 - 2**31) >> shift  # 32-bit wrap, arithmetic shift
        out = np.clip(acc, *LIMITS[dtype])
    return out.astype(NP[dtype])


def run_roi(backend: str, launch: str, dtype: str, parent: np.ndarray, top: int, left: int,
            h: int, w: int, **extra):
    """Run a region launch on parent[top:top+h, left:left+w] (halo around it in parent)."""
    tpl = load_library().by_launch(launch)[0]
    src = parent[top:top + h, left:left + w]
    out_parent = np.full((h + 3, w + 5), 55, dtype=NP[dtype])
    dst = out_parent[2:2 + h, 1:1 + w]
    call_shim(shim_cdll(backend), tpl, backend, dtype, dict(src=src, dst=dst, **extra))
    # Nothing outside dst is written.
    untouched = out_parent.copy()
    untouched[2:2 + h, 1:1 + w] = 55
    assert (untouched == 55).all()
    return np.array(dst)


@pytest.mark.parametrize("shape", [(13, 17), (3, 3), (3, 9), (31, 4)])
@pytest.mark.parametrize("dtype", ["i8", "i16"])
def test_roi_operators_compute_the_benchmark_interiors(bench_kernels, dtype: str, shape):
    """Each benchmark's interior loop nest is what its ROI launch replaces."""
    rng = np.random.default_rng(sum(shape) + 5)
    src = _image(rng, dtype, *shape, strided=False)
    h, w = shape[0] - 2, shape[1] - 2
    args = conv_args(dtype)
    coef = np.ascontiguousarray(args["coef"])
    cases = {
        "pva_box3x3_roi": ({}, bench_filter(bench_kernels, "box", dtype, src)),
        "pva_gaussian3x3_roi": ({}, bench_filter(bench_kernels, "gaussian", dtype, src)),
        "pva_conv3x3_q_roi": (args, bench_filter(bench_kernels, "conv3x3_q", dtype, src,
                                                 ctypes.c_int(args["shift"]),
                                                 ctypes.c_void_p(coef.ctypes.data))),
    }
    for launch, (extra, want) in cases.items():
        for backend in ("ref", "pva"):
            got = run_roi(backend, launch, dtype, src, 1, 1, h, w, **extra)
            assert np.array_equal(got, want[1:-1, 1:-1]), f"{backend} {launch}"


@pytest.mark.parametrize("shape", [(1, 1), (1, 7), (6, 1), (9, 12)])
@pytest.mark.parametrize("dtype", ["i8", "i16"])
def test_roi_pva_model_equals_ref_and_oracle_on_strided_views(dtype: str, shape):
    rng = np.random.default_rng(17 + shape[0] * shape[1])
    h, w = shape
    lo, hi = LIMITS[dtype]
    parent = rng.integers(lo, hi + 1, size=(h + 6, w + 9)).astype(NP[dtype])
    top, left = 2, 3  # the region and its halo lie strictly inside parent
    padded = parent[top - 1:top + h + 1, left - 1:left + w + 1]
    taps = rng.integers(lo, hi + 1, size=(4, 5)).astype(NP[dtype])
    coef = taps[:, 1:]  # a strided 4x4 kernel view: the template reads its 3x3 corner
    for launch, extra in (("pva_gaussian3x3_roi", {}), ("pva_box3x3_roi", {}),
                          ("pva_conv3x3_q_roi", {"coef": coef, "shift": 5})):
        want = roi_oracle(launch, dtype, padded, coef, 5)
        for backend in ("ref", "pva"):
            got = run_roi(backend, launch, dtype, parent, top, left, h, w, **extra)
            assert np.array_equal(got, want), f"{backend} {launch}"


@pytest.mark.parametrize("backend", ["ref", "pva"])
def test_roi_reads_the_halo_instead_of_replicating(backend: str):
    # A zero region inside a ring of 64s: a replicate border would see zeros only.
    parent = np.full((6, 7), 64, dtype=np.int16)
    parent[1:5, 1:6] = 0
    region = dict(top=1, left=1, h=4, w=5)
    gauss = run_roi(backend, "pva_gaussian3x3_roi", "i16", parent, **region)
    # Corner: 1+2+1 (top row) + 2 + 1 (left column) halo weights = 7 * 64 / 16 = 28.
    assert gauss[0, 0] == 28 and gauss[1, 1] == 0 and gauss[0, 2] == (4 * 64 + 8) >> 4
    corner = parent.copy()
    corner[0, 0] = 0  # a halo corner pixel weighs 1/16 in the first output pixel only
    changed = run_roi(backend, "pva_gaussian3x3_roi", "i16", corner, **region)
    assert changed[0, 0] == 24 and np.array_equal(changed[1:], gauss[1:])
    box = run_roi(backend, "pva_box3x3_roi", "i16", parent, **region)
    assert box[0, 0] == 36 and box[0, 1] == 21 and box[1, 1] == 0  # 5*64/9, 3*64/9
    assert not np.array_equal(gauss, run_template_launch(backend, "pva_gaussian3x3", "i16",
                                                         parent[1:5, 1:6].copy()))


@pytest.mark.parametrize("backend", ["ref", "pva"])
def test_roi_rounding_and_saturation(backend: str):
    # rdiv rounds halves away from zero: sums -13 (-1.44) and -14 (-1.56) in the centre.
    for total, want in ((-13, -1), (-14, -2), (13, 1), (14, 2), (-4, 0), (-5, -1)):
        parent = np.zeros((3, 3), dtype=np.int16)
        parent[1, 1] = total
        assert run_roi(backend, "pva_box3x3_roi", "i16", parent, 1, 1, 1, 1)[0, 0] == want
    # Saturation both ways, and the Q rounding term 1 << (shift - 1).
    centre = np.zeros((3, 3), dtype=np.int8)
    centre[1, 1] = 1
    for value, shift, want in ((100, 0, 127), (-100, 0, -128), (3, 1, 2), (-3, 1, -1)):
        parent = np.full((3, 3), value, dtype=np.int8)
        got = run_roi(backend, "pva_conv3x3_q_roi", "i8", parent, 1, 1, 1, 1,
                      coef=np.where(centre == 1, 127 if shift == 0 else 1, 0).astype(np.int8),
                      shift=shift)
        assert got[0, 0] == want, (value, shift)


# Table lookup and the region bilateral filter (pva.lut, pva.bilateral3x3_roi), called
# through their templates' shim signatures.
UNSIGNED = {"i8": np.uint8, "i16": np.uint16}


def run_lut(backend: str, dtype: str, src, lut, n: int | None = None):
    """Run pva_lut on src (n defaults to the table's length); return dst."""
    dst = _out(dtype, *src.shape, strided=True)
    sizes = {} if n is None else {"n": n}
    call_shim(shim_cdll(backend), load_library().templates["pva.lut"], backend, dtype,
              dict(src=src, lut=lut, dst=dst, **sizes))
    return np.array(dst)


@pytest.mark.parametrize("backend", ["ref", "pva"])
@pytest.mark.parametrize("dtype", ["i8", "i16"])
def test_lut_reads_the_pixel_as_an_unsigned_key(backend: str, dtype: str):
    rng = np.random.default_rng(23)
    lo, hi = LIMITS[dtype]
    src = _image(rng, dtype, 19, 23, strided=True)
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


def run_bilateral_roi(backend: str, dtype: str, parent, top: int, left: int, h: int, w: int,
                      *, ws, wr, rshift: int, n: int | None = None, kh: int = 3):
    """Run the region bilateral filter on parent[top:top+h, left:left+w] (halo in parent)."""
    src = parent[top:top + h, left:left + w]
    out_parent = np.full((h + 3, w + 5), 55, dtype=NP[dtype])
    dst = out_parent[2:2 + h, 1:1 + w]
    sizes = {"kh": kh} if n is None else {"kh": kh, "n": n}
    call_shim(shim_cdll(backend), load_library().templates["pva.bilateral3x3_roi"], backend,
              dtype, dict(src=src, dst=dst, ws=ws, wr=wr, rshift=rshift, **sizes))
    untouched = out_parent.copy()
    untouched[2:2 + h, 1:1 + w] = 55
    assert (untouched == 55).all()  # nothing outside dst is written
    return np.array(dst)


@pytest.mark.parametrize("shape", [(13, 17), (3, 3), (3, 9), (31, 4)])
@pytest.mark.parametrize("dtype", ["i8", "i16"])
def test_bilateral_roi_computes_the_benchmark_interior(bench_kernels, dtype: str, shape):
    rng = np.random.default_rng(sum(shape) + 29)
    src = _image(rng, dtype, *shape, strided=False)
    ws, wr = SPATIAL, range_table(dtype)
    want = bench_filter(bench_kernels, "bilateral", dtype, src, c_ptr(ws.ctypes.data),
                        c_ptr(wr.ctypes.data))
    h, w = shape[0] - 2, shape[1] - 2
    for backend in ("ref", "pva"):
        got = run_bilateral_roi(backend, dtype, src, 1, 1, h, w, ws=ws, wr=wr,
                                rshift=0 if dtype == "i8" else 8)
        assert np.array_equal(got, want[1:-1, 1:-1]), backend


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
    win = _windows(padded)
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
    spatial = rng.integers(-8, 9, size=(3, 5)).astype(np.int32) * scale
    if spatial[:, :3].sum() % 2 == 0:
        spatial[0, 0] += 1
    ws = spatial[:, :3]  # ldws = 5
    table = (rng.integers(0, 32, size=2 * n) * 2 + 1).astype(np.int32)
    wr = table[::2]  # incwr = 2
    want, den = bilateral_roi_oracle(dtype, parent[1:h + 3, 2:w + 4], ws, wr, rshift)
    assert (den < 0).any() and (den > 0).any()
    for backend in ("ref", "pva"):
        got = run_bilateral_roi(backend, dtype, parent, 2, 3, h, w, ws=ws, wr=wr,
                                rshift=rshift)
        assert np.array_equal(got, want), backend


def abort_case(backend: str, case: str) -> None:
    """Call a shim with arguments it must refuse (run in a child process: it aborts)."""
    keys = np.array([[3, -1], [7, 0]], dtype=np.int16)  # -1 is key 65535
    ones = np.ones((3, 3), np.int32)
    parent = np.zeros((4, 4), np.int8)
    parent[1, 1] = 100  # |d| = 100 with its neighbours
    if case == "lut":
        run_lut(backend, "i16", keys, np.zeros(65535, np.int16))
    elif case == "den0":
        run_bilateral_roi(backend, "i8", parent, 1, 1, 2, 2, ws=ones * 0,
                          wr=np.ones(256, np.int32), rshift=0)
    elif case == "index":
        run_bilateral_roi(backend, "i8", parent, 1, 1, 2, 2, ws=ones,
                          wr=np.ones(256, np.int32), rshift=0, n=100)
    else:
        run_bilateral_roi(backend, "i8", parent, 1, 1, 2, 2, ws=ones,
                          wr=np.ones(256, np.int32), rshift=0, kh=5)


@pytest.mark.parametrize(("case", "message"),
                         [("lut", "reads table entry 65535 of a 65535-entry table"),
                          ("den0", "divides 0 by 0"),
                          ("index", "reads range weight 100 of a 100-entry table"),
                          ("kh", "needs 3x3 spatial weights (got 5x3)")])
@pytest.mark.parametrize("backend", ["ref", "pva"])
def test_undefined_lookups_and_divisions_abort(backend: str, case: str, message: str):
    code = ("from tests.exec.test_shims_pva import abort_case; "
            f"abort_case({backend!r}, {case!r})")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, check=False, timeout=120)
    assert done.returncode == -signal.SIGABRT, done.stderr
    assert f"polylift_{backend}_pva_" in done.stderr and message in done.stderr
