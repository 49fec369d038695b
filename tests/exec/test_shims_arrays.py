"""ref and host shims of the element-wise, activation, blend and reduction launches,
through ctypes.

The `ref` shims are generated from the templates' expressions (shims/render/expr_c.py); here
numpy evaluates the same templates on its own (one rounding per operation in the array's
type, C's max and min as `where`, int arithmetic with truncating division for pixels)
and the ref shim must give those bits, on inputs with NaN, infinities and signed zeros.
`host` must give the ref bits for every `exact` template (element-wise maps, blends,
max and min reductions: NaN and zeros included) and stay within the template's bound for
the reordered sums. Views are packed, strided (increment 2) and, for matrices, padded
rows; the elements outside a view keep their sentinel.
"""

from __future__ import annotations

import ctypes
import ctypes.util
from typing import Any

import numpy as np
import pytest

from polylift.harness.comparison.compare import ulp_distance
from polylift.tdl.ast import Access, And, Bin, Call, Compare, Cond, Expr, Neg, Num, Ref
from polylift.tdl.library import KernelTemplate, load_library
from tests.exec.shim_calls import NP_TYPES, call_shim, shim_cdll

LIBRARY = load_library()
# Vectors and matrices. A joint update (the index of the extremum) and the forms over a
# grid of rows (x[b, g, i], softmax's) have their own tests: test_shims_argreduction.py
# and test_shims_softmax_rows.py.
ARRAYS = sorted(name for name, tpl in LIBRARY.templates.items()
                if name.split(".")[0] in ("ew", "act", "blend", "red")
                and not any(step.with_previous for step in tpl.ast.steps)
                and all(len(decl.dims) <= 2 for decl in tpl.ast.arrays))
SIZES = {"m": 5, "n": 53}
SENTINEL = {"f": -12345.0, "u": 177}
SPECIALS = np.array([np.nan, np.inf, -np.inf, 0.0, -0.0, 1.0, -1.0])

Values = dict[str, Any]


def _evaluate(e: Expr, env: dict, kind: Any) -> Any:
    """A template expression with numpy, as the template states it."""
    go = lambda x: _evaluate(x, env, kind)  # noqa: E731
    if isinstance(e, Access | Ref):
        return env[str(e) if isinstance(e, Access) else e.name]
    if isinstance(e, Num):
        return np.array(e.value).astype(kind)
    if isinstance(e, Bin) and e.op == "/" and np.issubdtype(kind, np.integer):
        a, b = go(e.lhs), go(e.rhs)
        return (np.trunc(np.asarray(a, np.float64) / b)).astype(kind)  # C truncates
    if isinstance(e, Bin):
        a, b = go(e.lhs), go(e.rhs)
        return {"+": np.add, "-": np.subtract, "*": np.multiply, "/": np.divide}[e.op](a, b)
    if isinstance(e, Neg):
        return np.negative(go(e.operand))
    if isinstance(e, Call):
        args = [go(a) for a in e.args]
        if e.fn == "max":
            return np.where(args[0] > args[1], args[0], args[1])
        if e.fn == "min":
            return np.where(args[0] < args[1], args[0], args[1])
        return {"abs": np.abs, "sqrt": np.sqrt, "exp": np.exp, "tanh": np.tanh}[e.fn](args[0])
    if isinstance(e, Compare):
        return {"<": np.less, "<=": np.less_equal, ">": np.greater, ">=": np.greater_equal,
                "==": np.equal, "!=": np.not_equal}[e.op](go(e.lhs), go(e.rhs))
    if isinstance(e, And):
        return np.logical_and(go(e.lhs), go(e.rhs))
    assert isinstance(e, Cond)
    return np.where(go(e.test), go(e.then), go(e.other))


def expected(tpl: KernelTemplate, dtype: str, values: Values) -> dict[str, np.ndarray]:
    """Every written array after the template's steps, evaluated by numpy."""
    kind = np.int32 if tpl.accumulate else NP_TYPES[dtype]
    out = {d.name: values[d.name].copy() for d in tpl.ast.arrays if d.role != "in"}
    for _, step in tpl.element_steps:
        target = step.target
        assert isinstance(target, Access)
        env = {p.name: np.asarray(values[p.name]).astype(kind) if tpl.accumulate
               else values[p.name] for p in tpl.params if p.kind == "scalar"}
        reduced = sorted({v for a in _accesses(step.value) for ix in a.indices
                          for v in ix.vars} - {v for ix in target.indices for v in ix.vars})
        if not reduced:
            env.update(_elements(step.value, values, out, kind))
            env[str(target)] = out[target.array]
            value = _evaluate(step.value, env, kind)
            if step.op == "+=":
                value = out[target.array] + value
            out[target.array][...] = np.asarray(value).astype(NP_TYPES[dtype])
            continue
        (index,) = reduced
        count = next(values[a.array].shape[0] for a in _accesses(step.value)
                     if a.indices and a.indices[0].vars == (index,))
        for i in range(count):  # one element at a time, in order
            env.update({str(a): values[a.array][i] for a in _accesses(step.value)
                        if a.array != target.array})
            env[str(target)] = out[target.array][()]
            value = _evaluate(step.value, env, kind)
            if step.op == "+=":
                value = out[target.array][()] + value
            out[target.array][()] = value
    return out


def _accesses(e: Expr) -> list[Access]:
    if isinstance(e, Access):
        return [e]
    children = [getattr(e, f) for f in ("lhs", "rhs", "operand", "test", "then", "other")
                if hasattr(e, f)] + list(getattr(e, "args", ()))
    return [a for c in children for a in _accesses(c)]


def _elements(e: Expr, values: Values, out: dict, kind: Any) -> dict:
    env = {}
    for a in _accesses(e):
        array = out.get(a.array, values[a.array])
        env[str(a)] = array.astype(kind) if kind == np.int32 else array
    return env


def _arguments(tpl: KernelTemplate, dtype: str, layout: str, seed: int,
               special: bool) -> tuple[Values, dict[str, np.ndarray]]:
    rng = np.random.default_rng(seed)
    np_type = NP_TYPES[dtype]
    values: Values = {}
    parents: dict[str, np.ndarray] = {}
    for decl in tpl.ast.arrays:
        shape = tuple(SIZES[d] for d in decl.dims)
        step = 2 if layout == "strided" and len(shape) == 1 else 1
        pshape = (3,) if not shape else ((shape[0] + 1) * step + 2,) if len(shape) == 1 \
            else (shape[0] + 2, shape[1] + (5 if layout == "strided" else 0) + 2)
        sentinel = SENTINEL[np.dtype(np_type).kind if np_type != np.float64 else "f"]
        parent = np.full(pshape, sentinel, dtype=np_type)
        view = parent[1:2].reshape(()) if not shape else \
            parent[1:1 + shape[0] * step:step] if len(shape) == 1 else \
            parent[1:1 + shape[0], 1:1 + shape[1]]
        if decl.role != "out":
            view[...] = _inputs(rng, view.shape, np_type, special, len(parents))
        parents[decl.name], values[decl.name] = parent, view
    for decl in tpl.ast.scalars:
        values[decl.name] = np_type(decl.fixed if decl.fixed is not None
                                    else rng.integers(-4, 5) * 0.75 + 0.5)
    return values, parents


def _inputs(rng: np.random.Generator, shape: tuple, np_type: Any, special: bool,
            ordinal: int) -> np.ndarray:
    """Random values; with `special`, the first 49 elements of the arrays (in parameter
    order, `ordinal`) run through every pair of special values (NaN, infinities, +0 and
    -0, +-1), so each operand meets each other one."""
    if np.issubdtype(np_type, np.integer):
        return rng.integers(0, 256, size=shape).astype(np_type)  # every pixel value
    values = rng.standard_normal(shape) * 4
    if special and shape:
        flat = values.reshape(-1)
        pairs = min(flat.size, len(SPECIALS) ** 2)
        k = np.arange(pairs)
        flat[:pairs] = SPECIALS[(k // len(SPECIALS) ** (ordinal % 2)) % len(SPECIALS)]
    return values.astype(np_type)


def _cases(backend: str = "ref"):
    """(template, dtype, layout) of every array template that lists `backend`."""
    for name in ARRAYS:
        tpl = LIBRARY.templates[name]
        if backend not in tpl.backends:
            continue
        for dtype in tpl.dtypes:
            for layout in ("packed", "strided"):
                yield pytest.param(name, dtype, layout, id=f"{name}-{dtype}-{layout}")


def _run(tpl: KernelTemplate, backend: str, dtype: str, layout: str, special: bool
         ) -> tuple[Values, dict[str, np.ndarray]]:
    values, parents = _arguments(tpl, dtype, layout, seed=3, special=special)
    call_shim(shim_cdll(backend), tpl, backend, dtype, values)
    return values, parents


def _same_bits(a: np.ndarray, b: np.ndarray) -> bool:
    return a.tobytes() == b.tobytes()


@pytest.mark.parametrize(("name", "dtype", "layout"), list(_cases()))
def test_ref_is_the_template_evaluated_in_order(name: str, dtype: str, layout: str) -> None:
    tpl = LIBRARY.templates[name]
    special = tpl.accuracy[0] == "exact"
    inputs, _ = _arguments(tpl, dtype, layout, seed=3, special=special)
    want = expected(tpl, dtype, inputs)
    got, parents = _run(tpl, "ref", dtype, layout, special)
    for array, value in want.items():
        if "exp" in str(tpl.ast.steps) or "tanh" in str(tpl.ast.steps):
            # The C library's exp and tanh are the template's; numpy's may round otherwise.
            assert np.all(ulp_distance(value, got[array]) <= 1), name
            continue
        assert _same_bits(value, got[array]), f"{name} {array}: {value} != {got[array]}"


@pytest.mark.parametrize(("name", "dtype", "layout"), list(_cases("host")))
def test_host_gives_the_ref_bits_or_stays_in_bound(name: str, dtype: str, layout: str) -> None:
    tpl = LIBRARY.templates[name]
    exact = tpl.accuracy[0] == "exact"
    _, ref = _run(tpl, "ref", dtype, layout, special=exact)
    _, host = _run(tpl, "host", dtype, layout, special=exact)
    for decl in tpl.ast.arrays:
        if exact or decl.role == "in":  # whole parents: nothing outside a view changes
            assert _same_bits(ref[decl.name], host[decl.name]), \
                f"{name} {decl.name}:\n{ref[decl.name]}\n{host[decl.name]}"
            continue
        bound = tpl.ulp_bound(SIZES)
        assert int(ulp_distance(ref[decl.name], host[decl.name]).max()) <= bound, name


def test_the_maximum_keeps_the_zero_met_first() -> None:
    """Lanes would find the largest value but not which zero the ordered loop keeps: the
    host shim reruns the loop there, so -0 first stays -0."""
    tpl = LIBRARY.templates["red.maxval"]
    for first, second in ((-0.0, 0.0), (0.0, -0.0)):
        x = np.full(64, -1.0)
        x[10], x[40] = first, second
        for backend in ("ref", "host"):
            r = np.zeros((), dtype=np.float64)
            call_shim(shim_cdll(backend), tpl, backend, "f64",
                      {"x": x, "r": r, "s": np.float64(-np.inf)})
            assert np.signbit(r) == np.signbit(first), backend


def test_the_largest_magnitude_skips_nans_and_keeps_the_start_zero() -> None:
    """|x| never takes a NaN element, and from s = -0 a vector of zeros leaves -0 (no
    |x| = +0 is greater): the host shim's lanes and rerun give the ordered loop's bits."""
    tpl = LIBRARY.templates["red.amaxval"]
    cases = [(np.array([1.0, np.nan, -4.0, 4.0, 2.0] * 8), -0.0, 4.0),
             (np.array([0.0, -0.0] * 16), -0.0, -0.0),
             (np.array([-2.0] * 32), np.nan, np.nan)]
    for x, s, want in cases:
        for backend in ("ref", "host"):
            r = np.zeros((), dtype=np.float64)
            call_shim(shim_cdll(backend), tpl, backend, "f64", {"x": x, "r": r, "s": s})
            assert r.tobytes() == np.float64(want).tobytes(), (backend, x[:4], s, r)


def test_a_blend_computes_cs_integer_arithmetic() -> None:
    """Overlay at a few pixels, by hand: promotion to int, truncating division, narrowing."""
    tpl = LIBRARY.templates["blend.overlay"]
    a = np.array([0, 127, 128, 255, 200], dtype=np.uint8)
    b = np.array([255, 255, 100, 0, 50], dtype=np.uint8)
    want = [0, 254, 101, 255, 167]  # e.g. 255 - 2 * 55 * 205 / 255 = 255 - 88 (truncated)
    for backend in ("ref", "host"):
        o = np.zeros(5, dtype=np.uint8)
        call_shim(shim_cdll(backend), tpl, backend, "u8", {"a": a, "b": b, "o": o})
        assert o.tolist() == want, backend


BLENDS = [name for name in ARRAYS if name.startswith("blend.")]


@pytest.mark.parametrize("name", BLENDS)
def test_host_blends_every_pair_of_pixels_as_ref(name: str) -> None:
    """Every (a, b) of 0..255 x 0..255, and a few more (n = 65541, not a multiple of a
    vector), packed from an odd offset, where the host shim runs its vectorised row (in
    16-bit lanes for overlay): the ref bits at every pixel, the sentinels around untouched."""
    tpl = LIBRARY.templates[name]
    n = 256 * 256 + 5
    pairs = np.arange(n) % (256 * 256)
    outs = []
    for backend in ("ref", "host"):
        o = np.full(n + 4, SENTINEL["u"], dtype=np.uint8)
        a = np.zeros(n + 3, dtype=np.uint8)
        a[3:] = pairs % 256
        b = (pairs // 256).astype(np.uint8)
        call_shim(shim_cdll(backend), tpl, backend, "u8", {"a": a[3:], "b": b, "o": o[1:n + 1]})
        outs.append(o)
    assert _same_bits(outs[0], outs[1]), name
    assert outs[0][0] == outs[0][-1] == SENTINEL["u"]


def _libm_expsum(x: np.ndarray, t: np.float32, m: np.float32, s: np.float32, in_place: bool
                 ) -> tuple[np.ndarray, np.ndarray]:
    """ew.expsum_scaled's steps with the C library's expf, one element at a time: the
    map, then the sum from s in order, each exponential again from x (from the stored
    values when y is x)."""
    expf = ctypes.CDLL(ctypes.util.find_library("m")).expf
    expf.argtypes, expf.restype = [ctypes.c_float], ctypes.c_float
    f32 = np.float32
    f = lambda v: f32(expf(f32(f32(v) / f32(t)) - f32(f32(m) / f32(t))))  # noqa: E731
    y = np.array([f(v) for v in x], dtype=f32)
    total = f32(s)
    for v in (y if in_place else x):
        total = f32(total + f(v))
    return y, np.array(total, dtype=f32)


@pytest.mark.parametrize("in_place", [False, True])
def test_the_exponentials_and_their_sum_are_the_c_librarys_in_order(in_place: bool) -> None:
    """softmax's pass (ew.expsum_scaled) on 53 values, x read with increment 2 and y an
    offset view: ref and host give y and the sum of the C library's expf in order, bit
    for bit. In place (y is x), the template's sum reads the stored exponentials: the
    host shim may not fuse the pass there, and gives ref's bits."""
    tpl = LIBRARY.templates["ew.expsum_scaled"]
    rng = np.random.default_rng(21)
    source = (rng.standard_normal(53) * 3).astype(np.float32)
    t, m, s = np.float32(0.5), np.float32(source.max()), np.float32(0.25)
    want_y, want_r = _libm_expsum(source, t, m, s, in_place)
    if in_place:  # not the sum of a fused pass: the check could not fail otherwise
        assert want_r != _libm_expsum(source, t, m, s, False)[1]
    for backend in ("ref", "host"):
        x = np.full(2 * 53 + 3, -12345.0, dtype=np.float32)[1:1 + 2 * 53:2]
        x[...] = source
        parent = np.full(60, -12345.0, dtype=np.float32)
        y = x if in_place else parent[3:56]
        r = np.full((), -1.0, dtype=np.float32)
        call_shim(shim_cdll(backend), tpl, backend, "f32",
                  {"x": x, "y": y, "r": r, "t": t, "m": m, "s": s})
        assert _same_bits(np.ascontiguousarray(y), want_y), backend
        assert _same_bits(r, want_r), (backend, r, want_r)
        if not in_place:
            assert _same_bits(x, source), backend
            assert np.all(parent[:3] == -12345.0) and np.all(parent[56:] == -12345.0)
