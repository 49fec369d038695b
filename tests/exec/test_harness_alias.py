"""`polylift check` on kernels whose `main` passes overlapping arguments.

Each program of inputs/alias has no `restrict` and calls its kernel on overlapping
arrays first (x == y, y = x + 1, C also A, B = A shifted by one row) and on distinct
ones last; every call's outputs are compared (`y`, `y@2`, ...). The in-place calls must
take the fallback (the original loops, bit for bit) and the others the launch. With
-DALIAS_RESTRICT the same kernels say `restrict` and are called on distinct arrays only:
no guard, the launch as before.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from polylift.harness.check import (
    CheckOptions,
    CheckResult,
    check_benchmark,
    frontend_translator,
)
from polylift.harness.comparison.compare import BIT_EXACT, DIFF, PASS
from polylift.harness.suite import check_suite

INPUTS = Path(__file__).parent / "inputs" / "alias"
RESTRICT = "ALIAS_RESTRICT"

# kernel -> (its launch, the arrays each program dumps: in-place calls first)
KERNELS = {
    "axpy": ("blas.axpy", ["y", "y@2"]),
    "copy": ("blas.copy", ["y", "y@2"]),
    "gemm": ("blas.gemm", ["C", "C@2"]),
    "gemv": ("blas.gemv_zero1", ["y", "y@2", "y@3"]),
    "stencil": ("stencil.jacobi2d", ["B", "B@2"]),
}
CONFIGS = [("ref", "x86_64"), ("host", "x86_64"), ("ref", "aarch64"), ("host", "aarch64")]
# The restrict programs change nothing but the qualifier: one target per backend.
RESTRICT_CONFIGS = [("ref", "x86_64"), ("host", "aarch64")]


@cache
def _results(backend: str, target: str, restrict: bool) -> dict[str, CheckResult]:
    """Every kernel checked once per configuration (two at a time)."""
    options = CheckOptions(backend=backend, target=target,
                           defines=(RESTRICT,) if restrict else ())
    sources = [INPUTS / f"{name}.c" for name in sorted(KERNELS)]
    results = check_suite(sources, options, progress=False, jobs=2)
    return {r.benchmark: r for r in results}


@pytest.mark.parametrize("name", sorted(KERNELS))
@pytest.mark.parametrize(("backend", "target"), CONFIGS)
def test_overlapping_arguments_compute_the_source_bits(name: str, backend: str,
                                                       target: str) -> None:
    result = _results(backend, target, False)[name]
    launch, dumped = KERNELS[name]
    assert result.verdict in (BIT_EXACT, PASS), result.message
    assert result.coverage == "FULL" and list(result.launches) == [launch]
    verdicts = {c.name: c.verdict for c in result.arrays}
    assert list(verdicts) == dumped
    # The in-place call runs the original loops: the source's bits exactly.
    assert verdicts[dumped[0]] == BIT_EXACT, result.message


@pytest.mark.parametrize("name", sorted(KERNELS))
@pytest.mark.parametrize(("backend", "target"), RESTRICT_CONFIGS)
def test_restrict_kernels_have_no_guard(name: str, backend: str, target: str) -> None:
    result = _results(backend, target, True)[name]
    launch, dumped = KERNELS[name]
    assert result.verdict in (BIT_EXACT, PASS), result.message
    assert list(result.launches) == [launch]
    assert [c.name for c in result.arrays] == dumped[:1]
    mlir, _ = frontend_translator(INPUTS / f"{name}.c", [], [RESTRICT], f"kernel_{name}")
    assert "polylift." not in mlir and ".flat" not in mlir and "scf.if" not in mlir


def test_assuming_distinct_arrays_of_an_in_place_call_is_a_diff(tmp_path: Path) -> None:
    """--assume-noalias is a promise the in-place gemv breaks: the launch runs on x == y
    and the check, which compares every call, says so."""
    result = check_benchmark(INPUTS / "gemv.c", CheckOptions(assume_noalias=True,
                                                            keep=str(tmp_path)))
    assert result.verdict == DIFF
    verdicts = {c.name: c.verdict for c in result.arrays}
    # The third call reads the v the first one wrote; the second, on M, is exact.
    assert verdicts == {"y": DIFF, "y@2": BIT_EXACT, "y@3": DIFF}
