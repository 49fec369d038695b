"""ref and host shims of the BLAS and stencil launches, called through ctypes.

`ref` must equal a numpy evaluation in the template's canonical order bit for bit (numpy
rounds every operation in the array's type), `host` must equal `ref` bit for bit on exact
inputs (small integers times powers of two) and on every input for `exact` templates, and
stay within the template's ULP bound on random inputs. Views are contiguous or strided
(leading dimension > n, offset first element, inc 2), and nothing outside a view changes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from polylift.harness.comparison.compare import ulp_distance
from polylift.tdl.library import KernelTemplate, load_library
from tests.exec.shim_calls import NP_TYPES, call_shim, shim_cdll

SIZES = {"m": 7, "n": 9, "k": 13, "nb": 3}
HALO = {("jacobi1d", "A"): 1}  # the view starts at the centre tap: one element each side
SENTINEL = -12345.0

Values = dict[str, Any]


def _canon_dot(v: Values) -> dict:
    acc = v["r"][()]
    for i in range(v["x"].shape[0]):
        acc = acc + v["x"][i] * v["y"][i]
    return {"r": np.array(acc)}


def _canon_gemv(v: Values) -> dict:
    acc = v["y"].copy()
    for j in range(v["A"].shape[1]):
        acc = acc + v["alpha"] * (v["A"][:, j] * v["x"][j])
    return {"y": acc}


def _canon_gemv_t(v: Values) -> dict:
    acc = v["y"].copy()
    for i in range(v["A"].shape[0]):
        acc = acc + v["alpha"] * (v["A"][i, :] * v["x"][i])
    return {"y": acc}


def _scaled(v: Values, out: str):
    return np.zeros_like(v[out]) if v["beta"] == 0 else v["beta"] * v[out]


def _canon_gemm(v: Values) -> dict:
    c = _scaled(v, "C")
    for p in range(v["A"].shape[1]):
        c = c + v["alpha"] * (v["A"][:, p:p + 1] * v["B"][p:p + 1, :])
    return {"C": c}


def _canon_syrk(v: Values) -> dict:
    c = _scaled(v, "C")
    for p in range(v["A"].shape[1]):
        c = c + v["alpha"] * (v["A"][:, p:p + 1] * v["A"][:, p][None, :])
    return {"C": c}


def _canon_triangle(v: Values, term: Callable[[int], np.ndarray]) -> dict:
    """`C = beta * C` then `C += term(p)` for p ascending, on the lower triangle only
    (beta applied as written: these templates read C whatever beta is)."""
    lower = np.tril(np.ones(v["C"].shape, dtype=bool))
    c = np.where(lower, v["beta"] * v["C"], v["C"])
    for p in range(v["A"].shape[1]):
        c = np.where(lower, c + term(p), c)
    return {"C": c}


def _canon_syrk_lower(v: Values) -> dict:
    a = v["A"]
    return _canon_triangle(v, lambda p: (v["alpha"] * a[:, p:p + 1]) * a[:, p][None, :])


def _canon_syr2k_lower(v: Values) -> dict:
    a, b, alpha = v["A"], v["B"], v["alpha"]
    return _canon_triangle(v, lambda p: (a[:, p][None, :] * alpha) * b[:, p:p + 1]
                           + (b[:, p][None, :] * alpha) * a[:, p:p + 1])


def _canon_trmm(v: Values, upper: bool) -> dict:
    """c = 0, then c + (alpha * A[i,k]) * B[k,j] for k ascending where k >= i (upper) or
    k <= i (lower): rows outside the triangle add nothing."""
    a, b = v["A"], v["B"]
    rows = np.arange(a.shape[0])
    c = np.zeros_like(v["C"])
    for p in range(a.shape[1]):
        inside = (p >= rows) if upper else (p <= rows)
        c = np.where(inside[:, None], c + (v["alpha"] * a[:, p:p + 1]) * b[p:p + 1, :], c)
    return {"C": c}


def _canon_symm_lower(v: Values) -> dict:
    """c = beta * C (0 when beta == 0), then c + (alpha * A[i,k]) * B[k,j] for k = 0 .. i,
    then c + (alpha * A[k,i]) * B[k,j] for k = i+1 .. m-1: the lower triangle of A only."""
    a, b = v["A"], v["B"]
    rows = np.arange(a.shape[0])
    c = _scaled(v, "C")
    for p in range(a.shape[0]):
        term = np.where((p <= rows)[:, None], v["alpha"] * a[:, p:p + 1],
                        v["alpha"] * a[p, :][:, None])
        c = c + term * b[p:p + 1, :]
    return {"C": c}


def _canon_axpby(v: Values) -> dict:
    ax = v["alpha"] * v["x"]
    return {"y": ax if v["beta"] == 0 else ax + v["beta"] * v["y"]}


def _canon_jacobi(v: Values) -> dict:
    a, n = v["A_halo"], v["A"].shape[0]
    return {"B": v["c"] * ((a[0:n] + a[1:n + 1]) + a[2:n + 2])}


# The template's canonical order, written with numpy (one rounding per operation).
CANON: dict[str, Callable[[Values], dict]] = {
    "copy": lambda v: {"y": v["x"].copy()},
    "copy2d": lambda v: {"B": v["A"].copy()},
    "fill": lambda v: {"x": np.full_like(v["x"], v["alpha"])},
    "fill2d": lambda v: {"A": np.full_like(v["A"], v["alpha"])},
    "scal": lambda v: {"x": v["alpha"] * v["x"]},
    "scal2d": lambda v: {"A": v["alpha"] * v["A"]},
    "axpy": lambda v: {"y": v["y"] + v["alpha"] * v["x"]},
    "axpy2d": lambda v: {"B": v["B"] + v["alpha"] * v["A"]},
    "axpby": _canon_axpby,
    "dot": _canon_dot,
    "gemv_acc": _canon_gemv,
    "gemv_t_acc": _canon_gemv_t,
    "gemm": _canon_gemm,
    "syrk": _canon_syrk,
    "syrk_lower": _canon_syrk_lower,
    "syr2k_lower": _canon_syr2k_lower,
    "jacobi1d": _canon_jacobi,
    "trmm_upper": lambda v: _canon_trmm(v, upper=True),
    "trmm_lower": lambda v: _canon_trmm(v, upper=False),
    "symm_lower": _canon_symm_lower,
}


def _template(launch: str) -> KernelTemplate:
    return load_library().by_launch(launch)[0]


def _fill(rng: np.random.Generator, shape: tuple, dtype, mode: str, positive: bool):
    if mode == "exact":
        ints = rng.integers(-8, 9, size=shape)
        return (ints * 2.0 ** rng.integers(-2, 3, size=shape)).astype(dtype)
    low = 0.5 if positive else -1.0
    return rng.uniform(low, 1.0, size=shape).astype(dtype)


def _slicer(shape: tuple, halo: int, strided: bool):
    """(parent shape, parent -> data incl. halo, data -> view) for one array."""
    if len(shape) >= 2:
        if not strided:
            return shape, lambda p: p, lambda d: d
        pad = (2, 3, 1)[:len(shape)]  # an offset start and longer rows in every dim
        parent = tuple(e + 2 * q + 1 for e, q in zip(shape, pad, strict=True))
        window = tuple(slice(q, q + e) for e, q in zip(shape, pad, strict=True))
        return parent, lambda p: p[window], lambda d: d
    n = shape[0] if shape else 1
    total, step = n + 2 * halo, 2 if strided else 1
    to_view = (lambda d: d[halo:halo + n]) if shape else (lambda d: d[0:1].reshape(()))
    return (step * total + 1,), lambda p: p[1::step][:total], to_view


def make_values(launch: str, dtype: str, mode: str, strided: bool, seed: int = 0):
    """Scalars, and arrays as views of sentinel-filled parents; plus each parent and the
    mask of its elements outside the view (which a shim must not write)."""
    rng = np.random.default_rng(seed)
    tpl = _template(launch)
    t = NP_TYPES[dtype]
    positive = tpl.accuracy[0] == "reassoc"
    values: dict = {}
    guards: dict = {}
    for decl in tpl.ast.arrays:
        shape = tuple(SIZES[d] for d in decl.dims)
        pshape, to_data, to_view = _slicer(shape, HALO.get((launch, decl.name), 0), strided)
        parent = np.full(pshape, SENTINEL, dtype=t)
        data = to_data(parent)
        data[...] = _fill(rng, data.shape, t, mode, positive)
        values[decl.name], values[decl.name + "_halo"] = to_view(data), data.copy()
        outside = np.ones(pshape, dtype=bool)
        to_view(to_data(outside))[...] = False
        guards[decl.name] = (parent, outside, parent[outside].copy())
    for decl in tpl.ast.scalars:
        pick = rng.choice([0.5, 2.0, -1.0, 0.25]) if mode == "exact" else rng.uniform(0.5, 1.5)
        values[decl.name] = t(pick)
    return values, guards


def run(backend: str, launch: str, dtype: str, mode: str, strided: bool, **overrides):
    """Call one shim on fresh inputs; return (outputs, canonical outputs)."""
    tpl = _template(launch)
    values, guards = make_values(launch, dtype, mode, strided)
    values.update(overrides)
    canon = CANON.get(launch)  # launches without a numpy model are checked host vs ref
    expected = canon({k: np.array(v) if isinstance(v, np.ndarray) else v
                      for k, v in values.items()}) if canon else {}
    call_shim(shim_cdll(backend), tpl, backend, dtype, values)
    for name, (parent, outside, before) in guards.items():
        assert np.array_equal(parent[outside], before), \
            f"{backend} {launch}: wrote outside the view of {name}"
    outs = {p.name: np.array(values[p.name]) for p in tpl.params
            if p.kind == "array" and p.role != "in"}
    return outs, expected


def bits(a: np.ndarray) -> np.ndarray:
    """The raw bit patterns of a float array."""
    return np.ascontiguousarray(a).view(np.dtype(f"u{a.dtype.itemsize}"))


LAUNCHES = sorted(CANON)


def _host_blas_launches() -> list[str]:
    """Every f32/f64 launch with a host and a ref shim whose sizes are BLAS sizes (the
    stencil and CNN launches, and the solves and factorizations, which need inputs of
    their own, have tests of their own: test_shims_solvers.py; so do the indices of the
    extremum, whose joint update returns an int: test_shims_argreduction.py)."""
    found = set()
    for tpl in load_library().templates.values():
        sizes = {s.name for s in tpl.sizes}
        if {"ref", "host"} <= set(tpl.backends) and "f64" in tpl.dtypes \
                and sizes <= set(SIZES) and tpl.launch not in HALO_LAUNCHES \
                and tpl.accuracy[0] != "backward" \
                and not any(step.with_previous for step in tpl.ast.steps):
            found.add(tpl.launch)
    return sorted(found)


HALO_LAUNCHES = {"jacobi2d", "heat3d", "fdtd2d_ey", "fdtd2d_ex", "fdtd2d_hz", "conv3x3"}
HOST_LAUNCHES = _host_blas_launches()


@pytest.mark.parametrize("strided", [False, True], ids=["contiguous", "strided"])
@pytest.mark.parametrize("mode", ["exact", "random"])
@pytest.mark.parametrize("dtype", ["f32", "f64"])
@pytest.mark.parametrize("launch", LAUNCHES)
def test_ref_is_the_canonical_order(launch: str, dtype: str, mode: str, strided: bool):
    outs, expected = run("ref", launch, dtype, mode, strided)
    for name, want in expected.items():
        assert np.array_equal(bits(outs[name]), bits(np.asarray(want, dtype=outs[name].dtype)))


@pytest.mark.parametrize("strided", [False, True], ids=["contiguous", "strided"])
@pytest.mark.parametrize("mode", ["exact", "random"])
@pytest.mark.parametrize("dtype", ["f32", "f64"])
@pytest.mark.parametrize("launch", HOST_LAUNCHES)
def test_host_agrees_with_ref(launch: str, dtype: str, mode: str, strided: bool):
    ref, _ = run("ref", launch, dtype, mode, strided)
    host, _ = run("host", launch, dtype, mode, strided)
    kind, _ = _template(launch).accuracy
    bound = _template(launch).ulp_bound(SIZES)
    for name in ref:
        if mode == "exact" or kind == "exact":
            assert np.array_equal(bits(ref[name]), bits(host[name])), name
        else:
            assert int(ulp_distance(ref[name], host[name]).max()) <= bound, name


def _call_both(launch: str, dtype: str, prepare) -> tuple[dict, dict]:
    """Run ref and host on the same inputs, changed by `prepare(values)` first."""
    results = []
    for backend in ("ref", "host"):
        values, _ = make_values(launch, dtype, "exact", strided=True)
        prepare(values)
        call_shim(shim_cdll(backend), _template(launch), backend, dtype, values)
        results.append({p.name: np.array(values[p.name]) for p in _template(launch).params
                        if p.kind == "array" and p.role != "in"})
    return results[0], results[1]


@pytest.mark.parametrize("launch, out", [("gemm", "C"), ("syrk", "C"), ("axpby", "y"),
                                         ("symm_lower", "C")])
def test_beta_zero_does_not_read_the_output(launch: str, out: str):
    def prepare(values):
        values[out][...] = np.nan
        values["beta"] = values["beta"].dtype.type(0)

    ref, host = _call_both(launch, "f64", prepare)
    assert np.isfinite(ref[out]).all()
    assert np.array_equal(bits(ref[out]), bits(host[out]))


@pytest.mark.parametrize("launch", ["syrk_lower", "syr2k_lower"])
def test_triangle_reads_the_output_when_beta_is_zero(launch: str):
    # `C = beta * C` with beta = 0 keeps a NaN (CBLAS would not read C); the upper
    # triangle is never touched.
    def prepare(values):
        values["C"][...] = np.nan
        values["C"][1, 0] = -2.0
        values["beta"] = values["beta"].dtype.type(0)

    ref, host = _call_both(launch, "f64", prepare)
    lower = np.tril(np.ones(ref["C"].shape, dtype=bool))
    assert np.isnan(ref["C"][lower & (np.arange(ref["C"].shape[0])[:, None] != 1)]).all()
    assert np.isfinite(ref["C"][1, 0])
    assert np.isnan(ref["C"][~lower]).all()
    assert np.array_equal(bits(ref["C"]), bits(host["C"]))


@pytest.mark.parametrize("launch", ["scal", "axpy", "axpy2d", "gemm", "gemv_acc", "syrk",
                                    "syrk_lower", "syr2k_lower", "trmm_upper", "trmm_lower",
                                    "symm_lower"])
def test_alpha_zero_keeps_the_template_bits(launch: str):
    # alpha * x is -0 for negative x; OpenBLAS shortcuts alpha == 0 and would give +0.
    def prepare(values):
        values["alpha"] = values["alpha"].dtype.type(0)
        for name, value in values.items():
            if isinstance(value, np.ndarray) and value.ndim and not name.endswith("_halo"):
                value[...] = -np.abs(value) - 1
        if "beta" in values:
            values["beta"] = values["beta"].dtype.type(0)

    ref, host = _call_both(launch, "f32", prepare)
    for name in ref:
        assert np.array_equal(bits(ref[name]), bits(host[name])), name
        assert np.signbit(ref[name]).any() or launch != "scal"


SCALED = [(launch, p.name) for launch in HOST_LAUNCHES for p in _template(launch).params
          if p.name in ("alpha", "beta")]


@pytest.mark.parametrize("dtype", ["f32", "f64"])
@pytest.mark.parametrize("launch, which", SCALED)
def test_a_nan_scalar_keeps_the_template_bits(launch: str, which: str, dtype: str):
    # Found by polylift fuzz: OpenBLAS's ?scal turned a NaN alpha into +0, and ?syrk and
    # ?gemv scaled their output by a NaN beta to finite values.
    def prepare(values):
        values[which] = values[which].dtype.type(np.nan)

    ref, host = _call_both(launch, dtype, prepare)
    for name in ref:
        assert np.array_equal(bits(ref[name]), bits(host[name])), name
    assert any(np.isnan(ref[name]).any() for name in ref)


@pytest.mark.parametrize("launch", ["copy", "scal", "axpy", "dot"])
def test_negative_increments_follow_the_abi(launch: str):
    # Element i is at p[i * inc] for every inc, though polylift never emits inc < 0.
    def prepare(values):
        for name in ("x", "y"):
            if name in values:
                values[name] = values[name][::-1]

    ref, host = _call_both(launch, "f64", prepare)
    for name in ref:
        assert np.array_equal(bits(ref[name]), bits(host[name])), name
    values, _ = make_values(launch, "f64", "exact", strided=True)
    prepare(values)
    expected = CANON[launch]({k: np.array(v) if isinstance(v, np.ndarray) else v
                              for k, v in values.items()})
    call_shim(shim_cdll("host"), _template(launch), "host", "f64", values)
    for name, want in expected.items():
        assert np.array_equal(bits(np.array(values[name])), bits(np.asarray(want)))


@pytest.mark.parametrize("launch, upper", [("trmm_upper", True), ("trmm_lower", False)])
def test_trmm_reads_one_triangle_and_never_gives_minus_zero(launch: str, upper: bool):
    # A NaN in the triangle the template does not read stays out of C; B's rows of -0
    # give sums of zero products: +0, as the template (which starts at +0) gives.
    def prepare(values):
        a = values["A"]
        rows = np.arange(a.shape[0])
        unread = (rows[None, :] < rows[:, None]) if upper else (rows[None, :] > rows[:, None])
        a[unread] = np.nan
        a[~unread] = -np.abs(a[~unread]) - 1
        values["B"][::2, :] = -0.0
        values["alpha"] = values["alpha"].dtype.type(0.5)

    ref, host = _call_both(launch, "f64", prepare)
    assert np.isfinite(ref["C"]).all()
    assert (ref["C"] == 0).any() and not np.signbit(ref["C"][ref["C"] == 0]).any()
    assert np.array_equal(bits(ref["C"]), bits(host["C"]))


@pytest.mark.parametrize("backend", ["ref", "host"])
@pytest.mark.parametrize("dtype", ["f32", "f64"])
@pytest.mark.parametrize("m, n", [(7, 9), (9, 4), (1, 1), (1, 6), (5, 1)])
def test_symm_lower_is_the_symmetric_product_of_the_lower_triangle(backend: str, dtype: str,
                                                                   m: int, n: int):
    # A holds NaN above its diagonal: a shim that reads it there gives NaN. The result is
    # the product with the symmetric matrix the lower triangle stands for; ref has the
    # template's bits, host stays within the template's bound of them.
    rng = np.random.default_rng(m * 16 + n)
    t = NP_TYPES[dtype]
    lower = rng.uniform(-1.0, 1.0, (m, m)).astype(t)
    a = np.where(np.tri(m, dtype=bool), lower, t(np.nan))
    values = {"A": a, "B": rng.uniform(-1.0, 1.0, (m, n)).astype(t),
              "C": rng.uniform(-1.0, 1.0, (m, n)).astype(t), "alpha": t(0.75),
              "beta": t(-1.25)}
    inputs = {k: v.copy() if isinstance(v, np.ndarray) else v for k, v in values.items()}
    call_shim(shim_cdll(backend), _template("symm_lower"), backend, dtype, values)
    got = values["C"]
    assert np.isfinite(got).all()
    full = np.tril(lower) + np.tril(lower, -1).T
    want = 0.75 * (full.astype(np.float64) @ inputs["B"]) - 1.25 * inputs["C"]
    assert np.allclose(got, want, rtol=0, atol=m * 4 * np.finfo(t).eps)
    canon = _canon_symm_lower(inputs)["C"]
    if backend == "ref":
        assert np.array_equal(bits(got), bits(canon))
    else:
        bound = _template("symm_lower").ulp_bound({"m": m, "n": n})
        assert int(ulp_distance(canon, got).max()) <= bound
