"""specialize-linalg keeps every bit: each module of the raising's differential inputs,
raised, is JIT-compiled before and after the named ops replace its generics, and both
runs on the same random inputs must agree bit for bit."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest

from polylift.mlir import new_context, parse_module
from polylift.passes.pipeline import Step, run_pipeline
from polylift.passes.registry import PassRun

from .jit import call, jit, same_bits
from .test_raise_differential import make_args

INPUTS = sorted((Path(__file__).parent / "inputs" / "raise").glob("*.mlir"))


def _run(text: str, steps: list[str]) -> tuple[str, list[str]]:
    ctx = new_context()
    module = parse_module(text, ctx)
    run = PassRun()
    run_pipeline([Step(s) for s in steps], module, run)
    return str(module), [d.message for _, d in run.remarks]


@pytest.mark.parametrize("path", INPUTS, ids=[p.stem for p in INPUTS])
def test_named_ops_compute_the_generics_bits(path: Path):
    raised, _ = _run(path.read_text(), ["raise-affine-to-linalg"])
    named, remarks = _run(raised, ["specialize-linalg"])
    before, after = jit(raised), jit(named)
    for name, signature in re.findall(r"func\.func @(\w+)\(([^{]*)\)", path.read_text()):
        rng = np.random.default_rng(11)
        args = make_args(signature, rng)
        copy = [a.copy() if isinstance(a, np.ndarray) else a for a in args]
        call(before, name, args)
        call(after, name, copy)
        for k, (a, b) in enumerate(zip(args, copy, strict=True)):
            if isinstance(a, np.ndarray):
                assert same_bits(a, b), f"{name}: argument {k} differs ({remarks})"


def test_every_raised_kind_is_named():
    """The reductions, the dot, the matrix-vector products and the maps of the inputs
    all become named ops; only generics no named op states stay."""
    names: set[str] = set()
    for path in INPUTS:
        raised, _ = _run(path.read_text(), ["raise-affine-to-linalg"])
        named, _ = _run(raised, ["specialize-linalg"])
        names |= set(re.findall(r"\blinalg\.(\w+)", named))
    assert {"reduce", "map", "matvec", "matmul", "fill", "copy"} <= names, names
