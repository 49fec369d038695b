"""Runs of polylift-opt in one process share one MLIR context per thread
(`cli.opt.run_context`): nothing of a run may show in the next, and a thread never
gets another thread's context (a context without threads of its own is not safe to
share)."""

import subprocess
import sys
import threading
from pathlib import Path

from polylift.cli.opt import main, run_context, run_opt
from polylift.frontend import translate_file
from polylift.harness.check import default_include_dirs

ROOT = Path(__file__).resolve().parents[2]
PIPELINE = ["--raise-affine-to-linalg", "--match-kernels", "--lower-kernel-launch-to-host",
            "--lower-kernel-launch-to-ref", "--lower-to-llvm"]
BROKEN = """func.func @f(%a: memref<4xf32>) {
  %x = arith.addf %a, %a : f32
  return
}
"""


def _affine(tmp_path: Path, kernel: str) -> Path:
    source = ROOT / "benchmarks" / "linalg" / f"{kernel}.c"
    text = translate_file(str(source), default_include_dirs(source), ["MINI_DATASET"],
                          "*").mlir
    path = tmp_path / f"{kernel}.mlir"
    path.write_text(text)
    return path


def _fresh_process(path: Path, out: Path) -> str:
    done = subprocess.run([sys.executable, "-m", "polylift.cli.launch", str(path), *PIPELINE,
                           "-o", str(out)], cwd=ROOT, capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr
    return out.read_text()


def test_a_run_prints_what_a_fresh_process_prints_after_other_runs(tmp_path, capsys):
    gemm, syrk = _affine(tmp_path, "gemm"), _affine(tmp_path, "syrk")
    broken = tmp_path / "broken.mlir"
    broken.write_text(BROKEN)
    assert main([str(broken), "-o", str(tmp_path / "none.mlir")]) == 1
    assert "broken.mlir:2:" in capsys.readouterr().err
    outputs = []
    for path in (gemm, syrk, gemm):
        out = tmp_path / f"{path.stem}-{len(outputs)}.ll.mlir"
        assert run_opt([str(path), *PIPELINE, "-o", str(out)]) == 0
        outputs.append(out.read_text())
    assert outputs[0] == outputs[2] == _fresh_process(gemm, tmp_path / "gemm.fresh.mlir")
    assert outputs[1] == _fresh_process(syrk, tmp_path / "syrk.fresh.mlir")


def test_each_thread_has_its_own_context():
    seen = []
    thread = threading.Thread(target=lambda: seen.append(run_context()))
    thread.start()
    thread.join()
    assert run_context() is run_context()
    assert seen and seen[0] is not run_context()
