"""`polylift check` on programs whose launches run over empty ranges (issue 18's host
miscompile): a gemv over no columns, and the first row of a triangular nest, which sums
over nothing. OpenBLAS returned at once from those ?gemv calls without applying beta, so
the lifted programs kept the stale values main leaves in y and in W's first row (DIFF);
every generated shim now runs the template's loops when a size is zero.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from polylift.harness.check import CheckOptions, check_benchmark

ROOT = Path(__file__).resolve().parents[2]
INPUTS = Path(__file__).parent / "inputs" / "empty"
MODES = [(backend, inputs) for backend in ("ref", "host") for inputs in ("native", "exact")]


def _check(name: str, backend: str, inputs: str, work: Path):
    options = CheckOptions(backend=backend, inputs=inputs, keep=str(work),
                           include_dirs=(str(ROOT / "benchmarks" / "include"),))
    return check_benchmark(INPUTS / f"{name}.c", options)


@pytest.mark.parametrize(("backend", "inputs"), MODES)
def test_a_gemv_over_no_columns_sets_y_to_zero(backend: str, inputs: str,
                                                tmp_path: Path) -> None:
    result = _check("empty_reduction", backend, inputs, tmp_path)
    assert result.launches == ("blas.gemv_zero1",)
    assert result.verdict == "BIT-EXACT", result.message


@pytest.mark.parametrize(("backend", "inputs"), MODES)
def test_the_empty_first_row_of_a_triangle_is_zeroed(backend: str, inputs: str,
                                                      tmp_path: Path) -> None:
    result = _check("empty_first_row", backend, inputs, tmp_path)
    assert result.launches == ("blas.gemv_t_zero1",)
    # OpenBLAS sums a transposed gemv in its own order: on native (inexact) inputs the
    # host stays within the template's bound; on exact inputs every sum is exact.
    exact = backend == "ref" or inputs == "exact"
    assert result.verdict in (("BIT-EXACT",) if exact else ("BIT-EXACT", "PASS")), \
        result.message
