"""The shims of softmax over a grid of rows (red.maxval_rows, ew.expsum_scaled_rows,
ew.divs_rows_ip): ref and host against a model of each template's order in Python (the
C library's exp for the exponentials), bit for bit, on odd row lengths and offset views
of padded parents; and where views overlap, host gives ref's bits (its fast paths
assume none)."""

from __future__ import annotations

import ctypes
import ctypes.util
import math
from typing import Any

import numpy as np
import pytest

from polylift.tdl.library import load_library
from tests.exec.shim_calls import NP_TYPES, call_shim, shim_cdll

LIBRARY = load_library()
SHAPES = [(2, 3, 37), (1, 1, 1), (3, 2, 67), (2, 5, 8)]
SENTINEL = -12345.0
LIBM = ctypes.CDLL(ctypes.util.find_library("m"))
for _name, _type in (("expf", ctypes.c_float), ("exp", ctypes.c_double)):
    getattr(LIBM, _name).argtypes, getattr(LIBM, _name).restype = [_type], _type


def _view(parent_shape: tuple[int, ...], shape: tuple[int, ...], dtype: str) -> np.ndarray:
    """An offset view of `shape` inside a parent filled with a sentinel: one element in
    along the last dimension, spare rows and columns around it (innermost stride 1)."""
    parent = np.full(parent_shape, SENTINEL, dtype=NP_TYPES[dtype])
    return parent[tuple(slice(0, n) for n in shape[:-1]) + (slice(1, 1 + shape[-1]),)]


def _grid(shape: tuple[int, int, int], dtype: str, seed: int) -> np.ndarray:
    """x[b, g, i] with ties, a row of equal values, a row whose largest value is a zero
    (-0 met before +0), NaNs in a row, as an offset view."""
    nb, ng, n = shape
    x = _view((nb, ng + 1, n + 3), shape, dtype)
    rng = np.random.default_rng(seed)
    x[...] = np.round(rng.standard_normal(shape) * 4, 1)
    row = lambda k: x[k // ng, k % ng]  # noqa: E731  (a view; reshape would copy)
    if nb * ng >= 3 and n >= 3:
        row(1)[:] = -1.5
        row(2)[:] = -np.abs(row(2)) - 1
        row(2)[0], row(2)[1] = -0.0, 0.0
    if nb * ng >= 4 and n >= 2:
        row(3)[0] = np.nan
        row(3)[n // 2] = np.nan
    return x


def _rows_view(shape: tuple[int, int, int], dtype: str) -> np.ndarray:
    nb, ng, _ = shape
    return _view((nb + 1, ng + 3), (nb, ng), dtype)


def _bits(a: np.ndarray) -> bytes:
    return np.ascontiguousarray(a).tobytes()


def _padding_kept(view: np.ndarray) -> bool:
    """Every element of the parent outside the view still holds the sentinel."""
    parent = view.base
    assert parent is not None
    mask = np.ones(parent.shape, dtype=bool)
    mask[tuple(slice(0, n) for n in view.shape[:-1]) + (slice(1, 1 + view.shape[-1]),)] = False
    return bool(np.all(parent[mask] == SENTINEL))


def _call(name: str, backend: str, dtype: str, values: dict[str, Any]) -> None:
    call_shim(shim_cdll(backend), LIBRARY.templates[name], backend, dtype, values)


def _model_max(x: np.ndarray, s: Any) -> np.ndarray:
    """Per row, from s, `x > r ? x : r` for i = 0, 1, ... (C's comparison)."""
    out = np.empty(x.shape[:2], dtype=x.dtype)
    for b, g in np.ndindex(*x.shape[:2]):
        acc = s
        for v in x[b, g]:
            acc = v if v > acc else acc
        out[b, g] = acc
    return out


@pytest.mark.parametrize("dtype", ["f32", "f64"])
@pytest.mark.parametrize("shape", SHAPES)
def test_the_largest_value_of_each_row(dtype: str, shape: tuple[int, int, int]) -> None:
    """ref and host give each row's maximum in the template's order, bit for bit (NaNs
    never taken, of -0 and +0 the first kept), and write nothing else."""
    t = NP_TYPES[dtype]
    s = t(-np.finfo(t).max)
    want = _model_max(_grid(shape, dtype, 5), s)
    for backend in ("ref", "host"):
        x, r = _grid(shape, dtype, 5), _rows_view(shape, dtype)
        _call("red.maxval_rows", backend, dtype, {"x": x, "r": r, "s": s})
        assert _bits(r) == _bits(want), backend
        assert _padding_kept(r) and _padding_kept(x), backend
    if shape[0] * shape[1] >= 3 and shape[2] >= 3:  # the -0 row: the check can fail
        assert float(want[2 // shape[1], 2 % shape[1]]) == 0
        assert math.copysign(1.0, float(want[2 // shape[1], 2 % shape[1]])) < 0


def _model_expsum(x: np.ndarray, m: np.ndarray, t: Any, s: Any, dtype: str
                  ) -> tuple[np.ndarray, np.ndarray]:
    """Each row's sum from s of exp(x/t - m/t) in order (the C library's exp, one
    rounding per operation in the element type), and the exponentials."""
    ty, exp = NP_TYPES[dtype], (LIBM.expf if dtype == "f32" else LIBM.exp)
    y = np.empty(x.shape, dtype=ty)
    r = np.empty(x.shape[:2], dtype=ty)
    for b, g in np.ndindex(*x.shape[:2]):
        acc = ty(s)
        for i, v in enumerate(x[b, g]):
            e = ty(exp(ty(ty(v / t) - ty(m[b, g] / t))))
            y[b, g, i] = e
            acc = ty(acc + e)
        r[b, g] = acc
    return y, r


def _expsum_arguments(shape: tuple[int, int, int], dtype: str) -> dict[str, Any]:
    ty = NP_TYPES[dtype]
    x = _grid(shape, dtype, 7)
    m = _rows_view(shape, dtype)
    m[...] = np.nanmax(np.where(np.isnan(x), -np.inf, x), axis=2)
    return {"x": x, "m": m, "y": _view((shape[0], shape[1] + 2, shape[2] + 1), shape, dtype),
            "r": _rows_view(shape, dtype), "t": ty(0.7), "s": ty(0.25)}


@pytest.mark.parametrize("dtype", ["f32", "f64"])
@pytest.mark.parametrize("shape", SHAPES)
def test_the_exponentials_of_each_row_and_their_sum(dtype: str,
                                                     shape: tuple[int, int, int]) -> None:
    """ref and host give the C library's exponentials and each row's sum in order, bit
    for bit, into offset views, and write nothing else."""
    values = _expsum_arguments(shape, dtype)
    want_y, want_r = _model_expsum(values["x"], values["m"], values["t"], values["s"], dtype)
    for backend in ("ref", "host"):
        values = _expsum_arguments(shape, dtype)
        _call("ew.expsum_scaled_rows", backend, dtype, values)
        assert _bits(values["y"]) == _bits(want_y), backend
        assert _bits(values["r"]) == _bits(want_r), backend
        assert all(_padding_kept(values[a]) for a in ("y", "r")), backend


def test_the_exponentials_where_the_sums_overlap_x_are_refs() -> None:
    """The sums r lie in a row of x that later rows' exponentials read: ref's order (all
    sums, then the map) then differs from one pass per row, so host may not fuse the
    rows and gives ref's bits; those differ from the same launch on apart arrays (the
    check could not fail otherwise)."""
    shape, dtype = (2, 3, 11), "f32"
    results = {}
    for backend in ("ref", "host"):
        values = _expsum_arguments(shape, dtype)
        values["r"] = values["x"][1, 2, 0:6].reshape(2, 3)
        _call("ew.expsum_scaled_rows", backend, dtype, values)
        results[backend] = (_bits(values["y"]), _bits(values["x"]))
    apart = _expsum_arguments(shape, dtype)
    _call("ew.expsum_scaled_rows", "ref", dtype, apart)
    assert results["host"] == results["ref"]
    assert results["ref"][0] != _bits(apart["y"])


def _divs_arguments(shape: tuple[int, int, int], dtype: str) -> dict[str, Any]:
    y = _grid(shape, dtype, 9)
    d = _rows_view(shape, dtype)
    d[...] = np.arange(1, 1 + shape[0] * shape[1]).reshape(shape[:2]) * 0.75 - 2
    if d.size >= 2:
        d[0, 0], d[-1, -1] = 0.0, -0.0
    return {"y": y, "d": d}


@pytest.mark.parametrize("dtype", ["f32", "f64"])
@pytest.mark.parametrize("shape", SHAPES)
def test_each_row_divided_by_its_value(dtype: str, shape: tuple[int, int, int]) -> None:
    """ref and host divide each row by its own value (zeros of both signs, NaNs in the
    rows: IEEE division as C's), bit for bit with numpy's division."""
    values = _divs_arguments(shape, dtype)
    with np.errstate(divide="ignore", invalid="ignore"):
        want = values["y"] / values["d"][:, :, None]
    for backend in ("ref", "host"):
        values = _divs_arguments(shape, dtype)
        _call("ew.divs_rows_ip", backend, dtype, values)
        assert _bits(values["y"]) == _bits(want), backend
        assert _padding_kept(values["y"]), backend


def test_each_row_divided_where_the_values_lie_in_y_is_refs() -> None:
    """The per-row values are elements of y's first row, rewritten as that row is
    divided: the host may not read them once per row, and gives ref's bits; those
    differ from the same launch on a copy of the values."""
    shape, dtype = (2, 2, 9), "f32"
    results = {}
    for backend in ("ref", "host"):
        values = _divs_arguments(shape, dtype)
        values["d"] = values["y"][0, 0, 0:4].reshape(2, 2)
        values["d"][...] = [[1.5, 2.5], [-3.0, 4.0]]
        _call("ew.divs_rows_ip", backend, dtype, values)
        results[backend] = _bits(values["y"])
    apart = _divs_arguments(shape, dtype)
    apart["d"] = np.array([[1.5, 2.5], [-3.0, 4.0]], dtype=np.float32)
    apart["y"][0, 0, 0:4] = [1.5, 2.5, -3.0, 4.0]
    _call("ew.divs_rows_ip", "ref", dtype, apart)
    assert results["host"] == results["ref"]
    assert results["ref"] != _bits(apart["y"])
