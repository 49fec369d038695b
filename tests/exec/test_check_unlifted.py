"""A kernel with no launch: the lifted program users get is the kernel as the reference's
compiler built it, and the check still builds, runs and compares the MLIR one."""

from __future__ import annotations

from pathlib import Path

import pytest

from polylift.harness.check import CheckOptions, check_benchmark

ROOT = Path(__file__).resolve().parents[2]
HAS_FRONTEND = hasattr(__import__("polylift.frontend", fromlist=["x"]), "translate_file")
pytestmark = pytest.mark.skipif(not HAS_FRONTEND, reason="the C front end is not built yet")


def test_nothing_lifted_runs_the_c_build_and_checks_the_mlir_one(tmp_path):
    source = ROOT / "benchmarks" / "linalg" / "floyd-warshall.c"
    result = check_benchmark(source, CheckOptions(backend="host", keep=str(tmp_path)))
    assert (result.verdict, result.coverage, result.launches) == ("BIT-EXACT", "NONE", ())
    work = tmp_path / "kernel_floyd_warshall"
    # Both programs ran: the MLIR build compared against the reference, the C one timed.
    assert (work / "lifted.out").is_dir() and (work / "lifted-from-c.out").is_dir()
    assert "lifted-from-c" in (work / "repro.sh").read_text()


def test_a_kernel_with_launches_links_the_mlir_build_only(tmp_path):
    source = ROOT / "benchmarks" / "linalg" / "gemm.c"
    result = check_benchmark(source, CheckOptions(backend="host", keep=str(tmp_path)))
    assert result.ok and result.launches
    assert not (tmp_path / "kernel_gemm" / "lifted-from-c").exists()


def test_explicit_passes_always_build_the_mlir_kernel(tmp_path):
    """A pass list of one's own (raising only, say) is what is asked to run."""
    source = ROOT / "benchmarks" / "linalg" / "floyd-warshall.c"
    options = CheckOptions(keep=str(tmp_path), passes=("raise-affine-to-linalg",
                                                       "lower-to-llvm"))
    assert check_benchmark(source, options).ok
    assert not (tmp_path / "kernel_floyd_warshall" / "lifted-from-c").exists()
