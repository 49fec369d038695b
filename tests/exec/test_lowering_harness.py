"""`polylift check --backend`: the lifted program's launches call the chosen backends'
shims, linked from their static libraries, and still compute the reference's results."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from polylift.cli.main import main
from polylift.harness.check import CheckOptions, check_benchmark

ROOT = Path(__file__).resolve().parents[2]
GEMM = ROOT / "benchmarks" / "linalg" / "gemm.c"


def _defined(program: Path) -> set[str]:
    table = subprocess.run(["nm", "--defined-only", str(program)], capture_output=True,
                           text=True, check=True).stdout
    return {line.split()[-1] for line in table.splitlines() if line.strip()}


@pytest.mark.parametrize("backend", ["ref", "host"])
def test_gemm_runs_the_backend_shim_within_the_template_bound(backend: str,
                                                             tmp_path: Path) -> None:
    # Native inputs: gemm's source computes (alpha*A)*B, the template alpha*(A*B), so the
    # verdict is PASS within blas.gemm's bound (BIT-EXACT would be luck, DIFF a bug).
    result = check_benchmark(GEMM, CheckOptions(backend=backend, keep=str(tmp_path)))
    assert result.verdict in ("BIT-EXACT", "PASS"), result.message
    assert result.launches == ("blas.gemm",)
    work = tmp_path / "kernel_gemm"
    lowered = (work / f"03-lowered-{backend}.mlir").read_text()
    assert f"call @polylift_{backend}_gemm_f64(" in lowered
    assert "kernel.launch" not in lowered
    assert f"polylift_{backend}_gemm_f64" in _defined(work / "lifted")


def test_a_backend_list_lowers_in_order_and_links_every_library(tmp_path: Path) -> None:
    # host implements gemm and jacobi1d; the chain's ref takes nothing here, but its
    # library is linked all the same (the lowering chain always ends in ref).
    options = CheckOptions(backend="host,ref", keep=str(tmp_path))
    result = check_benchmark(ROOT / "benchmarks" / "linalg" / "jacobi-1d.c", options)
    assert result.verdict == "BIT-EXACT", result.message
    work = tmp_path / "kernel_jacobi_1d"
    stages = sorted(p.name for p in work.glob("0*.mlir"))
    assert stages == ["00-affine.mlir", "01-linalg.mlir", "02-matched.mlir",
                      "03-lowered-host.mlir", "04-llvm-host.mlir"]
    assert "match-kernels,lower-kernel-launch-to-host,lower-kernel-launch-to-ref," \
        "lower-to-llvm" in (work / "repro.sh").read_text()
    assert "polylift_host_jacobi1d_f64" in _defined(work / "lifted")


def test_check_command_accepts_a_backend(capsys) -> None:
    assert main(["check", str(GEMM), "--backend", "host"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("kernel_gemm: ") and "blas.gemm" in out
