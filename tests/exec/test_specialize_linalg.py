"""specialize-linalg keeps every bit: each module of the raising's differential inputs,
raised, is JIT-compiled before and after the named ops replace its generics, and both
runs on the same random inputs must agree bit for bit."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from polylift.mlir import new_context, parse_module
from polylift.passes.pipeline import Step, run_pipeline
from polylift.passes.registry import PassRun

from .test_raise_differential import first_difference

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
    differs = first_difference(raised, named, path.read_text(), seed=11)
    assert differs is None, f"{differs} ({remarks})"


def test_every_raised_kind_is_named():
    """The reductions, the dot, the matrix-vector products and the maps of the inputs
    all become named ops; only generics no named op states stay."""
    names: set[str] = set()
    for path in INPUTS:
        raised, _ = _run(path.read_text(), ["raise-affine-to-linalg"])
        named, _ = _run(raised, ["specialize-linalg"])
        names |= set(re.findall(r"\blinalg\.(\w+)", named))
    assert {"reduce", "map", "matvec", "matmul", "fill", "copy"} <= names, names
