"""ref and host shims of `avgpool`, `global_avgpool` and `upsample` (cnn.tpl), through ctypes.

`ref` must equal a numpy evaluation of the template in its canonical order bit for bit
(the sum over the window or the pixels ascending from +0, then one division; one
product per output element), NaN, infinities and signed zeros included; `host` must
equal `ref` bit for bit on every input (the templates are `exact`), on offset and padded
views, with nothing outside the output view changed, and where the output shares memory
with the input (host then runs ref's loops, whose order decides what is read).
"""

from __future__ import annotations

import numpy as np
import pytest
from numpy.lib.stride_tricks import as_strided

from polylift.tdl.library import load_library
from tests.exec.shim_calls import call_shim, shim_cdll

LIBRARY = load_library()
N, C, PIXELS = 2, 3, 7
H, W, R, S = 3, 4, 2, 3


def _bits(a: np.ndarray) -> list:
    return a.view(np.uint32).tolist()


def _values(rng: np.random.Generator, shape: tuple[int, ...], special: bool) -> np.ndarray:
    x = (rng.standard_normal(shape) * 4).astype(np.float32)
    if special:  # a NaN, an infinity, a -0 and a sum that overflows
        x.flat[1], x.flat[5], x.flat[8] = np.nan, np.inf, -0.0
        x[-1, -1, ...] = np.float32(3e38)
    return x


def _avgpool_canonical(x: np.ndarray, d: np.float32) -> np.ndarray:
    y = np.zeros(x.shape[:2], dtype=np.float32)
    with np.errstate(over="ignore", invalid="ignore"):  # the special sums overflow to inf
        for i in range(x.shape[2]):
            y = y + x[:, :, i]
        return y / d


def _run_avgpool(backend: str, x: np.ndarray, d: np.float32) -> np.ndarray:
    out = np.full((N, C + 2), np.nan, dtype=np.float32)
    call_shim(shim_cdll(backend), LIBRARY.templates["cnn.global_avgpool"], backend, "f32",
              {"x": x, "y": out[:, 1:C + 1], "d": d})
    return out


@pytest.mark.parametrize("special", [False, True], ids=["normal", "special"])
def test_global_avgpool_ref_is_the_template_order_and_host_agrees(special: bool) -> None:
    rng = np.random.default_rng(5)
    parent = np.full((N, C + 1, PIXELS + 3), np.float32(-7.0), dtype=np.float32)
    x = parent[:, 1:, 2:PIXELS + 2]  # offset first element, padded rows and channels
    x[...] = _values(rng, x.shape, special)
    before = parent.copy()
    d = np.float32(PIXELS)
    ref = _run_avgpool("ref", x, d)
    host = _run_avgpool("host", x, d)
    assert _bits(ref[:, 1:C + 1]) == _bits(_avgpool_canonical(x, d))
    assert _bits(host) == _bits(ref)
    assert np.isnan(ref[:, [0, C + 1]]).all() and np.isnan(host[:, [0, C + 1]]).all()
    assert _bits(parent) == _bits(before)


def test_global_avgpool_host_on_an_output_inside_its_input_is_ref() -> None:
    d = np.float32(np.random.default_rng(6).integers(1, 9))
    results = []
    for backend in ("ref", "host"):
        buffer = _values(np.random.default_rng(7), (N * C * PIXELS,), False)
        x = buffer.reshape(N, C, PIXELS)
        y = buffer[3:3 + N * C].reshape(N, C)  # the zeros and sums overwrite pixels
        call_shim(shim_cdll(backend), LIBRARY.templates["cnn.global_avgpool"], backend,
                  "f32", {"x": x, "y": y, "d": d})
        results.append(buffer)
    assert _bits(results[1]) == _bits(results[0])


def _windows(image: np.ndarray, stride: int, size: int, p: int, q: int) -> np.ndarray:
    """The (N, C, H, W) image seen as the template's (N, C, P, Q, R, S) windows."""
    s0, s1, s2, s3 = image.strides
    return as_strided(image, shape=(N, C, p, q, size, size),
                      strides=(s0, s1, stride * s2, stride * s3, s2, s3))


def _avgpool_windows_canonical(x: np.ndarray, d: np.float32) -> np.ndarray:
    y = np.zeros(x.shape[:4], dtype=np.float32)
    with np.errstate(over="ignore", invalid="ignore"):
        for r in range(x.shape[4]):
            for s in range(x.shape[5]):
                y = y + x[:, :, :, :, r, s]
        return y / d


@pytest.mark.parametrize("special", [False, True], ids=["normal", "special"])
@pytest.mark.parametrize("stride, size", [(2, 2), (1, 3), (2, 3)])
def test_avgpool_ref_is_the_template_order_and_host_agrees(special: bool, stride: int,
                                                           size: int) -> None:
    """Windows side by side, and overlapping ones (wider than the stride)."""
    rng = np.random.default_rng(10 + stride + size)
    p, q = 3, 4
    parent = np.full((N, C + 1, stride * p + size + 1, stride * q + size + 2), np.float32(-7.0),
                     dtype=np.float32)
    image = parent[:, 1:, 1:, 2:]
    image[...] = _values(rng, image.shape, special)
    before = parent.copy()
    x = _windows(image, stride, size, p, q)
    d = np.float32(size * size)
    outs = {}
    for backend in ("ref", "host"):
        out = np.full((N, C, p + 1, q + 2), np.nan, dtype=np.float32)
        call_shim(shim_cdll(backend), LIBRARY.templates["cnn.avgpool"], backend, "f32",
                  {"x": x, "y": out[:, :, 1:, 1:q + 1], "d": d})
        outs[backend] = out
    assert _bits(outs["ref"][:, :, 1:, 1:q + 1]) == _bits(_avgpool_windows_canonical(x, d))
    assert _bits(outs["host"]) == _bits(outs["ref"])
    gaps = np.ones(outs["ref"].shape, dtype=bool)
    gaps[:, :, 1:, 1:q + 1] = False
    assert np.isnan(outs["ref"][gaps]).all() and np.isnan(outs["host"][gaps]).all()
    assert _bits(parent) == _bits(before)


def test_avgpool_host_on_an_output_over_its_input_is_ref() -> None:
    results = []
    for backend in ("ref", "host"):
        buffer = _values(np.random.default_rng(11), (N * C * 8 * 8,), False)
        image = buffer.reshape(N, C, 8, 8)
        y = buffer[2:2 + N * C * 4 * 4].reshape(N, C, 4, 4)
        call_shim(shim_cdll(backend), LIBRARY.templates["cnn.avgpool"], backend, "f32",
                  {"x": _windows(image, 2, 2, 4, 4), "y": y, "d": np.float32(4)})
        results.append(buffer)
    assert _bits(results[1]) == _bits(results[0])


def _blocks(region: np.ndarray) -> np.ndarray:
    """The (N, C, H*R, W*S) output region seen as the template's (N, C, H, R, W, S)."""
    s0, s1, s2, s3 = region.strides
    return as_strided(region, shape=(N, C, H, R, W, S), strides=(s0, s1, R * s2, s2, S * s3, s3))


def _run_upsample(backend: str, x: np.ndarray, alpha: np.float32) -> np.ndarray:
    out = np.full((N, C, H * R + 1, W * S + 3), np.nan, dtype=np.float32)
    call_shim(shim_cdll(backend), LIBRARY.templates["cnn.upsample"], backend, "f32",
              {"x": x, "y": _blocks(out[:, :, 1:, 2:2 + W * S]), "alpha": alpha})
    return out


@pytest.mark.parametrize("special", [False, True], ids=["normal", "special"])
def test_upsample_ref_is_the_template_order_and_host_agrees(special: bool) -> None:
    rng = np.random.default_rng(8)
    parent = np.full((N, C, H + 2, W + 1), np.float32(-7.0), dtype=np.float32)
    x = parent[:, :, 1:H + 1, 1:]
    x[...] = _values(rng, x.shape, special)
    before = parent.copy()
    alpha = np.float32(-0.75)
    ref = _run_upsample("ref", x, alpha)
    host = _run_upsample("host", x, alpha)
    want = np.broadcast_to((alpha * x)[:, :, :, None, :, None], (N, C, H, R, W, S))
    assert _bits(np.ascontiguousarray(_blocks(ref[:, :, 1:, 2:2 + W * S]))) == \
        _bits(np.ascontiguousarray(want))
    assert _bits(host) == _bits(ref)
    gaps = np.ones(ref.shape, dtype=bool)
    gaps[:, :, 1:, 2:2 + W * S] = False
    assert np.isnan(ref[gaps]).all() and np.isnan(host[gaps]).all()
    assert _bits(parent) == _bits(before)


def test_upsample_host_on_an_output_over_its_input_is_ref() -> None:
    results = []
    for backend in ("ref", "host"):
        buffer = _values(np.random.default_rng(9), (N * C * H * R * W * S,), False)
        x = buffer[5:5 + N * C * H * W].reshape(N, C, H, W)
        region = buffer.reshape(N, C, H * R, W * S)
        call_shim(shim_cdll(backend), LIBRARY.templates["cnn.upsample"], backend, "f32",
                  {"x": x, "y": _blocks(region), "alpha": np.float32(1.5)})
        results.append(buffer)
    assert _bits(results[1]) == _bits(results[0])


def test_upsample_host_streams_a_large_output_with_ref_bits() -> None:
    """An output of more than POLYLIFT_STREAM_BYTES (8 MiB, host_stream.h) whose rows are
    contiguous is written with non-temporal stores from one computed row per block:
    ref's bits, specials included, rows that start off a 16-byte boundary (the copy's
    head), and nothing outside the view."""
    n, c, h, w, r, s = 1, 2, 520, 515, 2, 2
    assert n * c * h * r * w * s * 4 > 8 << 20
    x = _values(np.random.default_rng(12), (n, c, h, w), True)
    outs = {}
    for backend in ("ref", "host"):
        out = np.full((n, c, h * r, w * s + 5), np.nan, dtype=np.float32)
        region = out[:, :, :, 3:3 + w * s]
        s0, s1, s2, s3 = region.strides
        y = as_strided(region, shape=(n, c, h, r, w, s),
                       strides=(s0, s1, r * s2, s2, s * s3, s3))
        call_shim(shim_cdll(backend), LIBRARY.templates["cnn.upsample"], backend, "f32",
                  {"x": x, "y": y, "alpha": np.float32(1.25)})
        outs[backend] = out
    assert _bits(outs["host"]) == _bits(outs["ref"])
    with np.errstate(over="ignore"):  # the specials hold a value that overflows
        want = np.repeat(np.repeat(np.float32(1.25) * x, r, axis=2), s, axis=3)
    assert _bits(np.ascontiguousarray(outs["host"][:, :, :, 3:3 + w * s])) == _bits(want)
    assert np.isnan(outs["host"][:, :, :, :3]).all()
    assert np.isnan(outs["host"][:, :, :, 3 + w * s:]).all()
