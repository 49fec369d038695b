"""ref and host shims of `maxpool_index` (cnn.maxpool_index), through ctypes, against the
loops the template states, evaluated here with numpy one window element at a time:

    y = s0; k = t0; for r, for s: v = x[n,c,p,q,r,s];
    if v > y: y = v; k = base + n*sn + c*sc + p*sp + q*sq + r*sr + s*ss   (i32, wrapping)

on the inputs where another order would show: NaN elements (never taken), a NaN start
value (nothing updates), ties (the first in (r, s) order wins), -0 and +0 (equal: the first
met keeps its sign), windows whose elements are all <= s0 (they keep (s0, t0)), indices
that wrap in 32 bits; on views with offsets and strides, windows that overlap (wider
than the stride), and rows longer than a vector and than the host's blocks. ref must give
those bits and host ref's, with nothing outside the output views written.
"""

from __future__ import annotations

import numpy as np
import pytest
from numpy.lib.stride_tricks import as_strided

from polylift.tdl.library import load_library
from tests.exec.shim_calls import NP_TYPES, call_shim, shim_cdll

LIBRARY = load_library()
TEMPLATE = LIBRARY.templates["cnn.maxpool_index"]
NAN, INF = float("nan"), float("inf")
SENTINEL = -12345


def _windows(image: np.ndarray, stride: int, size: int, p: int, q: int) -> np.ndarray:
    """The (N, C, H, W) image seen as the template's (N, C, P, Q, R, S) windows."""
    s0, s1, s2, s3 = image.strides
    n, c = image.shape[:2]
    return as_strided(image, shape=(n, c, p, q, size, size),
                      strides=(s0, s1, stride * s2, stride * s3, s2, s3), writeable=False)


def _loops(x: np.ndarray, s0: float, t0: int, scalars: dict[str, int]
           ) -> tuple[np.ndarray, np.ndarray]:
    """The template's loops over every window at once, (r, s) in order; numpy's `>` is
    C's (false on a NaN) and `where` copies bits, so this is the loop's result."""
    n, c, p, q, rr, ss = np.indices(x.shape, dtype=np.int64)
    flat = (scalars["base"] + n * scalars["sn"] + c * scalars["sc"] + p * scalars["sp"]
            + q * scalars["sq"] + rr * scalars["sr"] + ss * scalars["ss"])
    wrapped: np.ndarray = np.asarray(flat & 0xFFFFFFFF).astype(np.uint32).view(np.int32)
    y = np.full(x.shape[:4], s0, dtype=x.dtype)
    k = np.full(x.shape[:4], t0, dtype=np.int32)
    for r in range(x.shape[4]):
        for s in range(x.shape[5]):
            wins = x[..., r, s] > y
            y = np.where(wins, x[..., r, s], y)
            k = np.where(wins, wrapped[..., r, s], k)
    return y, k


def _run(backend: str, dtype: str, x: np.ndarray, s0: float, t0: int,
         scalars: dict[str, int]) -> tuple[np.ndarray, np.ndarray]:
    """The shim's (y, k) written into padded parents: the border must stay untouched."""
    np_type = NP_TYPES[dtype]
    n, c, p, q = x.shape[:4]
    y_parent = np.full((n, c + 1, p + 2, q + 3), np.nan, dtype=np_type)
    k_parent = np.full((n + 1, c, p + 1, q + 1), SENTINEL, dtype=np.int32)
    y, k = y_parent[:, 1:, 1:p + 1, 2:q + 2], k_parent[1:, :, 1:, 1:]
    values = {"x": x, "y": y, "k": k, "s0": np_type(s0), "t0": np.int32(t0),
              **{name: np.int32(v) for name, v in scalars.items()}}
    call_shim(shim_cdll(backend), TEMPLATE, backend, dtype, values)
    y_gaps = np.ones(y_parent.shape, dtype=bool)
    y_gaps[:, 1:, 1:p + 1, 2:q + 2] = False
    k_gaps = np.ones(k_parent.shape, dtype=bool)
    k_gaps[1:, :, 1:, 1:] = False
    assert np.isnan(y_parent[y_gaps]).all(), f"{backend} wrote outside y"
    assert (k_parent[k_gaps] == SENTINEL).all(), f"{backend} wrote outside k"
    return y.copy(), k.copy()


def _image(dtype: str, shape: tuple[int, ...], seed: int, special: bool) -> np.ndarray:
    """Small integers (many ties), and with `special` NaNs, infinities and signed zeros;
    inside a padded parent so the view has an offset and strides."""
    rng = np.random.default_rng(seed)
    parent = np.full((shape[0], shape[1] + 1, shape[2] + 3, shape[3] + 5), 99.0,
                     dtype=NP_TYPES[dtype])
    image = parent[:, 1:, 2:shape[2] + 2, 1:shape[3] + 1]
    image[...] = rng.integers(-4, 5, size=shape)
    if special:
        picks = rng.random(shape)
        image[picks < 0.08] = NAN
        image[(picks >= 0.08) & (picks < 0.16)] = -0.0
        image[(picks >= 0.16) & (picks < 0.2)] = 0.0
        image[(picks >= 0.2) & (picks < 0.22)] = INF
        image[(picks >= 0.22) & (picks < 0.24)] = -INF
    return image


def _bits(a: np.ndarray) -> bytes:
    return np.ascontiguousarray(a).tobytes()


def _check(dtype: str, x: np.ndarray, s0: float, t0: int, scalars: dict[str, int]) -> None:
    want_y, want_k = _loops(x, s0, t0, scalars)
    ref_y, ref_k = _run("ref", dtype, x, s0, t0, scalars)
    assert _bits(ref_y) == _bits(want_y) and _bits(ref_k) == _bits(want_k)
    host_y, host_k = _run("host", dtype, x, s0, t0, scalars)
    assert _bits(host_y) == _bits(ref_y) and _bits(host_k) == _bits(ref_k)


def _framework_strides(image: np.ndarray, stride: int) -> dict[str, int]:
    """The flat input index the framework's maxpool keeps (NCHW, no padding)."""
    _, c, h, w = image.shape
    return {"base": 0, "sn": c * h * w, "sc": h * w, "sp": stride * w, "sq": stride,
            "sr": w, "ss": 1}


@pytest.mark.parametrize("dtype", ["f32", "f64"])
@pytest.mark.parametrize("special", [False, True], ids=["ties", "special"])
@pytest.mark.parametrize("stride, size, q", [(2, 2, 13), (1, 3, 9), (2, 3, 7), (3, 2, 300),
                                             (1, 2, 259)])
def test_ref_is_the_template_loops_and_host_agrees(dtype: str, special: bool, stride: int,
                                                   size: int, q: int) -> None:
    """Windows side by side, overlapping, and apart; rows of odd lengths, and rows longer
    than the host's blocks of 256."""
    n, c, p = 2, 3, 3
    image = _image(dtype, (n, c, stride * (p - 1) + size, stride * (q - 1) + size),
                   stride * 100 + size + q, special)
    x = _windows(image, stride, size, p, q)
    scalars = _framework_strides(image, stride)
    scalars["base"] = -5  # a padding offset: the first window starts before the image
    _check(dtype, x, -3.4028234663852886e38, -1, scalars)
    _check(dtype, x, -INF, 7, scalars)


@pytest.mark.parametrize("dtype", ["f32", "f64"])
def test_windows_all_at_or_below_the_start_keep_it(dtype: str) -> None:
    """s0 = 4 is the largest element: every window keeps (4, t0), ties with s0 included;
    a NaN s0 keeps (NaN, t0) everywhere."""
    image = _image(dtype, (1, 2, 6, 11), 3, False)
    x = _windows(image, 2, 2, 3, 5)
    scalars = _framework_strides(image, 2)
    for backend in ("ref", "host"):
        y, k = _run(backend, dtype, x, 4.0, 42, scalars)
        assert (y == 4.0).all() and (k == 42).all()
        y, k = _run(backend, dtype, x, NAN, 9, scalars)
        assert np.isnan(y).all() and (k == 9).all()


@pytest.mark.parametrize("backend", ["ref", "host"])
def test_the_first_maximum_wins_and_keeps_its_sign(backend: str) -> None:
    """One 2x3 window by hand, (r, s) order: NaN skipped, 3 at (0, 2) before 3 at (1, 0);
    of -0 and +0 the first met, with its sign."""
    window = np.array([[NAN, 1.0, 3.0], [3.0, -0.0, 2.0]], dtype=np.float32)
    x = window.reshape(1, 1, 1, 1, 2, 3)
    strides = {"base": 100, "sn": 0, "sc": 0, "sp": 0, "sq": 0, "sr": 10, "ss": 1}
    y, k = _run(backend, "f32", x, -INF, -1, strides)
    assert float(y[0, 0, 0, 0]) == 3.0 and int(k[0, 0, 0, 0]) == 102
    zeros = np.array([[-0.0, 0.0], [0.0, -0.0]], dtype=np.float32).reshape(1, 1, 1, 1, 2, 2)
    y, k = _run(backend, "f32", zeros, -1.0, -1, strides)
    assert np.signbit(y[0, 0, 0, 0]) and int(k[0, 0, 0, 0]) == 100


def test_indices_wrap_in_32_bits() -> None:
    """Coefficients whose sums pass 2**31: the index is the i32 the lifted code computes."""
    image = _image("f32", (2, 2, 4, 20), 8, False)
    x = _windows(image, 2, 2, 2, 10)
    scalars = {"base": 2**31 - 3, "sn": 2**30 + 7, "sc": -(2**31), "sp": 123456789,
               "sq": 2**29, "sr": 3, "ss": -1}
    _check("f32", x, -INF, -1, scalars)


@pytest.mark.parametrize("dtype", ["f32", "f64"])
def test_an_empty_window_keeps_the_start(dtype: str) -> None:
    """R = 0 (the window loops run no iteration): (s0, t0) from every backend."""
    x = np.zeros((1, 2, 2, 3, 0, 2), dtype=NP_TYPES[dtype])
    for backend in ("ref", "host"):
        y, k = _run(backend, dtype, x, 2.5, 42, _framework_strides(np.zeros((1, 2, 4, 6)), 2))
        assert (y == 2.5).all() and (k == 42).all()


def test_host_on_an_output_over_its_input_is_ref() -> None:
    """y inside the image the windows read: host runs ref's loops (fills first), whose
    order decides what is read."""
    results = []
    for backend in ("ref", "host"):
        buffer = _image("f32", (1, 2, 8, 8), 11, True).copy().reshape(-1)
        image = buffer.reshape(1, 2, 8, 8)
        y = buffer[3:3 + 2 * 4 * 4].reshape(1, 2, 4, 4)
        k = np.full((1, 2, 4, 4), SENTINEL, dtype=np.int32)
        call_shim(shim_cdll(backend), TEMPLATE, backend, "f32",
                  {"x": _windows(image, 2, 2, 4, 4), "y": y, "k": k,
                   "s0": np.float32(-INF), "t0": np.int32(-1),
                   **{name: np.int32(v) for name, v in _framework_strides(image, 2).items()}})
        results.append((buffer.tobytes(), k.tobytes()))
    assert results[1] == results[0]
