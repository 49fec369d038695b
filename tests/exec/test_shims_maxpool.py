"""ref and host shims of `maxpool` (cnn.maxpool), called through ctypes.

`ref` must equal a numpy evaluation of the template in its canonical order bit for bit
(`m = x[2p,2q]`, then `m = v > m ? v : m` over the window row by row), NaN and signed
zeros included; `host` must equal `ref` bit for bit on every input (the template is
`exact`). Views are strided (padded rows, offset first element, odd input extents whose
last row and column no window reads), and nothing outside the output view changes. Q (11)
fills the host row's vector lanes and leaves a tail. An output view that shares bytes
with the windows (the template's loops fill y before reading x again) gives the ref bits
too.
"""

from __future__ import annotations

import numpy as np
import pytest

from polylift.tdl.library import load_library
from tests.exec.shim_calls import call_shim, shim_cdll

TEMPLATE = load_library().templates["cnn.maxpool"]
N, C, P, Q = 2, 3, 4, 11
SENTINEL = np.float32(-12345.0)


def _canonical(x: np.ndarray) -> np.ndarray:
    y = x[:, :, 0:2 * P:2, 0:2 * Q:2].copy()
    for r in range(2):
        for s in range(2):
            v = x[:, :, r:r + 2 * P:2, s:s + 2 * Q:2]
            y = np.where(v > y, v, y)  # C's `v > m ? v : m`: false for NaN and equal zeros
    return y


def _input(special: bool) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(3)
    buffer = np.full((N, C, 2 * P + 3, 2 * Q + 4), SENTINEL, dtype=np.float32)
    x = buffer[:, :, 1:2 * P + 2, 2:2 * Q + 3]  # offset view, odd extents 2P+1 x 2Q+1
    x[...] = rng.integers(-8, 8, size=x.shape) / 4.0
    if special:  # NaN first in a window, NaN later in a window, +0 and -0 together
        x[0, 0, 0, 0] = np.nan
        x[0, 1, 1, 1] = np.nan
        x[1, 2, 2:4, 2:4] = np.array([[-0.0, 0.0], [-0.0, -1.0]], dtype=np.float32)
    return buffer, x


def _run(backend: str, x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    out = np.full((N, C, P + 1, Q + 2), np.nan, dtype=np.float32)
    y = out[:, :, 1:, 1:Q + 1]
    call_shim(shim_cdll(backend), TEMPLATE, backend, "f32", {"x": x, "y": y})
    return out, y


@pytest.mark.parametrize("special", [False, True], ids=["plain", "nan-and-zeros"])
def test_ref_is_the_template_order_and_host_agrees(special: bool) -> None:
    buffer, x = _input(special)
    before = buffer.copy()
    want = _canonical(x)
    ref_out, ref_y = _run("ref", x)
    host_out, _ = _run("host", x)
    assert ref_y.view(np.uint32).tolist() == want.view(np.uint32).tolist()
    assert ref_out.view(np.uint32).tolist() == host_out.view(np.uint32).tolist()
    gaps = np.ones(ref_out.shape, dtype=bool)
    gaps[:, :, 1:, 1:Q + 1] = False
    assert np.isnan(ref_out[gaps]).all() and np.isnan(host_out[gaps]).all()
    assert buffer.view(np.uint32).tolist() == before.view(np.uint32).tolist()
    if special:  # a first NaN wins, a later one is skipped, the earlier zero is kept
        assert np.isnan(ref_y[0, 0, 0, 0]) and not np.isnan(ref_y[0, 1, 0, 0])
        assert np.signbit(ref_y[1, 2, 1, 1])


@pytest.mark.parametrize("start", [0, 1, 7], ids=lambda k: f"from-{k}")
def test_an_output_over_the_windows_takes_the_template_order(start: int) -> None:
    """y laid packed over x's buffer from element `start`, across the first windows: ref
    fills y with the windows' first elements before it reads them again, and host must
    give the same bits everywhere in the buffer."""
    results = []
    for backend in ("ref", "host"):
        buffer, x = _input(special=True)
        flat = buffer.reshape(-1)
        y = flat[start:start + N * C * P * Q].reshape(N, C, P, Q)
        call_shim(shim_cdll(backend), TEMPLATE, backend, "f32", {"x": x, "y": y})
        results.append(buffer.view(np.uint32).tolist())
    assert results[0] == results[1]
