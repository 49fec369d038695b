"""scripts/match_report.py: coverage per kernel, with a versioned kernel's fallback apart."""

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _script():
    spec = importlib.util.spec_from_file_location("match_report", ROOT / "scripts" /
                                                  "match_report.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_versioned_kernel_is_covered_by_its_delinearized_path():
    script = _script()
    item = script.report_kernel(ROOT / "benchmarks" / "cnn" / "gemm_tn.c")
    assert item["coverage"] == "FULL"
    assert [x["template"] for x in item["launches"]] == ["blas.gemm_tn_alpha"]
    assert item["residual"] == []
    # The flat fallback keeps its loops; they are listed apart, not hidden.
    assert item["fallback"] == {"kernel_gemm_tn.flat": 3}
    lines = script.render("cnn", "gemm_tn", item)
    assert lines[1].startswith("    fallback @kernel_gemm_tn.flat (taken when the "
                               "delinearisation guard fails): 3 residual op(s)")


def test_an_unversioned_kernel_counts_every_residual_op():
    item = _script().report_kernel(ROOT / "benchmarks" / "linalg" / "trmm.c")
    # Only the row scaling B[i][:] *= alpha is a launch; the triangular update stays.
    assert item["coverage"] == "PARTIAL" and item["fallback"] == {}
    assert [x["template"] for x in item["launches"]] == ["blas.scal"]
    assert item["residual"], "trmm's loops are left and must be listed"
