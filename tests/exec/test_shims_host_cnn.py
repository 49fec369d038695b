"""host shims of the CNN launches (polylift/templates/cnn.tpl), called through ctypes.

The host shims keep ref's per-element operations and ref's summation order over c, r, s
(only interleaved across a block of outputs), so `host` must equal `ref` bit for bit on
random normal inputs, though most of these templates only promise a ULP bound.
Views are contiguous or strided (a parent one larger before and padded after in every
dimension, 1-D vectors at increment 2); output rows hold two vectorised blocks of 16 and a
scalar tail. Nothing outside an output view may change, and an output that overlaps an
input (the plain-loop path) must still equal `ref`.
"""

from __future__ import annotations

import numpy as np
import pytest
from numpy.lib.stride_tricks import as_strided

from polylift.tdl.library import KernelTemplate, load_library
from tests.exec.shim_calls import call_shim, shim_cdll

CONV = {"x": "NCHW", "w": "KCRS", "y": "NKPQ", "z": "NKPQ", "b": "K", "scale": "K",
        "bias": "K", "mean": "K", "var": "K"}
PLANE = {"x": "NCHW", "y": "NCHW", "scale": "C", "bias": "C", "mean": "C", "var": "C"}
# The dimensions of every array, by launch.
DIMS = {"shortcut": PLANE, "batchnorm": PLANE, "conv2d": CONV, "conv_bias_relu": CONV,
        "conv_bias_relu_add": CONV, "conv_bn_relu": CONV}
# R != S catches a swapped filter stride; an odd K leaves one filter out of the pairs the
# host convolution computes together; Q = 37 is two blocks of 16 and a tail of 5; and
# H, W = P + R - 1, Q + S - 1 are the input extents of a convolution.
SIZES = {"N": 2, "C": 3, "K": 5, "R": 3, "S": 2, "P": 5, "Q": 37, "H": 7, "W": 38}
LIBRARY = load_library()


def _template(launch: str) -> KernelTemplate:
    (template,) = LIBRARY.by_launch(launch)
    return template


def _shape(launch: str, name: str) -> tuple[int, ...]:
    return tuple(SIZES[d] for d in DIMS[launch][name])


def _parent(rng: np.random.Generator, shape: tuple[int, ...], strided: bool, name: str):
    """A random parent buffer and the index of the view inside it."""
    if strided:
        if len(shape) == 1:
            full, index = (2 * shape[0] + 1,), (slice(1, 1 + 2 * shape[0], 2),)
        else:
            full = tuple(s + (4 if d == len(shape) - 1 else 3) for d, s in enumerate(shape))
            index = tuple(slice(1, 1 + s) for s in shape)
    else:
        full, index = shape, tuple(slice(0, s) for s in shape)
    parent = rng.standard_normal(full).astype(np.float32)
    if name == "var":  # a variance: sqrt(var + eps) stays real
        parent = np.abs(parent)
    return parent, index


def _setup(launch: str, strided: bool, seed: int):
    """Parents with view indices, and scalars, for one call (the same for ref and host)."""
    template = _template(launch)
    rng = np.random.default_rng(seed)
    parents, scalars = {}, {}
    for p in template.params:
        if p.kind == "array":
            parents[p.name] = _parent(rng, _shape(launch, p.name), strided, p.name)
        else:  # eps
            scalars[p.name] = float(np.float32(abs(rng.standard_normal()) * 1e-3))
    return parents, scalars


def _run(backend: str, launch: str, parents, scalars) -> dict[str, np.ndarray]:
    template = _template(launch)
    copies = {name: parent.copy() for name, (parent, _) in parents.items()}
    values = dict(scalars)
    for name, (_, index) in parents.items():
        values[name] = copies[name][index]
    values.update(SIZES)
    call_shim(shim_cdll(backend), template, backend, "f32", values)
    return copies


def _assert_same_bits(got: np.ndarray, want: np.ndarray, what: str) -> None:
    assert got.tobytes() == want.tobytes(), f"{what}: host differs from ref"


@pytest.mark.parametrize("strided", [False, True], ids=["contiguous", "strided"])
@pytest.mark.parametrize("launch", list(DIMS))
def test_host_equals_ref(launch: str, strided: bool) -> None:
    template = _template(launch)
    assert "host" in template.backends
    for seed in range(3):
        parents, scalars = _setup(launch, strided, seed)
        ref = _run("ref", launch, parents, scalars)
        host = _run("host", launch, parents, scalars)
        for p in template.params:
            if p.kind != "array":
                continue
            parent, index = parents[p.name]
            _assert_same_bits(host[p.name], ref[p.name], f"{launch} {p.name}")
            outside = np.ones(parent.shape, dtype=bool)
            outside[index] = False
            _assert_same_bits(host[p.name][outside], parent[outside], f"outside {p.name}")
            if p.role == "in":
                _assert_same_bits(host[p.name], parent, f"input {p.name}")
            else:  # the shim wrote the view
                assert not np.array_equal(host[p.name][index], parent[index])


def _overlapping(backend: str, launch: str, name: str, seed: int) -> np.ndarray:
    """Runs a launch whose input `name` and output y share one buffer.

    A 4-D input starts one element before y; a vector lies inside y's first row. Either
    way a later output reads an element that an earlier one wrote, so any reordering of
    the reads and writes would change the result.
    """
    parents, scalars = _setup(launch, False, seed)
    y_shape, in_shape = _shape(launch, "y"), _shape(launch, name)
    y_size, in_size = int(np.prod(y_shape)), int(np.prod(in_shape))
    y_at, in_at = (1, 0) if len(in_shape) == 4 else (0, 3)
    buffer = np.random.default_rng(seed + 100).standard_normal(y_size + in_size + 4)
    buffer = np.abs(buffer).astype(np.float32)  # also a valid variance
    values: dict = dict(scalars, **SIZES)
    for arr, (parent, index) in parents.items():
        values[arr] = parent.copy()[index]
    values[name] = buffer[in_at:in_at + in_size].reshape(in_shape)
    values["y"] = buffer[y_at:y_at + y_size].reshape(y_shape)
    call_shim(shim_cdll(backend), _template(launch), backend, "f32", values)
    return buffer


@pytest.mark.parametrize(("launch", "name"),
                         [("shortcut", "x"), ("batchnorm", "x"), ("batchnorm", "var"),
                          ("conv2d", "x"), ("conv2d", "w"), ("conv_bias_relu", "b"),
                          ("conv_bias_relu_add", "z"), ("conv_bn_relu", "mean")])
def test_overlapping_views_equal_ref(launch: str, name: str) -> None:
    for seed in range(2):
        ref = _overlapping("ref", launch, name, seed)
        host = _overlapping("host", launch, name, seed)
        _assert_same_bits(host, ref, f"{launch} with {name} overlapping y")


def _self_overlapping(backend: str, launch: str, seed: int) -> np.ndarray:
    """Runs a convolution whose output row (k, p) is the row (k + 1, p - 1) too."""
    parents, scalars = _setup(launch, False, seed)
    n, k, p, q = _shape(launch, "y")
    buffer = np.zeros(n * (k + p) * q, dtype=np.float32)
    item = buffer.itemsize
    values: dict = dict(scalars, **SIZES)
    for arr, (parent, index) in parents.items():
        values[arr] = parent.copy()[index]
    values["y"] = as_strided(buffer, (n, k, p, q), ((k + p) * q * item, q * item, q * item, item))
    call_shim(shim_cdll(backend), _template(launch), backend, "f32", values)
    return buffer


@pytest.mark.parametrize("launch", ["conv2d", "conv_bias_relu"])
def test_self_overlapping_output_equals_ref(launch: str) -> None:
    """Rows of y that alias each other: the last write in ref's order must win."""
    for seed in range(2):
        ref = _self_overlapping("ref", launch, seed)
        host = _self_overlapping("host", launch, seed)
        _assert_same_bits(host, ref, f"{launch} with overlapping rows of y")
