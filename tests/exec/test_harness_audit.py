"""The launch audit: when the outputs are outside the bound, each backend call is checked
against the ref shim on the data it was given (harness/audit.py).

- A planted lossy backend (`inputs/harness/lossy/`: a host shim that sums in float) is a
  DIFF that names the shim, the call and the element.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from polylift.harness.check import CheckOptions, check_benchmark

INPUTS = Path(__file__).parent / "inputs" / "harness"
LOSSY = INPUTS / "lossy"


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
