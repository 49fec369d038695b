"""A padded max pooling that keeps its argmax (`inputs/padded_argmax_pool.c`): the
raising versions its nest on the padding test holding at every point and raises that
version to one two-output generic. Both versions must compute the source's bits: the
raised one where no window reaches the padding, the kept loops where one does (and at
the edges of that condition). JIT before and after raising, on inputs with ties, signed
zeros, NaNs and values at -FLT_MAX."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from polylift.frontend import translate_file
from polylift.mlir import ir, new_context, parse_module

from .jit import call, jit, same_bits
from .test_raise_differential import raise_module

SOURCE = Path(__file__).parent / "inputs" / "padded_argmax_pool.c"
FLT_MAX = np.finfo(np.float32).max
# (h, w, size, stride, pad): windows inside the input (the raised version runs), and
# windows that reach the padding or beyond the input (the loops run).
INSIDE = [(8, 8, 2, 2, 0), (9, 7, 3, 2, 0), (8, 8, 2, 2, 1), (7, 7, 1, 1, 0), (6, 6, 2, 3, 0)]
# Windows past the bottom and right edges (padding 1 adds no offset: -1/2 is 0 in C),
# then windows before the top and left edges too, where the front end's own entry test
# (a view cannot start before its array) already picks the flat version.
PAST_EDGE = [(8, 8, 3, 2, 1), (7, 7, 2, 2, 1), (6, 6, 3, 1, 1)]
BEFORE_EDGE = [(6, 6, 3, 1, 2), (5, 7, 3, 2, 2), (4, 4, 2, 2, 4), (8, 8, 2, 2, 3)]


@pytest.fixture(scope="module")
def engines():
    text = translate_file(str(SOURCE)).mlir
    raised, remarks = raise_module(text)
    assert any(r.startswith("versioned: the bounds test") for r in remarks), remarks
    assert any("the extremum of each window" in r for r in remarks), remarks
    return jit(text), jit(raised), jit(_without_fallback(raised))


def _without_fallback(raised: str) -> str:
    """The raised module with the else arm of the versioning branch emptied: it writes
    nothing where the test fails, so a run shows which version ran."""
    ctx = new_context()
    module = parse_module(raised, ctx)
    with ctx:
        branches: list[ir.Operation] = []

        def visit(op: ir.Operation) -> ir.WalkResult:
            if op.name == "scf.if" and any(o.operation.name == "linalg.generic"
                                           for o in op.regions[0].blocks[0].operations):
                branches.append(op)
            return ir.WalkResult.ADVANCE

        module.operation.walk(visit, ir.WalkOrder.POST_ORDER)
        assert len(branches) == 1
        ops = [o.operation for o in branches[0].regions[1].blocks[0].operations]
        for op in reversed(ops[:-1]):
            op.erase()
    return str(module)


def _outputs(h: int, w: int, size: int, stride: int, pad: int) -> tuple[int, int]:
    """The framework's output size: (h + pad - size) / stride + 1."""
    return (h + pad - size) // stride + 1, (w + pad - size) // stride + 1


def _input(rng: np.random.Generator, count: int) -> np.ndarray:
    values = rng.integers(-3, 3, count).astype(np.float32)
    special = np.array([np.nan, -0.0, 0.0, -FLT_MAX, -np.inf], np.float32)
    spots = rng.integers(0, count, count // 4)
    values[spots] = special[rng.integers(0, len(special), len(spots))]
    return values


def _run(engine, layer: tuple[int, ...]) -> tuple[np.ndarray, np.ndarray]:
    h, w, size, stride, pad = layer
    batch, channels = 2, 3
    out_h, out_w = _outputs(h, w, size, stride, pad)
    rng = np.random.default_rng(h * 100 + pad)
    x = _input(rng, batch * channels * h * w)
    out = np.full(batch * channels * out_h * out_w, 7.0, np.float32)
    idx = np.full(out.size, 7, np.int32)
    call(engine, "pool", [batch, channels, h, w, out_h, out_w, size, stride, pad, x, out,
                          idx])
    return out, idx


@pytest.mark.parametrize("layer", INSIDE + PAST_EDGE + BEFORE_EDGE, ids=str)
def test_both_versions_keep_the_first_maximum_and_its_index(engines, layer) -> None:
    source, raised, _ = engines
    out_a, idx_a = _run(source, layer)
    out_b, idx_b = _run(raised, layer)
    assert same_bits(out_a, out_b)
    assert same_bits(idx_a, idx_b)
    assert (idx_a >= -1).all() and (out_a != 7.0).all()  # every point was written


@pytest.mark.parametrize("layer", INSIDE, ids=str)
def test_the_raised_version_runs_where_no_window_reaches_the_padding(engines, layer) -> None:
    source, _, fast_only = engines
    out_a, idx_a = _run(source, layer)
    out_b, idx_b = _run(fast_only, layer)
    assert same_bits(out_a, out_b) and same_bits(idx_a, idx_b)


@pytest.mark.parametrize("layer", PAST_EDGE, ids=str)
def test_the_loops_run_where_a_window_reaches_the_padding(engines, layer) -> None:
    _, _, fast_only = engines
    out, idx = _run(fast_only, layer)
    assert (out == 7.0).all() and (idx == 7).all()


def test_random_layers_keep_the_source_bits(engines) -> None:
    """Thirty layers drawn at random (windows larger and smaller than the stride, any
    padding), whichever version runs."""
    source, raised, _ = engines
    draw = np.random.default_rng(2026)
    for _ in range(30):
        size, stride = int(draw.integers(1, 5)), int(draw.integers(1, 4))
        h, w = int(draw.integers(size, 11)), int(draw.integers(size, 11))
        layer = (h, w, size, stride, int(draw.integers(0, 2 * size)))
        out_a, idx_a = _run(source, layer)
        out_b, idx_b = _run(raised, layer)
        assert same_bits(out_a, out_b) and same_bits(idx_a, idx_b), layer
