"""host shims of the stencil launches (polylift/templates/stencils.tpl), called through ctypes.

The templates are `exact`, so `host` must equal `ref` bit for bit on every input: random
normal floats, integers over their full range (the 32-bit sums wrap) and coefficients
that fit 16 bits, random shifts.
Views are contiguous (the leading dimension is the row length, so halo reads run into the
neighbouring rows as a C array's would) or strided (padded rows, first element offset
inside a larger parent that holds the halo); rows are long enough for the vectorised
blocks and a scalar tail. Nothing outside an output view may change, and an output that
overlaps its input (the plain-loop path) must still equal `ref`.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from polylift.tdl.library import KernelTemplate, load_library
from tests.exec.shim_calls import NP_TYPES, call_shim, shim_cdll

# The halo each input reads around its view, (before, after) per dimension.
HALOS: dict[str, dict[str, tuple[tuple[int, int], ...]]] = {
    "jacobi2d": {"A": ((1, 1), (1, 1))},
    "heat3d": {"A": ((1, 1), (1, 1), (1, 1))},
    "fdtd2d_ey": {"hz": ((1, 0), (0, 0))},
    "fdtd2d_ex": {"hz": ((0, 0), (1, 0))},
    "fdtd2d_hz": {"ex": ((0, 0), (0, 1)), "ey": ((0, 1), (0, 0))},
    "conv3x3": {"A": ((1, 1), (1, 1))},
    "conv3x3_shift": {"A": ((1, 1), (1, 1))},
}
# Every array of a stencil launch is l x m x n or m x n; the rows hold two vectorised
# blocks of 16 and a tail of 5.
SIZES = {"l": 3, "m": 5, "n": 37}
LIBRARY = load_library()


def _template(launch: str) -> KernelTemplate:
    (template,) = LIBRARY.by_launch(launch)
    return template


CASES = [(launch, dtype) for launch in HALOS for dtype in _template(launch).dtypes]


def _fill(rng: np.random.Generator, shape: tuple[int, ...], dtype: str) -> np.ndarray:
    if dtype.startswith("f"):
        return rng.standard_normal(shape).astype(NP_TYPES[dtype])
    info = np.iinfo(NP_TYPES[dtype])
    return rng.integers(info.min, info.max, size=shape, endpoint=True, dtype=NP_TYPES[dtype])


def _parent(rng: np.random.Generator, shape: tuple[int, ...], halo, dtype: str,
            strided: bool) -> tuple[np.ndarray, tuple[slice, ...] | slice]:
    """A random parent buffer and the index of the view inside it."""
    if strided:  # one more element before the halo, padding after it in every dimension
        full = tuple(s + b + a + 1 + (3 if d == len(shape) - 1 else 2)
                     for d, (s, (b, a)) in enumerate(zip(shape, halo, strict=True)))
        index = tuple(slice(b + 1, b + 1 + s) for s, (b, _) in zip(shape, halo, strict=True))
        return _fill(rng, full, dtype), index
    # Contiguous: a flat buffer with a margin covering the halo on both sides.
    strides = [int(np.prod(shape[d + 1:])) for d in range(len(shape))]
    margin = sum(strides) + 1
    size = int(np.prod(shape))
    return _fill(rng, (size + 2 * margin,), dtype), slice(margin, margin + size)


def _view(parent: np.ndarray, index, shape: tuple[int, ...]) -> np.ndarray:
    view = parent[index]
    return view.reshape(shape) if parent.ndim == 1 else view


def _setup(template: KernelTemplate, dtype: str, strided: bool, seed: int):
    """Parents, view indices and scalars for one call (the same for ref and host)."""
    rng = np.random.default_rng(seed)
    halos = HALOS[template.launch]
    parents, scalars = {}, {}
    for p in template.params:
        if p.kind == "array":
            shape = tuple(SIZES[name] for name in ("l", "m", "n")[3 - p.rank:])
            halo = halos.get(p.name, ((0, 0),) * p.rank)
            parents[p.name] = (*_parent(rng, shape, halo, dtype, strided), shape)
        elif p.name == "shift":
            scalars[p.name] = int(rng.integers(0, 32))
        else:
            scalars[p.name] = _fill(rng, (), template.scalar_dtype(p.name, dtype)).item()
    return parents, scalars


def _run(backend: str, template: KernelTemplate, dtype: str, parents, scalars) -> dict:
    copies = {name: parent.copy() for name, (parent, _, _) in parents.items()}
    values = dict(scalars)
    for name, (_, index, shape) in parents.items():
        values[name] = _view(copies[name], index, shape)
    for size in template.sizes:
        values.setdefault(size.name, SIZES[size.name])
    call_shim(shim_cdll(backend), template, backend, dtype, values)
    return copies


def _assert_same_bits(got: np.ndarray, want: np.ndarray, what: str) -> None:
    assert got.tobytes() == want.tobytes(), f"{what}: host differs from ref"


@pytest.mark.parametrize("strided", [False, True], ids=["contiguous", "strided"])
@pytest.mark.parametrize(("launch", "dtype"), CASES)
def test_host_equals_ref(launch: str, dtype: str, strided: bool) -> None:
    template = _template(launch)
    assert "host" in template.backends
    for seed in range(3):
        parents, scalars = _setup(template, dtype, strided, seed)
        ref = _run("ref", template, dtype, parents, scalars)
        host = _run("host", template, dtype, parents, scalars)
        for p in template.params:
            if p.kind != "array":
                continue
            parent, index, shape = parents[p.name]
            _assert_same_bits(host[p.name], ref[p.name], f"{launch}_{dtype} {p.name}")
            outside = np.ones(parent.shape, dtype=bool)
            _view(outside, index, shape)[...] = False
            _assert_same_bits(host[p.name][outside], parent[outside], f"outside {p.name}")
            if p.role != "in":  # the shim wrote the view
                assert not np.array_equal(_view(host[p.name], index, shape),
                                          _view(parent, index, shape))


@pytest.mark.parametrize("strided", [False, True], ids=["contiguous", "strided"])
@pytest.mark.parametrize("dtype", ["i8", "i16", "i32"])
def test_conv3x3_shift_int16_coefficients(dtype: str, strided: bool) -> None:
    """Coefficients that fit int16_t (the 16-bit product path of 8- and 16-bit images)."""
    template = _template("conv3x3_shift")
    names = [p.name for p in template.params if p.kind == "scalar" and p.name != "shift"]
    for seed in range(3):
        parents, scalars = _setup(template, dtype, strided, seed)
        rng = np.random.default_rng(seed + 10)
        coefficients = rng.integers(-(2**15), 2**15, size=len(names))
        coefficients[:2] = (-(2**15), 2**15 - 1)  # the extremes, products near 2^30
        scalars.update(zip(names, (int(c) for c in coefficients), strict=True))
        ref = _run("ref", template, dtype, parents, scalars)
        host = _run("host", template, dtype, parents, scalars)
        _assert_same_bits(host["B"], ref["B"], f"conv3x3_shift_{dtype} B")


def _in_place(launch: str, dtype: str, backend: str, seed: int) -> np.ndarray:
    """Runs a launch whose output B is the input A shifted by one row (overlapping)."""
    template = _template(launch)
    rng = np.random.default_rng(seed)
    m, n = SIZES["m"], SIZES["n"]
    parent = _fill(rng, (m + 3, n + 2), dtype)
    values: dict[str, Any] = {"A": parent[1:1 + m, 1:1 + n], "B": parent[2:2 + m, 1:1 + n]}
    for p in template.params:
        if p.name == "shift":
            values[p.name] = int(rng.integers(0, 32))
        elif p.kind == "scalar":
            values[p.name] = _fill(rng, (), template.scalar_dtype(p.name, dtype)).item()
    call_shim(shim_cdll(backend), template, backend, dtype, values)
    return parent


@pytest.mark.parametrize(("launch", "dtype"),
                         [("jacobi2d", "f64"), ("conv3x3", "f32"), ("conv3x3_shift", "i16")])
def test_overlapping_views_equal_ref(launch: str, dtype: str) -> None:
    for seed in range(2):
        ref = _in_place(launch, dtype, "ref", seed)
        host = _in_place(launch, dtype, "host", seed)
        _assert_same_bits(host, ref, f"{launch}_{dtype} in place")

