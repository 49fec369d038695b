"""The launch audit's generated C and its record format (harness/comparison/audit.py)."""

from __future__ import annotations

import subprocess

import pytest

from polylift.harness.comparison.audit import AUDIT_FILE, audit_source, read_audit
from polylift.harness.comparison.figures import INFINITE_ULP
from polylift.harness.comparison.shim_calls import shim_calls, wrap_flags
from polylift.shims.header import INCLUDE_DIR, declared_symbols
from polylift.tdl.checks import BACKENDS
from polylift.tdl.library import load_library

LIBRARY = load_library()


@pytest.mark.parametrize("backend", [b for b in BACKENDS if b != "ref"])
def test_every_shim_of_a_backend_gets_a_wrapper_that_compiles(tmp_path, backend):
    symbols = declared_symbols(LIBRARY, backend)
    shims = shim_calls(symbols, LIBRARY)
    assert [s.symbol for s in shims] == sorted(symbols)
    source = tmp_path / "audit.c"
    source.write_text(audit_source(shims))
    done = subprocess.run(["gcc", "-O2", "-Wall", "-Werror", f"-I{INCLUDE_DIR}", "-c",
                           str(source), "-o", str(tmp_path / "audit.o")],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    text = source.read_text()
    for shim in shims:
        assert f"void __wrap_{shim.symbol}(" in text
        assert f"__real_{shim.symbol}(" in text
    assert wrap_flags([shims[0].symbol]) == (f"-Wl,--wrap={shims[0].symbol}",)


def test_ref_shims_and_other_names_are_not_audited():
    shims = shim_calls(["polylift_ref_gemm_f64", "memcpy", "polylift_host_gemm_f64",
                           "polylift_host_nosuchlaunch_f64", "polylift_host_gemm_i8"],
                          LIBRARY)
    assert [(s.symbol, s.backend, s.template.launch, s.dtype) for s in shims] == \
        [("polylift_host_gemm_f64", "host", "gemm", "f64")]


def test_a_polynomial_template_gets_a_magnitude_run_and_batchnorm_does_not():
    gemv, batchnorm = shim_calls(["polylift_host_gemv_t_f64",
                                     "polylift_host_batchnorm_f32"], LIBRARY)[::-1]
    text = audit_source([gemv])
    assert "polylift_abs_A_ = polylift_audit_abs_copy" in text
    # The magnitude run: packed absolute copies, absolute scalars.
    assert "polylift_ref_gemv_t_f64(m, n, fabs(alpha), polylift_abs_A_, n, " \
           "polylift_abs_x_, 1, fabs(beta), y, incy)" in text
    assert "polylift_abs_" not in audit_source([batchnorm])


def test_records_read_back_sorted_with_their_first_failure(tmp_path):
    (tmp_path / AUDIT_FILE).write_text(
        "launch polylift_host_gemv_t_f64 calls 20 failed 0 max_ulp 6 bound 92\n"
        "launch polylift_host_dot_f64 calls 3 failed 1 max_ulp 18446744073709551615 bound 40\n"
        "first call 2, r[]: ref 1 (0x3ff0000000000000), backend nan (0x7ff8000000000000), "
        "inf ULP, bound 40\n")
    dot, gemv = read_audit(tmp_path / AUDIT_FILE)
    assert (gemv.calls, gemv.failed_calls, gemv.max_ulp, gemv.bound) == (20, 0, 6, 92)
    assert gemv.describe() == "polylift_host_gemv_t_f64: 20 call(s), max 6 ULP (bound 92)"
    assert dot.max_ulp == INFINITE_ULP and dot.first.startswith("call 2, r[]")
    assert "1 call(s) outside the bound, first at call 2" in dot.describe()
    assert read_audit(tmp_path / "missing.txt") == []
