"""Prints, per kernel, the time to parse and raise (warm, median of runs), next to the
time of one `mlir-opt --lower-affine` process on the same module."""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from pathlib import Path

from polylift.mlir import new_context, parse_module, tool_path
from polylift.passes.pipeline import Step, run_pipeline
from polylift.passes.registry import PassRun

ROOT = Path(__file__).resolve().parents[1]
INPUTS = sorted((ROOT / "tests" / "exec" / "inputs" / "raise").glob("*.mlir"))
RUNS = 7


def time_raise(text: str) -> float:
    """Median wall time of parse + raise, in seconds, after one warm-up run."""
    samples = []
    for _ in range(RUNS + 1):
        start = time.perf_counter()
        ctx = new_context()
        module = parse_module(text, ctx)
        run_pipeline([Step("raise-affine-to-linalg")], module, PassRun())
        samples.append(time.perf_counter() - start)
    return statistics.median(samples[1:])


def time_mlir_opt(path: Path) -> float:
    """Median wall time of one `mlir-opt --lower-affine` process on `path`."""
    samples = []
    for _ in range(RUNS):
        start = time.perf_counter()
        subprocess.run([tool_path("mlir-opt"), str(path), "--lower-affine", "-o", "/dev/null"],
                       check=True)
        samples.append(time.perf_counter() - start)
    return statistics.median(samples)


def main() -> int:
    paths = [Path(p) for p in sys.argv[1:]] or INPUTS
    print(f"{'kernel':<14} {'parse+raise ms':>15} {'mlir-opt ms':>12} {'ratio':>7}")
    for path in paths:
        ours = time_raise(path.read_text())
        theirs = time_mlir_opt(path)
        print(f"{path.stem:<14} {ours * 1e3:15.2f} {theirs * 1e3:12.2f} {ours / theirs:7.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
