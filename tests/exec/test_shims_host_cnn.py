"""host shims of the CNN launches (polylift/templates/cnn.tpl), called through ctypes.

The host shortcut and batch normalisation keep ref's per-element operations, so they
must equal `ref` bit for bit on random normal inputs. The host convolutions sum by
sgemm (host_conv_gemm.h), in another order than ref's, which their `reassoc` templates
allow: on exact inputs (small dyadic values, every sum exact) they must equal `ref` bit
for bit, and on inputs whose sums cannot cancel (positive terms) they must stay within
the template's ULP bound. Views are contiguous, strided (a parent one larger before and
padded after in every dimension, 1-D vectors at increment 2) or wide (rows more than
twice as far apart as their length: the input is packed before the gemms); output rows
hold two vectorised blocks of 16 and a scalar tail. Nothing outside an output view may
change. An output that overlaps an input (the plain-loop path) and one whose rows alias
each other (host_cnn.h's direct path, in ref's order) must still equal `ref` bit for bit.
"""

from __future__ import annotations

import numpy as np
import pytest
from numpy.lib.stride_tricks import as_strided

from polylift.harness.comparison.compare import ulp_distance
from polylift.tdl.library import KernelTemplate, load_library
from tests.exec.shim_calls import call_shim, shim_cdll

CONV = {"x": "NCHW", "w": "KCRS", "y": "NKPQ", "z": "NKPQ", "b": "K", "scale": "K",
        "bias": "K", "mean": "K", "var": "K"}
PLANE = {"x": "NCHW", "y": "NCHW", "scale": "C", "bias": "C", "mean": "C", "var": "C"}
# The dimensions of every array, by launch.
DIMS = {"shortcut": PLANE, "batchnorm": PLANE, "conv2d": CONV, "conv_bias_relu": CONV,
        "conv_bias_relu_add": CONV, "conv_bn_relu": CONV,
        "conv1x1": {"x": "NCHW", "w": "KC", "y": "NKHW"}}
# R != S catches a swapped filter stride; an odd K leaves one filter out of the pairs the
# host convolution computes together; Q = 37 is two blocks of 16 and a tail of 5; and
# H, W = P + R - 1, Q + S - 1 are the input extents of a convolution.
SIZES = {"N": 2, "C": 3, "K": 5, "R": 3, "S": 2, "P": 5, "Q": 37, "H": 7, "W": 38}
# Enough output rows of enough filters for the gemm workspace to take two chunks.
CHUNKED = {"N": 1, "C": 2, "K": 64, "R": 3, "S": 3, "P": 90, "Q": 190, "H": 92, "W": 192}
CONVS = ("conv2d", "conv_bias_relu", "conv_bias_relu_add", "conv_bn_relu", "conv1x1")
LAYOUTS = ("contiguous", "strided", "wide")
LIBRARY = load_library()


def _template(launch: str) -> KernelTemplate:
    (template,) = LIBRARY.by_launch(launch)
    return template


def _shape(launch: str, name: str, sizes=SIZES) -> tuple[int, ...]:
    return tuple(sizes[d] for d in DIMS[launch][name])


def _values(rng: np.random.Generator, shape: tuple[int, ...], values: str, name: str):
    """normal: N(0, 1); exact: multiples of 1/8 in [-1, 1] (every sum of products exact);
    positive: [0.5, 2), with the mean negative, so that no sum or difference cancels."""
    if values == "exact":
        data = rng.integers(-8, 9, size=shape) / 8.0
    elif values == "positive":
        data = rng.uniform(0.5, 2.0, size=shape) * (-1.0 if name == "mean" else 1.0)
    else:
        data = rng.standard_normal(shape)
    if name == "var":  # a variance: sqrt(var + eps) stays real
        data = np.abs(data)
    return data.astype(np.float32)


def _parent(rng: np.random.Generator, shape: tuple[int, ...], layout: str, name: str,
            values: str):
    """A random parent buffer and the index of the view inside it."""
    if layout == "contiguous":
        full, index = shape, tuple(slice(0, s) for s in shape)
    elif len(shape) == 1:
        full, index = (2 * shape[0] + 1,), (slice(1, 1 + 2 * shape[0], 2),)
    else:
        last = 4 if layout == "strided" else 2 * shape[-1] + 5
        full = tuple(s + (last if d == len(shape) - 1 else 3) for d, s in enumerate(shape))
        index = tuple(slice(1, 1 + s) for s in shape)
    return _values(rng, full, values, name), index


def _setup(launch: str, layout: str, seed: int, values: str = "normal", sizes=SIZES):
    """Parents with view indices, and scalars, for one call (the same for ref and host)."""
    template = _template(launch)
    rng = np.random.default_rng(seed)
    parents, scalars = {}, {}
    for p in template.params:
        if p.kind == "array":
            shape = _shape(launch, p.name, sizes)
            parents[p.name] = _parent(rng, shape, layout, p.name, values)
        else:  # eps
            scalars[p.name] = float(np.float32(abs(rng.standard_normal()) * 1e-3))
    return parents, scalars


def _run(backend: str, launch: str, parents, scalars, sizes=SIZES) -> dict[str, np.ndarray]:
    template = _template(launch)
    copies = {name: parent.copy() for name, (parent, _) in parents.items()}
    values = dict(scalars)
    for name, (_, index) in parents.items():
        values[name] = copies[name][index]
    values.update(sizes)
    call_shim(shim_cdll(backend), template, backend, "f32", values)
    return copies


def _assert_same_bits(got: np.ndarray, want: np.ndarray, what: str) -> None:
    assert got.tobytes() == want.tobytes(), f"{what}: host differs from ref"


def _assert_host_equals_ref(launch: str, layout: str, values: str, sizes=SIZES) -> None:
    """host against ref on the same call: every parent bit for bit, inputs unchanged,
    nothing outside an output view written, every output view written."""
    template = _template(launch)
    for seed in range(3):
        parents, scalars = _setup(launch, layout, seed, values, sizes)
        ref = _run("ref", launch, parents, scalars, sizes)
        host = _run("host", launch, parents, scalars, sizes)
        for p in template.params:
            if p.kind != "array":
                continue
            parent, index = parents[p.name]
            _assert_same_bits(host[p.name], ref[p.name], f"{launch} {p.name} ({values})")
            outside = np.ones(parent.shape, dtype=bool)
            outside[index] = False
            _assert_same_bits(host[p.name][outside], parent[outside], f"outside {p.name}")
            if p.role == "in":
                _assert_same_bits(host[p.name], parent, f"input {p.name}")
            else:  # the shim wrote the view
                assert not np.array_equal(host[p.name][index], parent[index])


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("launch", ["shortcut", "batchnorm"])
def test_host_equals_ref(launch: str, layout: str) -> None:
    assert "host" in _template(launch).backends
    _assert_host_equals_ref(launch, layout, "normal")


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("launch", CONVS)
def test_conv_on_exact_inputs_equals_ref(launch: str, layout: str) -> None:
    assert "host" in _template(launch).backends
    _assert_host_equals_ref(launch, layout, "exact")


@pytest.mark.parametrize("launch", ["conv2d", "conv_bias_relu_add"])
def test_conv_in_workspace_chunks_equals_ref(launch: str) -> None:
    _assert_host_equals_ref(launch, "strided", "exact", CHUNKED)


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("launch", CONVS)
def test_conv_stays_within_the_template_bound(launch: str, layout: str) -> None:
    """Positive terms: the bound's premise (sums that do not cancel) holds, so the gemm's
    order must stay within it; the sums are long enough (C*R*S = 18) to differ."""
    template = _template(launch)
    bound = template.ulp_bound(SIZES)
    differs = False
    for seed in range(3):
        parents, scalars = _setup(launch, layout, seed, "positive")
        ref = _run("ref", launch, parents, scalars)["y"][parents["y"][1]]
        host = _run("host", launch, parents, scalars)["y"][parents["y"][1]]
        distance = int(ulp_distance(ref, host).max())
        assert distance <= bound, f"{launch}: {distance} ULP, bound {bound}"
        differs |= distance > 0
    assert differs, "the gemm's order gave ref's bits on every input: nothing was checked"


def _overlapping(backend: str, launch: str, name: str, seed: int) -> np.ndarray:
    """Runs a launch whose input `name` and output y share one buffer.

    A 4-D input starts one element before y; a vector lies inside y's first row. Either
    way a later output reads an element that an earlier one wrote, so any reordering of
    the reads and writes would change the result.
    """
    parents, scalars = _setup(launch, "contiguous", seed)
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
    parents, scalars = _setup(launch, "contiguous", seed)
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
