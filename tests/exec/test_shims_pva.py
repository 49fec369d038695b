"""The PVA filters' shims (ref, host, the pva model) against the image benchmarks' kernels.

The kernels of benchmarks/image define the operators (border rows, columns and corners
included), so each is compiled as it stands (its `main` renamed) and run on random
images beside the `ref` shim, the `host` shim and the `pva` model; all must agree bit
for bit.
Small hand-computed images check the border handling, rounding and saturation directly.
The table operators (LUT, bilateral) are tested in test_shims_pva_tables.py.
"""

from __future__ import annotations

import ctypes

import numpy as np
import pytest

from polylift.tdl.library import load_library
from tests.exec.pva_images import (
    BACKENDS,
    LIMITS,
    NP,
    bench_filter,
    build_bench_kernels,
    image,
    run_template_launch,
    windows,
)
from tests.exec.shim_calls import call_shim, shim_cdll

TAPS = {"i8": ([-4, -8, 2, -16, 100, -8, 1, -12, -4], 6),
        "i16": ([-1024, -2048, 512, -4096, 20480, -2048, 256, -3072, -1024], 12)}
c_ptr = ctypes.c_void_p


@pytest.fixture(scope="module")
def bench_kernels(tmp_path_factory) -> dict[str, ctypes.CDLL]:
    """Each image benchmark built as a shared library exporting its kernel."""
    return build_bench_kernels(tmp_path_factory.mktemp("image_bench"))


def conv_args(dtype: str, taps=None, shift=None) -> dict:
    base, base_shift = TAPS[dtype]
    coef = np.array(taps if taps is not None else base, dtype=NP[dtype]).reshape(3, 3)
    return {"coef": coef, "shift": base_shift if shift is None else shift}


def run_histeq(backend: str, src, nbins: int = 256):
    """Call polylift_<backend>_pva_histeq_i8 through its template's signature on an
    8-bit image read as unsigned; return (hist, cdf, lut, dst), lut and dst unsigned."""
    h, w = src.shape
    hist, cdf = np.zeros(nbins, np.int32), np.zeros(nbins, np.int32)
    lut, dst = np.zeros(nbins, np.int8), np.zeros((h, w), np.int8)
    call_shim(shim_cdll(backend), load_library().templates["pva.histeq"], backend, "i8",
              dict(src=src.view(np.int8), hist=hist, cdf=cdf, lut=lut, dst=dst))
    return hist, cdf, lut.view(np.uint8), dst.view(np.uint8)


SHAPES = [(13, 17), (2, 2), (2, 9), (31, 3)]


@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("dtype", ["i8", "i16"])
def test_filters_equal_the_benchmark_kernels(bench_kernels, dtype: str, shape):
    rng = np.random.default_rng(sum(shape))
    src = image(rng, dtype, *shape, strided=False)
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
        for backend in BACKENDS:
            got = run_template_launch(backend, launch, dtype, src, **extra)
            assert np.array_equal(got, want), f"{backend} {launch}"


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
    for backend in BACKENDS:
        for got, expected in zip(run_histeq(backend, src), want, strict=True):
            assert np.array_equal(got, expected), backend


@pytest.mark.parametrize("backend", BACKENDS)
def test_histeq_beyond_256_bins_equalises_the_empty_bins_too(backend: str):
    """The template's steps run over every bin: with 300 bins the last 44 count nothing,
    keep the total in the CDF and map by the same formula."""
    src = np.array([[0, 255], [255, 7]], dtype=np.uint8)
    hist, cdf, lut, dst = run_histeq(backend, src, nbins=300)
    assert (hist[256:] == 0).all() and (cdf[255:] == 4).all()
    assert lut[256] == (((4 - 1) * 255 + 3 // 2) // 3) % 256
    assert dst.tolist() == [[0, 255], [255, 85]]


@pytest.mark.parametrize("shape", [(1, 1), (1, 6), (5, 1), (9, 12)])
@pytest.mark.parametrize("dtype", ["i8", "i16"])
def test_host_and_pva_model_equal_ref_on_strided_views(dtype: str, shape):
    rng = np.random.default_rng(7)
    src = image(rng, dtype, *shape, strided=True)
    taps = rng.integers(*LIMITS[dtype], size=9)
    for launch, extra in (("pva_box3x3", {}), ("pva_gaussian3x3", {}),
                          ("pva_conv3x3_q", conv_args(dtype, taps, shift=3))):
        want = run_template_launch("ref", launch, dtype, src, **extra)
        for backend in ("host", "pva"):
            got = run_template_launch(backend, launch, dtype, src, **extra)
            assert np.array_equal(got, want), f"{backend} {launch}"


def test_extreme_images_saturate_and_round(bench_kernels):
    for value in (-32768, 32767, -1, 0):
        src = np.full((4, 5), value, dtype=np.int16)
        for backend in BACKENDS:
            assert (run_template_launch(backend, "pva_box3x3", "i16", src) == value).all()
            assert (run_template_launch(backend, "pva_gaussian3x3", "i16", src) == value).all()
    src = np.full((3, 3), 100, dtype=np.int8)
    for backend in BACKENDS:
        high = run_template_launch(backend, "pva_conv3x3_q", "i8", src,
                                   **conv_args("i8", [0, 0, 0, 0, 127, 0, 0, 0, 0], 0))
        low = run_template_launch(backend, "pva_conv3x3_q", "i8", -src,
                                  **conv_args("i8", [0, 0, 0, 0, 127, 0, 0, 0, 0], 0))
        assert (high == 127).all() and (low == -128).all()


@pytest.mark.parametrize("backend", BACKENDS)
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


# Region (ROI) operators: dst is an h x w region, src the view of the source pixel under
# dst[0, 0]; the operator reads the one-pixel halo around that view as it is in memory.
ROI_LAUNCHES = ("pva_gaussian3x3_roi", "pva_box3x3_roi", "pva_conv3x3_q_roi")
GAUSS = np.outer([1, 2, 1], [1, 2, 1])


def roi_oracle(launch: str, dtype: str, padded: np.ndarray, coef=None, shift=0):
    """The region operator computed by numpy from the source region and its halo."""
    win = windows(padded)
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
    src = image(rng, dtype, *shape, strided=False)
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
        for backend in BACKENDS:
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
        for backend in BACKENDS:
            got = run_roi(backend, launch, dtype, parent, top, left, h, w, **extra)
            assert np.array_equal(got, want), f"{backend} {launch}"


@pytest.mark.parametrize("backend", BACKENDS)
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


@pytest.mark.parametrize("backend", BACKENDS)
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
