"""ref and host shims of the per-channel launches (templates/channels.tpl), through
ctypes, on x[b, c, s] views with padded rows (leading dimensions larger than the rows).

numpy computes each channel's statistics one element at a time in the template's order
(b, then s, from 0; one rounding per operation in the element type), and the bias and
scale per element; the ref shims must give those bits, and the host shims the ref bits.
Eleven channels take the host's blocks of 8 and its remainder loop both.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from polylift.tdl.library import load_library
from tests.exec.shim_calls import NP_TYPES, call_shim, shim_cdll

LIBRARY = load_library()
CHANNELS = sorted(name for name in LIBRARY.templates if name.startswith("ch."))
NB, NC, NS = 3, 11, 7


def _arguments(dtype: str, seed: int, shape: tuple[int, int, int] = (NB, NC, NS)
               ) -> dict[str, Any]:
    """x as a view of a padded parent, the per-channel vectors with increment 2."""
    rng = np.random.default_rng(seed)
    kind = NP_TYPES[dtype]
    nb, nc, ns = shape
    parent = np.full((nb, nc + 1, ns + 3), -12345.0, dtype=kind)
    x = parent[:, :nc, 1:1 + ns]
    x[...] = (rng.standard_normal(x.shape) * 4).astype(kind)
    values: dict[str, Any] = {"x": x, "scale": kind(1.0 / max(nb * ns - 1, 1))}
    values["dx"] = np.full((nb, nc + 1, ns + 3), -12345.0, dtype=kind)[:, :nc, 2:2 + ns]
    values["s"] = np.full((nb, ns + 2), -12345.0, dtype=kind)[:, 1:1 + ns]
    for name in ("mean", "variance", "bias"):
        vector = np.full(2 * nc, -12345.0, dtype=kind)[::2]
        vector[...] = (rng.standard_normal(nc) * 2).astype(kind)
        values[name] = vector
    values["variance"][...] = np.abs(values["variance"])  # a root of each
    return values


def _expected(name: str, values: dict[str, Any]) -> dict[str, np.ndarray]:
    x, scale = values["x"], values["scale"]
    nb, nc, ns = x.shape
    if name == "ch.l2norm":
        sums = np.empty((nb, ns), dtype=x.dtype)
        for b in range(nb):
            for j in range(ns):
                acc = x.dtype.type(0)
                for c in range(nc):
                    acc = acc + x[b, c, j] * x[b, c, j]
                sums[b, j] = acc
        root = np.sqrt(sums)[:, None, :]
        normal = x / root
        return {"s": sums, "x": normal, "dx": (x.dtype.type(1) - normal) / root}
    if name == "ch.normalize":
        # In double, as the C source computes it: exact conversions, one rounding each
        # for the subtraction (in float), the root, the sum and the quotient.
        diff = (x - values["mean"][None, :, None]).astype(np.float64)
        root = np.sqrt(values["variance"].astype(np.float64)) + np.float64(np.float32(1e-6))
        return {"x": (diff / root[None, :, None]).astype(np.float32)}
    if name in ("ch.add_bias", "ch.scale_bias"):
        per = values["bias"][None, :, None]
        return {"x": x + per if name == "ch.add_bias" else x * per}
    mean = values["mean"]
    out = np.empty(nc, dtype=x.dtype)
    for c in range(nc):
        acc = x.dtype.type(0)
        for b in range(nb):
            for j in range(ns):
                e = x[b, c, j]
                acc = acc + (e if name == "ch.mean" else (e - mean[c]) * (e - mean[c]))
        out[c] = acc * scale
    return {"mean" if name == "ch.mean" else "variance": out}


def _call(name: str, backend: str, dtype: str) -> dict[str, Any]:
    values = _arguments(dtype, seed=5)
    if name == "ch.scale_bias":
        values["scale"] = values.pop("bias")
    call_shim(shim_cdll(backend), LIBRARY.templates[name], backend, dtype, values)
    return values


@pytest.mark.parametrize(("name", "dtype"), [(name, dtype) for name in CHANNELS
                                              for dtype in LIBRARY.templates[name].dtypes])
def test_ref_computes_the_template_in_order_and_host_the_same_bits(name: str, dtype: str
                                                                    ) -> None:
    expected = _expected(name, _arguments(dtype, seed=5))
    ref = _call(name, "ref", dtype)
    host = _call(name, "host", dtype)
    for array, value in expected.items():
        got = ref[array]
        assert value.tobytes() == np.ascontiguousarray(got).tobytes(), (name, array)
        assert np.ascontiguousarray(host[array]).tobytes() == \
            np.ascontiguousarray(got).tobytes(), (name, array)
    # Nothing outside the views was written: the padding keeps its sentinel.
    assert np.all(ref["x"].base[:, NC:, :] == -12345.0)
    assert np.all(host["x"].base[:, :, 0] == -12345.0)


# The broadcasts the host computes row by row (shims/render/rows.py): one row per batch and
# channel, the channel's value (and normalize's root) once per row.
BROADCASTS = ("ch.add_bias", "ch.scale_bias", "ch.normalize")


def _broadcast(name: str, values: dict[str, Any], backend: str, dtype: str) -> np.ndarray:
    """x after the launch `name`, called with `values` (bias standing for scale)."""
    if name == "ch.scale_bias":
        values = {**values, "scale": values["bias"]}
    call_shim(shim_cdll(backend), LIBRARY.templates[name], backend, dtype, values)
    return values["x"]


@pytest.mark.parametrize(("name", "dtype"), [(name, dtype) for name in BROADCASTS
                                              for dtype in LIBRARY.templates[name].dtypes])
@pytest.mark.parametrize("shape", [(2, 5, 37), (1, 3, 1), (3, 2, 67)])
def test_host_rows_give_the_template_bits_on_odd_rows(name: str, dtype: str,
                                                       shape: tuple[int, int, int]) -> None:
    """Rows of 37 and 67 elements (vector blocks and a scalar tail), rows of one; x an
    offset view of a padded parent: the host's rows, ref and numpy agree bit for bit,
    and the padding keeps its sentinel."""
    want = _expected(name, _arguments(dtype, seed=11, shape=shape))["x"]
    for backend in ("ref", "host"):
        x = _broadcast(name, _arguments(dtype, seed=11, shape=shape), backend, dtype)
        assert np.ascontiguousarray(x).tobytes() == want.tobytes(), (name, backend)
        parent = x.base
        assert parent is not None
        assert np.all(parent[:, shape[1]:, :] == -12345.0)
        assert np.all(parent[:, :, 0] == -12345.0)
        assert np.all(parent[:, :, 1 + shape[2]:] == -12345.0)


@pytest.mark.parametrize("name", BROADCASTS)
def test_host_rows_run_the_template_loops_on_reversed_channels(name: str) -> None:
    """A negative channel stride (x read with its channels reversed): the spans the host
    compares assume none, so it runs the template's loops; ref, host and numpy agree."""
    def arguments() -> dict[str, Any]:
        values = _arguments("f32", seed=12, shape=(2, 4, 19))
        return {**values, "x": values["x"][:, ::-1, :]}

    want = _expected(name, arguments())["x"]
    for backend in ("ref", "host"):
        values = arguments()
        assert values["x"].strides[1] < 0
        got = _broadcast(name, values, backend, "f32")
        assert np.ascontiguousarray(got).tobytes() == want.tobytes(), (name, backend)


@pytest.mark.parametrize("name", BROADCASTS)
def test_host_rows_run_the_template_loops_where_a_channel_value_is_in_x(name: str) -> None:
    """The per-channel vector is the first row of x itself: the loops read each channel's
    value again after every element they write, so the host may not read it once per
    row. Its result is ref's, which differs from the same launch on a copy of the vector
    (the check would be vacuous otherwise)."""
    shape = (2, 3, 9)
    results = {}
    for backend in ("ref", "host"):
        values = _arguments("f32", seed=13, shape=shape)
        values["x"][0, 0, :] = np.abs(values["x"][0, 0, :]) + 1  # roots of the "variance"
        for vector in ("mean", "variance", "bias"):
            values[vector] = values["x"][0, 0, 0:2 * shape[1]:2]
        results[backend] = np.ascontiguousarray(_broadcast(name, values, backend, "f32"))
    apart = _arguments("f32", seed=13, shape=shape)
    apart["x"][0, 0, :] = np.abs(apart["x"][0, 0, :]) + 1
    for vector in ("mean", "variance", "bias"):
        apart[vector] = apart["x"][0, 0, 0:2 * shape[1]:2].copy()
    separate = np.ascontiguousarray(_broadcast(name, apart, "ref", "f32"))
    assert results["host"].tobytes() == results["ref"].tobytes(), name
    assert results["ref"].tobytes() != separate.tobytes(), name
