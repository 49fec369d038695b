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


def _launch(template: str, reads: tuple[str, ...] = (), writes: tuple[str, ...] = ()) -> Launch:
    return Launch(template, False, (), Runs(), "f64", (), reads, writes)


def _summary(*launches: Launch, residual_reads: tuple[str, ...] = ()) -> LiftSummary:
    return LiftSummary(launches, len(residual_reads), (), residual_reads)


def test_kernels_of_polynomial_launches_have_magnitudes():
    fill = _launch("blas.fill2d", (), ("C",))
    gemm = _launch("blas.gemm_acc", ("A", "B", "C"), ("C",))
    assert has_magnitudes(_summary(fill, gemm), LIBRARY)
    # A division has no magnitude, and no launch none.
    assert not has_magnitudes(_summary(_launch("cnn.batchnorm", ("x",), ("y",))), LIBRARY)
    assert not has_magnitudes(_summary(), LIBRARY)


def test_residual_code_apart_from_the_reordered_sums_keeps_the_magnitudes():
    gemm = _launch("blas.gemm_acc", ("A", "B", "C"), ("C",))
    # Loops kept beside the launch (F += F) that read nothing it writes: the verdict of
    # the product is the same as without them.
    assert has_magnitudes(_summary(gemm, residual_reads=("F",)), LIBRARY)
    # Loops that read what the reordered sum wrote (1 / C[i][0]) could amplify its
    # rounding without bound: no magnitude holds them.
    assert not has_magnitudes(_summary(gemm, residual_reads=("C", "F")), LIBRARY)


def test_an_exact_launch_counts_as_the_source_unless_it_reads_a_reordered_sum():
    ger2 = _launch("blas.ger2", ("u", "v", "p", "w", "E3"), ("E3",))
    before = _launch("stencil.fdtd2d_hz", ("V", "E", "F"), ("V",))
    after = _launch("stencil.fdtd2d_hz", ("E3", "E", "F"), ("V",))
    assert has_magnitudes(_summary(before, ger2), LIBRARY)
    assert not has_magnitudes(_summary(ger2, after), LIBRARY)
