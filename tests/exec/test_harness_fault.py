"""A planted fault in a template is caught: DIFF, with a reproducer that fails again.

`inputs/harness/planted/` holds a template that matches C += A.B^T but declares the
plain gemm launch (a swapped operand); loaded with `--templates`, it lowers
`gemm_bt.c`'s kernel to the ref gemm shim, which computes C += A.B.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from polylift.cli.main import main
from polylift.harness.check import CheckOptions, check_benchmark

INPUTS = Path(__file__).parent / "inputs" / "harness"
PLANTED = INPUTS / "planted"
SOURCE = INPUTS / "gemm_bt.c"


def test_without_the_planted_template_the_kernel_is_bit_exact():
    result = check_benchmark(SOURCE, CheckOptions(backend="ref"))
    assert result.verdict == "BIT-EXACT", result.message
    assert result.coverage == "FULL" and "planted.gemm_bt_as_nn" not in result.launches


@pytest.mark.parametrize("inputs", ["native", "exact"])
def test_planted_fault_is_a_diff_with_a_reproducer(tmp_path, inputs):
    options = CheckOptions(backend="ref", inputs=inputs, templates=(str(PLANTED),),
                           keep=str(tmp_path))
    result = check_benchmark(SOURCE, options)
    assert result.launches == ("planted.gemm_bt_as_nn",)
    assert result.verdict == "DIFF", result.message
    c = result.arrays[0]
    assert c.name == "C" and c.verdict == "DIFF" and c.differing > c.elements // 2
    repro = Path(result.reproducer or "")
    assert repro == tmp_path / "kernel_gemm_bt"
    script = (repro / "repro.sh").read_text()
    assert f"templates={PLANTED.resolve()}" in script
    for name in ("02-matched.mlir", "04-llvm-ref.ll", "lifted", "reference"):
        assert (repro / name).exists(), name
    # The script rebuilds both programs, reruns them, and its compare fails again.
    for stale in ("reference", "lifted", "reference.out", "lifted.out"):
        subprocess.run(["rm", "-rf", str(repro / stale)], check=True)
    path = os.pathsep.join([str(Path(sys.executable).parent), os.environ["PATH"]])
    replay = subprocess.run(["sh", "repro.sh"], cwd=repro, capture_output=True, text=True,
                            env={"PATH": path})
    assert replay.returncode != 0
    assert "differ" in replay.stdout + replay.stderr
    assert (repro / "lifted.out" / "C.bin").is_file()


def test_cli_reports_the_fault_and_exits_1(capsys):
    status = main(["check", str(SOURCE), "--templates", str(PLANTED)])
    out = capsys.readouterr().out
    assert status == 1
    assert out.startswith("kernel_gemm_bt: DIFF ")
    assert "planted.gemm_bt_as_nn" in out and "first at C[" in out
    reproducer = out.split("reproducer: ")[1].split()[0]
    assert (Path(reproducer) / "repro.sh").is_file()
    subprocess.run(["rm", "-rf", reproducer], check=True)
