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
    item = _script().report_kernel(ROOT / "benchmarks" / "linalg" / "gramschmidt.c")
    # The norm (the square root of the sum of squares), Q's column k = A's column k
    # divided by R[k][k] and R's row k = Q[:, k]^T A are launches; the rank-1 update of A
    # stays, and is listed with the closest template.
    assert item["coverage"] == "PARTIAL" and item["fallback"] == {}
    assert [x["template"] for x in item["launches"]] == ["red.nrm2", "ew.divs",
                                                         "blas.gemv_t_zero1"]
    (residual,) = item["residual"]
    assert residual["op"] == "linalg.generic" and residual["at"] == "44:9", residual


def test_in_place_trmm_is_a_gemv_t_and_a_scaling_per_row():
    item = _script().report_kernel(ROOT / "benchmarks" / "linalg" / "trmm.c")
    assert item["coverage"] == "FULL" and item["residual"] == []
    assert [x["template"] for x in item["launches"]] == ["blas.gemv_t_acc1", "blas.scal"]


def test_launches_behind_an_alias_guard_are_counted():
    script = _script()
    item = script.report_kernel(ROOT / "tests" / "exec" / "inputs" / "alias" / "gemv.c")
    # No restrict: the launch is in the version that runs when A, x and y are apart.
    assert item["coverage"] == "FULL" and item["guarded_launches"] == 1
    assert [x["function"] for x in item["launches"]] == ["kernel_gemv.noalias"]
    assert item["alias_guarded"] == [["A", "y"], ["x", "y"]]
    assert item["fallback"] == {"kernel_gemv.flat": 2}
    lines = script.render("alias", "gemv", item)
    assert lines[1] == ("    1 launch(es) guarded at entry: they run when A and y, x and y "
                        "(which may alias) are apart")
    assert lines[2].startswith("    fallback @kernel_gemv.flat (taken when the entry guard "
                               "fails): 2 residual op(s)")
