"""Prints, per kernel, the time to parse and raise (warm, median of runs), next to the
time of one `mlir-opt --lower-affine` process on the same module.

    .venv/bin/python scripts/bench_raise.py [--kernels gemm,atax] [--repeat 7] [FILE.mlir ...]

Without files or --kernels: every module of tests/exec/inputs/raise.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

from polylift.mlir import new_context, parse_module, tool_path
from polylift.passes.pipeline import Step, run_pipeline
from polylift.passes.registry import PassRun

ROOT = Path(__file__).resolve().parents[1]
INPUT_DIR = ROOT / "tests" / "exec" / "inputs" / "raise"


def time_raise(text: str, runs: int) -> float:
    """Median wall time of parse + raise, in seconds, after one warm-up run."""
    samples = []
    for _ in range(runs + 1):
        start = time.perf_counter()
        ctx = new_context()
        module = parse_module(text, ctx)
        run_pipeline([Step("raise-affine-to-linalg")], module, PassRun())
        samples.append(time.perf_counter() - start)
    return statistics.median(samples[1:])


def time_mlir_opt(path: Path, runs: int) -> float:
    """Median wall time of one `mlir-opt --lower-affine` process on `path`."""
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([tool_path("mlir-opt"), str(path), "--lower-affine", "-o", "/dev/null"],
                       check=True)
        samples.append(time.perf_counter() - start)
    return statistics.median(samples)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("files", nargs="*", type=Path, help="affine modules to raise")
    parser.add_argument("--kernels", default="",
                        help="comma-separated stems of tests/exec/inputs/raise/*.mlir")
    parser.add_argument("--repeat", type=int, default=7, help="runs per figure (default 7)")
    args = parser.parse_args(argv)
    named = [INPUT_DIR / f"{k}.mlir" for k in args.kernels.split(",") if k]
    paths = [*args.files, *named] or sorted(INPUT_DIR.glob("*.mlir"))
    missing = [str(p) for p in paths if not p.is_file()]
    if missing:
        parser.error(f"no such module: {', '.join(missing)}")
    runs = max(1, args.repeat)
    print(f"{'kernel':<14} {'parse+raise ms':>15} {'mlir-opt ms':>12} {'ratio':>7}")
    for path in paths:
        ours = time_raise(path.read_text(), runs)
        theirs = time_mlir_opt(path, runs)
        print(f"{path.stem:<14} {ours * 1e3:15.2f} {theirs * 1e3:12.2f} {ours / theirs:7.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
