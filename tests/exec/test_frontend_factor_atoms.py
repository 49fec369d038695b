"""A row stride that is a difference (`y[j*(a - b) + i]`) at run time: the stride is
an entry atom, so y gets a view under a guard (`a - b >= n`); translated by polylift-cc
and JIT-compiled, against gcc -O2 -ffp-contract=off bit for bit, where the guard holds
(packed and padded rows) and where it fails (overlapping rows, rows that do not
advance), and a probe build that says which version the guard picked."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import numpy as np
import pytest

from polylift.frontend import Signature, translate_file

from .jit import jit, same_bits
from .test_frontend_delinearize_diff import DELIN, FLAT, probe
from .test_frontend_diff import build_reference, run_mlir, run_reference

SOURCE = Path(__file__).parent / "inputs" / "factor" / "row_difference.c"
KERNEL = "kernel_row_difference"
ROWS, N = 4, 5

# Per case: (a, b) with row stride a - b, and the version the guard must pick.
CASES = {
    "packed": ((N + 3, 3), DELIN),
    "padded": ((N + 9, 7), DELIN),
    "overlapping_rows": ((N + 1, 3), FLAT),
    "same_row": ((6, 6), FLAT),
}


@cache
def _translated() -> tuple[str, Signature]:
    translation = translate_file(str(SOURCE), function=KERNEL)
    return translation.mlir, translation.signatures[KERNEL]


def _arguments(sig: Signature, case: str) -> list:
    a, b = CASES[case][0]
    size = (ROWS - 1) * max(a - b, 0) + N
    rng = np.random.default_rng(5)
    values = {"rows": ROWS, "n": N, "a": a, "b": b,
              "x": (rng.standard_normal(ROWS * N) * 4).astype(np.float32),
              "y": (rng.standard_normal(size) * 4).astype(np.float32)}
    return [values[p.name] for p in sig.params]


def test_the_stride_is_an_entry_atom() -> None:
    text, _ = _translated()
    for version in ("delinearized", "flat"):
        assert f"func.func private @{KERNEL}.{version}(" in text
    assert "memref<?x?xf32, strided<[?, 1]>>" in text
    assert "arith.subi" in text.split(f"@{KERNEL}.delinearized(")[0]


@pytest.mark.parametrize("case", sorted(CASES))
def test_each_version_matches_gcc(case: str, tmp_path: Path) -> None:
    text, sig = _translated()
    inputs = _arguments(sig, case)
    ref = [a.copy() if isinstance(a, np.ndarray) else a for a in inputs]
    got = [a.copy() if isinstance(a, np.ndarray) else a for a in inputs]
    run_reference(build_reference(SOURCE, tmp_path), sig, ref)
    run_mlir(jit(text), sig, got)
    last = max(i for i, p in enumerate(sig.params) if p.kind == "array")
    assert same_bits(ref[last], got[last])
    assert not same_bits(ref[last], inputs[last])  # the kernel wrote something
    marked = [a.copy() if isinstance(a, np.ndarray) else a for a in inputs]
    run_mlir(jit(probe(text, KERNEL)), sig, marked)
    assert marked[last][0] == CASES[case][1]
