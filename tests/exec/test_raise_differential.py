"""Differential tests of raise-affine-to-linalg: JIT each module before and after
raising, run both on the same random inputs, compare every array bit for bit."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest

from polylift.mlir import new_context, parse_module
from polylift.passes.pipeline import Step, run_pipeline
from polylift.passes.registry import PassRun

from .jit import call, jit, same_bits

INPUTS = sorted((Path(__file__).parent / "inputs" / "raise").glob("*.mlir"))
SIZES = [10, 12, 11, 9, 13, 8, 7]
DYNAMIC_DIM = 16
DTYPES = {"f64": np.float64, "f32": np.float32, "i32": np.int32, "i16": np.int16,
          "i8": np.int8, "i64": np.int64}


def raise_module(text: str) -> tuple[str, list[str]]:
    ctx = new_context()
    module = parse_module(text, ctx)
    run = PassRun()
    run_pipeline([Step("raise-affine-to-linalg")], module, run)
    return str(module), [d.message for _, d in run.remarks]


def make_args(signature: str, rng: np.random.Generator) -> list:
    args, sizes = [], iter(SIZES)
    for ty in re.findall(r"%\w+: ([^,)]+(?:<[^>]*>)?)", signature):
        ty = ty.strip()
        if ty == "index":
            args.append(next(sizes))
        elif ty.startswith("memref"):
            inner = ty[len("memref<"):-1]
            *dims, elem = inner.split("x") if "x" in inner else [inner]
            shape = [DYNAMIC_DIM if d == "?" else int(d) for d in dims]
            dtype = DTYPES[elem]
            if np.issubdtype(dtype, np.floating):
                args.append(rng.standard_normal(shape).astype(dtype))
            else:
                args.append(rng.integers(-20, 20, shape).astype(dtype))
        elif ty in ("f64", "f32"):
            args.append(DTYPES[ty](rng.standard_normal()))
        else:
            raise AssertionError(f"unhandled argument type {ty}")
    return args


@pytest.mark.parametrize("path", INPUTS, ids=[p.stem for p in INPUTS])
def test_raising_preserves_bits(path: Path):
    text = path.read_text()
    found = re.search(r"// EXPECT-GENERICS: (\d+)", text)
    assert found is not None, f"{path.name} says no EXPECT-GENERICS"
    expected = int(found.group(1))
    raised, remarks = raise_module(text)
    assert raised.count("linalg.generic") == expected, remarks
    assert "affine.for" not in raised or "// KEEPS-LOOPS" in text
    differs = first_difference(text, raised, text, seed=7)
    assert differs is None, differs


def first_difference(before_text: str, after_text: str, source: str, seed: int) -> str | None:
    """JIT both modules, call every function of `source` in each on the same random
    arguments, and say which array argument first differs in its bits (None if none)."""
    before, after = jit(before_text), jit(after_text)
    for name, signature in re.findall(r"func\.func @(\w+)\(([^{]*)\)", source):
        rng = np.random.default_rng(seed)
        args = make_args(signature, rng)
        copy = [a.copy() if isinstance(a, np.ndarray) else a for a in args]
        call(before, name, args)
        call(after, name, copy)
        for k, (a, b) in enumerate(zip(args, copy, strict=True)):
            if isinstance(a, np.ndarray) and not same_bits(a, b):
                return f"{name}: argument {k} differs"
    return None
