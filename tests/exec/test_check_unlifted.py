"""A kernel with no launch: the lifted program users get is the kernel as the reference's
compiler built it, the check still builds, runs and compares the MLIR one, and every
report of the check says that the source's own code runs."""

from __future__ import annotations

from pathlib import Path

import pytest

from polylift.harness.check import CheckOptions, check_benchmark
from polylift.harness.report import table, verdict_line
from polylift.harness.verdict import SOURCE_RUNS
from polylift.lowering.profile import Entry, Point, Profile

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
    # The C build links the benchmark's own object, as the reference does, and no
    # MLIR-compiled kernel; the MLIR build links its kernel object.
    commands = (work / "repro.sh").read_text().splitlines()
    from_c = next(c for c in commands if c.endswith("-o lifted-from-c"))
    reference = next(c for c in commands if c.endswith("-o reference"))
    assert from_c.split()[1:-2] == reference.split()[1:-2]
    assert "bench.ref.o" in from_c.split() and "05-object-host.o" not in from_c
    # The same objects make the same program: its speedup is 1 by construction.
    assert (work / "lifted-from-c").read_bytes() == (work / "reference").read_bytes()
    assert result.speedup == 1.0
    assert "05-object-host.o" in next(c for c in commands if c.endswith("-o lifted"))
    # What the check reports: the source's own code runs, and the MLIR build's time.
    assert result.source_runs and result.mlir_s is not None and result.mlir_s > 0
    assert SOURCE_RUNS in result.message
    line = verdict_line(result)
    assert "x (source)" in line.splitlines()[0] and "the MLIR build " in line
    assert table([result]).splitlines()[-1] == f"(source): {SOURCE_RUNS}"


def test_a_kernel_with_launches_links_the_mlir_build_only(tmp_path):
    source = ROOT / "benchmarks" / "linalg" / "gemm.c"
    result = check_benchmark(source, CheckOptions(backend="host", keep=str(tmp_path)))
    assert result.ok and result.launches
    assert not (tmp_path / "kernel_gemm" / "lifted-from-c").exists()
    assert not result.source_runs and result.mlir_s is None
    assert SOURCE_RUNS not in result.message and "(source)" not in table([result])


def test_explicit_passes_always_build_the_mlir_kernel(tmp_path):
    """A pass list of one's own (raising only, say) is what is asked to run."""
    source = ROOT / "benchmarks" / "linalg" / "floyd-warshall.c"
    options = CheckOptions(keep=str(tmp_path), passes=("raise-affine-to-linalg",
                                                       "lower-to-llvm"))
    result = check_benchmark(source, options)
    assert result.ok and not result.source_runs and SOURCE_RUNS not in result.message
    assert not (tmp_path / "kernel_floyd_warshall" / "lifted-from-c").exists()


def _gemm_profile(tmp_path: Path, points: tuple[Point, ...]) -> CheckOptions:
    """Check options of the profitable policy under a profile of gemm's host call."""
    path = tmp_path / "profile.json"
    path.write_text(Profile("test", (Entry("blas.gemm", "host", "f64", points),)).to_json())
    return CheckOptions(backend="host", keep=str(tmp_path / "keep"),
                        offload_policy="profitable", offload_profile=str(path))


def test_a_policy_that_keeps_every_launch_as_loops_runs_the_source(tmp_path):
    source = ROOT / "benchmarks" / "linalg" / "gemm.c"
    result = check_benchmark(source, _gemm_profile(tmp_path, (Point(1.0, 0.5),)))
    assert result.ok and result.launches == () and result.source_runs
    assert (tmp_path / "keep" / "kernel_gemm" / "lifted-from-c").exists()


def test_a_launch_guarded_at_run_time_keeps_the_mlir_build(tmp_path):
    """Small calls lose, large ones win: the launch is decided at run time, so it stays."""
    source = ROOT / "benchmarks" / "linalg" / "gemm.c"
    options = _gemm_profile(tmp_path, (Point(1.0, 0.5), Point(1e12, 2.0)))
    result = check_benchmark(source, options)
    matched = (tmp_path / "keep" / "kernel_gemm" / "02-matched.mlir").read_text()
    assert "scf.if" in matched and '"kernel.launch"(' in matched
    assert result.ok and result.launches == ("blas.gemm",) and not result.source_runs
    assert not (tmp_path / "keep" / "kernel_gemm" / "lifted-from-c").exists()
