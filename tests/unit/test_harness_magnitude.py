"""The magnitude run's generated C, and which kernels it applies to
(harness/comparison/magnitude.py)."""

from __future__ import annotations

import subprocess

from polylift.harness.comparison.magnitude import has_magnitudes, magnitude_source
from polylift.harness.comparison.shim_calls import magnitude_call, shim_calls
from polylift.harness.facts.coverage import Launch, LiftSummary
from polylift.harness.facts.param_exprs import Runs
from polylift.shims.header import INCLUDE_DIR, declared_symbols
from polylift.tdl.library import load_library

LIBRARY = load_library()


def test_every_polynomial_shim_gets_a_magnitude_wrapper_that_compiles(tmp_path):
    symbols = [s for b in ("ref", "host", "cublas") for s in declared_symbols(LIBRARY, b)]
    calls = [c for c in shim_calls(symbols, LIBRARY, with_ref=True)
             if magnitude_call(c.template, c.dtype) is not None]
    assert {"polylift_ref_gemv_acc_f64", "polylift_host_gemm_f32"} <= {c.symbol for c in calls}
    source = tmp_path / "magnitude.c"
    source.write_text(magnitude_source(calls))
    done = subprocess.run(["gcc", "-O2", "-Wall", "-Werror", f"-I{INCLUDE_DIR}", "-c",
                           str(source), "-o", str(tmp_path / "magnitude.o")],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr[-3000:]


def test_a_call_computes_the_ref_template_on_absolute_values():
    (gemv,) = shim_calls(["polylift_host_gemv_acc_f64"], LIBRARY)
    text = magnitude_source([gemv])
    assert "void __wrap_polylift_host_gemv_acc_f64(" in text
    # The outputs' old values made positive in place, packed absolute inputs, |alpha|.
    assert "polylift_audit_abs_views(polylift_views_, 1);" in text
    assert "__real_polylift_ref_gemv_acc_f64(m, n, fabs(alpha), polylift_abs_A_, n, " \
           "polylift_abs_x_, 1, y, incy);" in text


def _summary(*templates: str, residual: int = 0) -> LiftSummary:
    return LiftSummary(tuple(Launch(t, False, (), Runs(), "f64") for t in templates), residual)


def test_only_kernels_of_polynomial_launches_have_magnitudes():
    assert has_magnitudes(_summary("blas.fill2d", "blas.gemm_acc"), LIBRARY)
    # A residual loop computes what no template states; a division has no magnitude.
    assert not has_magnitudes(_summary("blas.gemm_acc", residual=1), LIBRARY)
    assert not has_magnitudes(_summary("cnn.batchnorm"), LIBRARY)
    assert not has_magnitudes(_summary(), LIBRARY)
