"""The launch audit: when the outputs are outside the bound, each backend call is checked
against the ref shim on the data it was given (harness/comparison/audit.py).

- Gram-Schmidt divides by norms it computes from earlier launches, so a host gemv and
  norm within a few ULP of the templates' order move the outputs by hundreds: the audit
  finds every call within its bound and the ref run BIT-EXACT, and the check PASSes.
- Correlation's column sums cancel (centred data): per element, the host's reordering
  is millions of ULP of the tiny result, but a few ULP of the sum of |terms|.
- A planted lossy backend (`inputs/harness/lossy/`: a host shim that sums in float) is a
  DIFF that names the shim, the call and the element.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from polylift.harness.check import CheckOptions, check_benchmark

ROOT = Path(__file__).resolve().parents[2]
LINALG = ROOT / "benchmarks" / "linalg"
INPUTS = Path(__file__).parent / "inputs" / "harness"
LOSSY = INPUTS / "lossy"


@pytest.mark.parametrize("inputs", ["native", "exact"])
def test_gramschmidt_amplifies_its_launches_and_the_audit_passes_them(inputs):
    result = check_benchmark(LINALG / "gramschmidt.c",
                             CheckOptions(backend="host", inputs=inputs))
    assert result.launches == ("red.nrm2", "ew.divs", "blas.gemv_t_zero1")
    # The outputs are outside the templates' bounds: the kernel amplifies the launches.
    assert any(c.verdict == "DIFF" for c in result.arrays), result.message
    assert result.verdict == "PASS", result.message
    records = {r.symbol: r for r in result.audit}
    assert set(records) == {"polylift_host_nrm2_f64", "polylift_host_divs_f64",
                            "polylift_host_gemv_t_f64"}
    for record in records.values():
        assert record.calls == 20 and record.failed_calls == 0  # one per column at MINI
        assert record.max_ulp <= record.bound
    # The gemv sums in OpenBLAS's order; the division is exact.
    assert records["polylift_host_gemv_t_f64"].max_ulp > 0
    assert records["polylift_host_divs_f64"].bound == 0
    assert "with the ref results in place the outputs are BIT-EXACT" in result.message


def test_cancelling_sums_are_held_to_the_precision_of_their_terms():
    result = check_benchmark(LINALG / "correlation.c",
                             CheckOptions(backend="host", size="SMALL"))
    assert result.verdict == "PASS", result.message
    gemv = [r for r in result.audit if r.symbol == "polylift_host_gemv_t_f64"]
    assert gemv and gemv[0].failed_calls == 0 and gemv[0].max_ulp <= gemv[0].bound


def test_a_kernel_that_divides_keeps_the_template_bound_with_exact_inputs():
    # Correlation divides by standard deviations before its gemv: exact inputs do not
    # keep the gemv's sums exact, so the launch keeps its declared bound.
    result = check_benchmark(LINALG / "correlation.c",
                             CheckOptions(backend="host", inputs="exact"))
    assert result.verdict in ("BIT-EXACT", "PASS"), result.message
    assert result.ulp_bound > 0


@pytest.mark.parametrize("inputs", ["native", "exact"])
def test_a_lossy_backend_is_a_diff_that_names_the_call(inputs):
    options = CheckOptions(backend="host", inputs=inputs, templates=(str(LOSSY),))
    result = check_benchmark(INPUTS / "colsumsq.c", options)
    assert result.launches == ("audit.colsumsq",)
    if inputs == "exact":
        # Small dyadic squares: even a float sum of them is exact.
        assert result.verdict == "BIT-EXACT", result.message
        return
    assert result.verdict == "DIFF", result.message
    (record,) = result.audit
    assert record.symbol == "polylift_host_colsumsq_f64"
    assert record.calls == 1 and record.failed_calls == 1
    assert record.max_ulp > record.bound == 2 * 40 + 16
    assert record.first.startswith("call 1, s[")
    assert "outside the bound" in result.message
    assert result.reproducer and (Path(result.reproducer) / "audit.c").is_file()


def test_the_lossy_template_with_ref_is_bit_exact():
    options = CheckOptions(backend="ref", templates=(str(LOSSY),))
    result = check_benchmark(INPUTS / "colsumsq.c", options)
    assert result.verdict == "BIT-EXACT" and not result.audit
