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


def _arguments(dtype: str, seed: int) -> dict[str, Any]:
    """x as a view of a padded parent, the per-channel vectors with increment 2."""
    rng = np.random.default_rng(seed)
    kind = NP_TYPES[dtype]
    parent = np.full((NB, NC + 1, NS + 3), -12345.0, dtype=kind)
    x = parent[:, :NC, 1:1 + NS]
    x[...] = (rng.standard_normal(x.shape) * 4).astype(kind)
    values: dict[str, Any] = {"x": x, "scale": kind(1.0 / (NB * NS - 1))}
    values["dx"] = np.full((NB, NC + 1, NS + 3), -12345.0, dtype=kind)[:, :NC, 2:2 + NS]
    values["s"] = np.full((NB, NS + 2), -12345.0, dtype=kind)[:, 1:1 + NS]
    for name in ("mean", "variance", "bias"):
        vector = np.full(2 * NC, -12345.0, dtype=kind)[::2]
        vector[...] = (rng.standard_normal(NC) * 2).astype(kind)
        values[name] = vector
    values["variance"][...] = np.abs(values["variance"])  # a root of each
    return values


def _expected(name: str, values: dict[str, Any]) -> dict[str, np.ndarray]:
    x, scale = values["x"], values["scale"]
    if name == "ch.l2norm":
        sums = np.empty((NB, NS), dtype=x.dtype)
        for b in range(NB):
            for j in range(NS):
                acc = x.dtype.type(0)
                for c in range(NC):
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
    out = np.empty(NC, dtype=x.dtype)
    for c in range(NC):
        acc = x.dtype.type(0)
        for b in range(NB):
            for j in range(NS):
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
