"""lower-masked-generics computes the same bits as lowering the masked box upstream.

Each function of the pass's lit test is JIT-compiled twice, with the triangle loops
and with upstream's loops over the whole box (where the select keeps the elements
outside the triangle), and run on the same random arrays; every array must match bit
for bit, so the skipped points really are the ones the mask keeps unchanged.
"""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest

from .jit import call, jit, same_bits

LIT = Path(__file__).resolve().parents[1] / "lit" / "passes" / "lower-masked-generics.mlir"
CHUNKS = [c for c in LIT.read_text().split("// -----") if "func.func" in c]
DYNAMIC = 6


def _args(signature: str, rng: np.random.Generator) -> list:
    args = []
    for ty in re.findall(r"%\w+: ([^,)]+(?:<[^>]*>)?)", signature):
        if ty.startswith("memref"):
            *dims, elem = ty[len("memref<"):-1].split("x")
            shape = [DYNAMIC if d == "?" else int(d) for d in dims]
            args.append(rng.standard_normal(shape).astype({"f64": np.float64,
                                                           "f32": np.float32}[elem]))
        else:
            args.append({"f64": np.float64, "f32": np.float32}[ty](rng.standard_normal()))
    return args


def _found(pattern: str, text: str) -> re.Match[str]:
    found = re.search(pattern, text)
    assert found is not None, f"no {pattern!r} in the test input"
    return found


@pytest.mark.parametrize("chunk", CHUNKS, ids=[_found(r"@(\w+)\(", c).group(1)
                                               for c in CHUNKS])
def test_triangle_loops_equal_the_masked_box(chunk: str):
    name, signature = _found(r"func\.func @(\w+)\(([^{]*)\)", chunk).groups()
    results = []
    for masked_loops in (True, False):
        args = _args(signature, np.random.default_rng(7))
        call(jit(chunk, masked_loops=masked_loops), name, args)
        results.append(args)
    for got, want in zip(*results, strict=True):
        if isinstance(got, np.ndarray):
            assert same_bits(got, want)
