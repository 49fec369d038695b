"""Strided views at run time: a softmax over groups at run-time strides
(inputs/strided), translated by polylift-cc and JIT-compiled, against gcc -O2
-ffp-contract=off bit for bit, for layouts where the dispatcher's guard holds (unit
stride, groups apart) and where it fails (stride 0 or 2, overlapping groups, output
aliasing input), and a probe build that says which version the guard picked."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import numpy as np
import pytest

from polylift.frontend import Signature, translate_file

from .jit import jit, same_bits
from .test_frontend_delinearize_diff import DELIN, FLAT, probe
from .test_frontend_diff import build_reference, run_mlir, run_reference

SOURCE = Path(__file__).parent / "inputs" / "strided" / "softmax_groups.c"
KERNEL = "kernel_softmax_groups"
N, BATCH, GROUPS = 5, 2, 3

# Per case: (stride, group_offset, batch_offset, output aliases input), and the version
# the guard must pick.
CASES = {
    "packed": ((1, N, N * GROUPS, False), DELIN),
    "padded": ((1, N + 2, (N + 2) * GROUPS + 1, False), DELIN),
    "stride0": ((0, N, N * GROUPS, False), FLAT),
    "stride2": ((2, 2 * N, 2 * N * GROUPS, False), FLAT),
    "overlapping_groups": ((1, N - 2, (N - 2) * GROUPS + 2, False), FLAT),
    "in_place": ((1, N, N * GROUPS, True), FLAT),
}


@cache
def _translated() -> tuple[str, Signature]:
    translation = translate_file(str(SOURCE), function=KERNEL)
    return translation.mlir, translation.signatures[KERNEL]


def _arguments(sig: Signature, case: str) -> list:
    stride, group_offset, batch_offset, in_place = CASES[case][0]
    size = (BATCH - 1) * batch_offset + (GROUPS - 1) * group_offset + (N - 1) * stride + 1
    data = (np.random.default_rng(3).standard_normal(size) * 4).astype(np.float32)
    output = data if in_place else np.full(size, -1.0, dtype=np.float32)
    values = {"input": data, "n": N, "batch": BATCH, "batch_offset": batch_offset,
              "groups": GROUPS, "group_offset": group_offset, "stride": stride,
              "temp": 0.5, "output": output}
    return [values[p.name] for p in sig.params]


def _copied(args: list) -> list:
    """A copy of the arguments that keeps arrays that were one array one array."""
    copies: dict[int, np.ndarray] = {}
    return [copies.setdefault(id(a), a.copy()) if isinstance(a, np.ndarray) else a
            for a in args]


def test_the_kernel_is_versioned() -> None:
    text, _ = _translated()
    for version in ("delinearized", "flat"):
        assert f"func.func private @{KERNEL}.{version}(" in text
    assert "strides: [%arg3, %arg5, 1]" in text


@pytest.mark.parametrize("case", sorted(CASES))
def test_each_version_matches_gcc(case: str, tmp_path: Path) -> None:
    text, sig = _translated()
    inputs = _arguments(sig, case)
    ref, got = _copied(inputs), _copied(inputs)
    run_reference(build_reference(SOURCE, tmp_path), sig, ref)
    run_mlir(jit(text), sig, got)
    last = max(i for i, p in enumerate(sig.params) if p.kind == "array")
    assert same_bits(ref[last], got[last])
    marked = _copied(inputs)
    run_mlir(jit(probe(text, KERNEL)), sig, marked)
    assert marked[last][0] == CASES[case][1]
