"""Shims of the solves and factorizations (templates/lapack.tpl), called through ctypes.

- `ref` is the template's loop program, operation for operation (a Python model that
  rounds every operation in the element type, at a small size);
- on exact factorizable inputs (small integer factors, power-of-two diagonals: every
  partial sum, quotient and root representable) `host` gives ref's bits, and both give
  the factors or the solution the inputs were made from;
- on random well-conditioned inputs both are within the template's backward error bound,
  measured by the launch's own measure (`polylift_backward_<launch>_<type>` of the ref
  library), which does see a wrong result;
- views are contiguous or strided (row stride > n, an offset first element, every other
  element of a vector), nothing outside a view is written, and the triangle a launch
  does not read may hold NaN;
- where the source meets a zero pivot or the square root of a negative number, `host`
  falls back to the loops and gives ref's bits, infinities and NaNs included;
- on a GPU (marked `gpu`, skipped without one), the cuBLAS and cuSOLVER shims likewise.
"""

from __future__ import annotations

import ctypes
from dataclasses import dataclass

import numpy as np
import pytest

from polylift.harness.programs.gpu import gpu_available
from polylift.shims.cuda_build import cuda_available
from polylift.shims.header import backward_symbol
from polylift.tdl.library import KernelTemplate, load_library
from tests.exec.shim_calls import NP_TYPES, call_shim, shim_cdll

LIBRARY = load_library()
LAUNCHES = sorted({t.launch for t in LIBRARY.templates.values()
                   if t.accuracy[0] == "backward"})
SENTINEL = -12345.0


@dataclass(frozen=True)
class Kind:
    """What a launch computes, from its name."""

    factor: str  # "cholesky", "lu" or "" (a solve)
    lower: bool = True
    unit: bool = False
    inplace: bool = False


def kind_of(launch: str) -> Kind:
    if launch == "potrf_lower":
        return Kind("cholesky")
    if launch == "getrf_nopivot":
        return Kind("lu", unit=True)
    parts = launch.split("_")
    return Kind("", parts[1] == "lower", "unit" in parts, "inplace" in parts)


def template(launch: str) -> KernelTemplate:
    return LIBRARY.by_launch(launch)[0]


# --- inputs --------------------------------------------------------------------------------


def _triangle(rng: np.random.Generator, n: int, lower: bool, unit: bool, mode: str,
              dtype) -> np.ndarray:
    """A triangle (the other one NaN: no launch reads it): exact ones have entries -1, 0,
    1 and a diagonal of 1, 2, 4; random ones are diagonally dominant."""
    if mode == "exact":
        m = rng.choice([-1.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0], size=(n, n))
        diag = 2.0 ** rng.integers(0, 3, size=n)
    else:
        m = rng.uniform(-1.0, 1.0, size=(n, n)) / n
        diag = rng.uniform(1.0, 2.0, size=n)
    np.fill_diagonal(m, 1.0 if unit else diag)
    keep = np.tril(np.ones((n, n), bool)) if lower else np.triu(np.ones((n, n), bool))
    return np.where(keep, m, np.nan).astype(dtype)


def _dense(t: np.ndarray) -> np.ndarray:
    return np.nan_to_num(t, nan=0.0)


@dataclass(frozen=True)
class Case:
    """The arrays of one call (numpy data, before the call) and what they were made of."""

    arrays: dict[str, np.ndarray]
    scalars: dict[str, float]
    solution: dict[str, np.ndarray]  # exact inputs: what the result must be


def make_case(launch: str, n: int, dtype: str, mode: str, seed: int = 3) -> Case:
    rng = np.random.default_rng(seed)
    t = NP_TYPES[dtype]
    kind = kind_of(launch)
    if kind.factor:
        lower = _triangle(rng, n, True, kind.unit, mode, t)
        upper = _dense(lower).T if kind.factor == "cholesky" else \
            _dense(_triangle(rng, n, False, False, mode, t))
        a = (_dense(lower).astype(np.float64) @ upper.astype(np.float64)).astype(t)
        if kind.factor == "cholesky":
            a = np.where(np.triu(np.ones((n, n), bool), 1), np.nan, a).astype(t)
        factors = np.where(np.tril(np.ones((n, n), bool), -1 if kind.unit else 0),
                           _dense(lower), upper if kind.factor == "lu" else a).astype(t)
        return Case({"A": a}, {}, {"A": factors})
    mat = _triangle(rng, n, kind.lower, kind.unit, mode, t)
    x0 = (rng.integers(-2, 3, size=n) if mode == "exact" else rng.uniform(-1, 1, n)).astype(t)
    dense = _dense(mat)
    if kind.unit:
        np.fill_diagonal(dense, 1.0)
    b = (dense.astype(np.float64) @ x0.astype(np.float64)).astype(t)
    arrays = {"L" if kind.lower else "U": mat}
    if kind.inplace:
        arrays["x"] = b
    else:
        arrays |= {"b": b, "x": np.full(n, np.nan, dtype=t)}
    return Case(arrays, {}, {"x": x0})


def _parent(data: np.ndarray, strided: bool) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """A sentinel-filled parent holding `data` as a view (strided: offset, longer rows,
    every other element of a vector), the view, and the mask of the parent outside it."""
    if not strided:
        parent = data.copy()
        return parent, parent, np.zeros(parent.shape, bool)
    if data.ndim == 2:
        parent = np.full((data.shape[0] + 3, data.shape[1] + 5), SENTINEL, data.dtype)
        window = (slice(2, 2 + data.shape[0]), slice(1, 1 + data.shape[1]))
    else:
        parent = np.full(2 * data.shape[0] + 3, SENTINEL, data.dtype)
        window = (slice(1, 1 + 2 * data.shape[0], 2),)
    parent[window] = data
    outside = np.ones(parent.shape, bool)
    outside[window] = False
    return parent, parent[window], outside


def run(backend: str, launch: str, case: Case, dtype: str, strided: bool) -> dict:
    """Call one shim on copies of the case's arrays; the results, checked for writes
    outside the views."""
    views, guards = {}, {}
    for name, data in case.arrays.items():
        parent, view, outside = _parent(data, strided)
        views[name], guards[name] = view, (parent, outside, parent[outside].copy())
    call_shim(shim_cdll(backend), template(launch), backend, dtype, {**views, **case.scalars})
    for name, (parent, outside, before) in guards.items():
        assert np.array_equal(parent[outside], before), f"{backend} wrote outside {name}"
    return {name: np.array(view) for name, view in views.items()}


def backward_error(launch: str, dtype: str, case: Case, result: dict) -> float:
    """The launch's measure of a result (in unit roundoffs), called like the audit does."""
    tpl = template(launch)
    values: dict = {**case.arrays, **result}
    args, types = [], []
    for arg in tpl.shim_args:
        if arg.kind == "size":
            args.append(next(v.shape[0] for v in values.values()))
            types.append(ctypes.c_int64)
        elif arg.kind == "ld":
            view = values[arg.param]
            args.append(view.strides[arg.dim] // view.itemsize)
            types.append(ctypes.c_int64)
        else:
            args.append(values[arg.param].ctypes.data)
            types.append(ctypes.c_void_p)
    kept = [np.ascontiguousarray(case.arrays[p.name]) for p in tpl.params
            if p.kind == "array" and p.role == "inout"]
    args += [k.ctypes.data for k in kept]
    types += [ctypes.c_void_p] * len(kept)
    fn = getattr(shim_cdll("ref"), backward_symbol(launch, dtype))
    fn.argtypes, fn.restype = types, ctypes.c_double
    return float(fn(*args))


def bits(a: np.ndarray) -> np.ndarray:
    return np.ascontiguousarray(a).view(np.dtype(f"u{a.dtype.itemsize}"))


def _written(launch: str, result: dict) -> dict:
    """The elements a launch writes (a factorization's triangle, a solve's x)."""
    if kind_of(launch).factor == "cholesky":
        return {"A": np.where(np.tril(np.ones(result["A"].shape, bool)), result["A"], 0)}
    return {k: v for k, v in result.items() if k in ("A", "x")}


# --- ref is the loop program ---------------------------------------------------------------


def _program(launch: str, case: Case, dtype: str) -> dict:
    """The template's loop program in Python, every operation rounded in the type."""
    t = NP_TYPES[dtype]
    kind = kind_of(launch)
    if kind.factor:
        a = case.arrays["A"].copy()
        n = a.shape[0]
        for i in range(n):
            for j in range(i):
                for k in range(j):
                    a[i, j] = t(a[i, j] - t(a[i, k] * (a[j, k] if kind.factor == "cholesky"
                                                        else a[k, j])))
                a[i, j] = t(a[i, j] / a[j, j])
            if kind.factor == "cholesky":
                for k in range(i):
                    a[i, i] = t(a[i, i] - t(a[i, k] * a[i, k]))
                a[i, i] = t(np.sqrt(a[i, i]))
                continue
            for j in range(i, n):
                for k in range(i):
                    a[i, j] = t(a[i, j] - t(a[i, k] * a[k, j]))
        return {"A": a}
    mat = case.arrays["L" if kind.lower else "U"]
    x = (case.arrays["x"] if kind.inplace else case.arrays["b"]).copy()
    n = x.shape[0]
    for i in (range(n) if kind.lower else range(n - 1, -1, -1)):
        for j in (range(i) if kind.lower else range(i + 1, n)):
            x[i] = t(x[i] - t(mat[i, j] * x[j]))
        if not kind.unit:
            x[i] = t(x[i] / mat[i, i])
    return {"x": x}


@pytest.mark.parametrize("dtype", ["f32", "f64"])
@pytest.mark.parametrize("launch", LAUNCHES)
def test_ref_is_the_loop_program(launch: str, dtype: str):
    case = make_case(launch, 9, dtype, "random")
    ref = _written(launch, run("ref", launch, case, dtype, strided=True))
    want = _written(launch, _program(launch, case, dtype))
    for name, value in want.items():
        assert np.array_equal(bits(ref[name]), bits(value)), name


# --- host against ref ----------------------------------------------------------------------


@pytest.mark.parametrize("n", [9, 300])
@pytest.mark.parametrize("strided", [False, True], ids=["contiguous", "strided"])
@pytest.mark.parametrize("dtype", ["f32", "f64"])
@pytest.mark.parametrize("launch", LAUNCHES)
def test_host_is_ref_on_exact_inputs(launch: str, dtype: str, strided: bool, n: int):
    case = make_case(launch, n, dtype, "exact")
    ref = _written(launch, run("ref", launch, case, dtype, strided))
    host = _written(launch, run("host", launch, case, dtype, strided))
    for name, value in ref.items():
        assert np.array_equal(bits(value), bits(host[name])), name
        want = _written(launch, case.solution)[name]
        assert np.array_equal(value, want), f"{name} is not what the inputs were made of"


@pytest.mark.parametrize("n", [9, 300])
@pytest.mark.parametrize("strided", [False, True], ids=["contiguous", "strided"])
@pytest.mark.parametrize("dtype", ["f32", "f64"])
@pytest.mark.parametrize("launch", LAUNCHES)
def test_host_is_within_the_backward_bound(launch: str, dtype: str, strided: bool, n: int):
    case = make_case(launch, n, dtype, "random")
    bound = template(launch).backward_bound({"n": n})
    for backend in ("ref", "host"):
        result = run(backend, launch, case, dtype, strided)
        assert all(np.isfinite(v).all() for v in _written(launch, result).values())
        error = backward_error(launch, dtype, case, result)
        assert error <= bound, f"{backend}: backward error {error} u, bound {bound}"


@pytest.mark.parametrize("launch", LAUNCHES)
def test_the_measure_sees_a_wrong_result(launch: str):
    case = make_case(launch, 9, "f64", "random")
    result = run("ref", launch, case, "f64", strided=False)
    name = "A" if kind_of(launch).factor else "x"
    result[name][4 if name == "x" else (6, 2)] *= 1 + 1e-9
    assert backward_error(launch, "f64", case, result) > template(launch).backward_bound({"n": 9})


@pytest.mark.parametrize("launch", LAUNCHES)
def test_host_falls_back_to_the_loops_where_the_source_breaks_down(launch: str):
    kind = kind_of(launch)
    if kind.unit and not kind.factor:
        pytest.skip("a unit solve divides by nothing")
    case = make_case(launch, 9, "f64", "random")
    matrix = next(v for k, v in case.arrays.items() if k in ("A", "L", "U"))
    # A negative square, a zero pivot (LU's first is A[0,0]), a zero on the diagonal.
    at = 0 if kind.factor == "lu" else 5
    matrix[at, at] = -1.0 if kind.factor == "cholesky" else 0.0
    ref = run("ref", launch, case, "f64", strided=False)
    host = run("host", launch, case, "f64", strided=False)
    assert not all(np.isfinite(v).all() for v in _written(launch, ref).values())
    for name, value in _written(launch, ref).items():
        assert np.array_equal(bits(value), bits(_written(launch, host)[name])), name


# --- cuda, on a GPU ------------------------------------------------------------------------

CUDA_READY, CUDA_REASON = cuda_available()
GPU_READY, GPU_REASON = gpu_available(need_pycuda=False)


def _cuda_cases() -> list:
    return [pytest.param(launch, backend, dtype, mode, id=f"{backend}-{launch}-{dtype}-{mode}")
            for launch in LAUNCHES for backend in template(launch).backends
            if backend in ("cublas", "cusolver") for dtype in ("f32", "f64")
            for mode in ("exact", "random")]


@pytest.mark.gpu
@pytest.mark.parametrize(("launch", "backend", "dtype", "mode"), _cuda_cases())
def test_cuda_is_ref_on_exact_inputs_and_within_the_bound(launch: str, backend: str,
                                                          dtype: str, mode: str):
    if not (CUDA_READY and GPU_READY):
        pytest.skip(CUDA_REASON or GPU_REASON)
    case = make_case(launch, 300, dtype, mode)
    for strided in (False, True):
        ref = run("ref", launch, case, dtype, strided)
        got = run(backend, launch, case, dtype, strided)
        if mode == "exact":
            for name, value in _written(launch, ref).items():
                assert np.array_equal(bits(value), bits(_written(launch, got)[name])), name
        else:
            bound = template(launch).backward_bound({"n": 300})
            assert backward_error(launch, dtype, case, got) <= bound


def test_every_launch_here_has_a_measure_in_the_ref_library():
    lib = shim_cdll("ref")
    for launch in LAUNCHES:
        for dtype in template(launch).dtypes:
            assert hasattr(lib, backward_symbol(launch, dtype)), launch
