"""Time of the full host pipeline per kernel, as a process and in process, next to mlir-opt.

For each kernel, its C source goes through polylift-cc once (not timed); then the
script times, on that affine module:

- `cold`: one `polylift-opt` process running raise, match, the host lowering and the
  lowering to LLVM, with an empty template cache (the library parsed, the parser built);
- `warm`: the same process with the cache an earlier run left (its CPU time beside it,
  which a busy machine inflates less than the wall time);
- `in-proc`: the same command inside this process, warm (`polylift.cli.opt.run_opt`),
  and its CPU time;
- `mlir-opt`: one `mlir-opt` process lowering the same module to the LLVM dialect with
  the upstream pipeline that `lower-to-llvm` runs.

Times are medians of `--repeat` runs (in process: four times as many), in milliseconds.
The goals: at most 300 ms per warm process on a PolyBench-sized kernel, at most 20 ms
in process, at most 500 ms per warm process for a file of twenty functions
(`blas1_helpers`: `benchmarks/pipeline/blas1_helpers.c`, translated whole).

    .venv/bin/python scripts/bench_pipeline.py [--kernels gemm,2mm,blas1_helpers]
        [--size LARGE] [--repeat 5]
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from polylift.cli.opt import run_opt
from polylift.frontend import translate_file
from polylift.harness.check import default_include_dirs, kernel_name
from polylift.mlir import tool_path
from polylift.passes.lower_to_llvm import pipeline_text
from polylift.passes.stages import backend_passes
from polylift.tdl.disk_cache import ENV_VAR

ROOT = Path(__file__).resolve().parents[1]
MANY = ROOT / "benchmarks" / "pipeline" / "blas1_helpers.c"
DEFAULT_KERNELS = "gemm,2mm,atax,covariance,jacobi-2d,blas1_helpers"
FLAGS = [f"--{flag}" for flag in backend_passes("host")]


@dataclass(frozen=True)
class Row:
    """The figures of one kernel, in seconds."""

    kernel: str
    functions: int
    cold: float
    warm: float
    warm_cpu: float
    in_process: float
    in_process_cpu: float
    mlir_opt: float


def source_of(kernel: str) -> tuple[Path, str]:
    """The C file of a kernel and the function(s) to translate."""
    if kernel == MANY.stem:
        return MANY, "*"
    path = ROOT / "benchmarks" / "linalg" / f"{kernel}.c"
    if not path.is_file():
        raise SystemExit(f"error: no kernel '{kernel}' (benchmarks/linalg/{kernel}.c)")
    return path, kernel_name(path)


def translate(kernel: str, size: str, out: Path) -> int:
    """Write the kernel's affine module to `out`; the number of its functions."""
    path, function = source_of(kernel)
    text = translate_file(str(path), default_include_dirs(path), [f"{size}_DATASET"],
                          function).mlir
    out.write_text(text)
    return text.count("func.func @")


def polylift_opt() -> list[str]:
    """The polylift-opt command of this environment."""
    script = Path(sys.executable).parent / "polylift-opt"
    return [str(script)] if script.is_file() else [sys.executable, "-m", "polylift.cli.launch"]


def timed_process(command: list[str], env: dict[str, str]) -> tuple[float, float]:
    """(wall, CPU) seconds of one process; a failure stops the script with its output."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, env=env, capture_output=True, text=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"error: {' '.join(command)} failed:\n{done.stderr}")
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return wall, cpu


def measure(kernel: str, size: str, repeat: int, work: Path) -> Row:
    """Every figure of one kernel."""
    source, output = work / f"{kernel}.mlir", str(work / "out.mlir")
    functions = translate(kernel, size, source)
    command = [*polylift_opt(), str(source), *FLAGS, "-o", output]
    cold_runs = []
    for k in range(repeat):
        env = dict(os.environ, **{ENV_VAR: str(work / f"cold-{kernel}-{k}")})
        cold_runs.append(timed_process(command, env)[0])
    warm_env = dict(os.environ, **{ENV_VAR: str(work / "warm")})
    timed_process(command, warm_env)  # fills the cache
    warm_runs = [timed_process(command, warm_env) for _ in range(repeat)]
    argv = [str(source), *FLAGS, "-o", output]
    run_opt(argv)  # warm: imports, the library, the dialects
    in_process = []
    for _ in range(4 * repeat):
        start, cpu = time.perf_counter(), time.process_time()
        run_opt(argv)
        in_process.append((time.perf_counter() - start, time.process_time() - cpu))
    upstream = [tool_path("mlir-opt"), str(source), f"--pass-pipeline={pipeline_text()}",
                "-o", output]
    theirs = [timed_process(upstream, dict(os.environ))[0] for _ in range(repeat)]
    return Row(kernel, functions, statistics.median(cold_runs),
               statistics.median(w for w, _ in warm_runs),
               statistics.median(c for _, c in warm_runs),
               statistics.median(w for w, _ in in_process),
               statistics.median(c for _, c in in_process), statistics.median(theirs))


def print_table(rows: list[Row]) -> None:
    """One line per kernel, in milliseconds, then the goals."""
    print(f"{'kernel':<16} {'funcs':>5} {'cold':>7} {'warm':>7} {'cpu':>6} {'in-proc':>8} "
          f"{'cpu':>6} {'mlir-opt':>8} {'warm/mlir-opt':>13}")
    for r in rows:
        print(f"{r.kernel:<16} {r.functions:>5} {r.cold * 1e3:7.0f} {r.warm * 1e3:7.0f} "
              f"{r.warm_cpu * 1e3:6.0f} {r.in_process * 1e3:8.1f} "
              f"{r.in_process_cpu * 1e3:6.1f} {r.mlir_opt * 1e3:8.0f} "
              f"{r.warm / r.mlir_opt:12.1f}x")
    single = [r for r in rows if r.kernel != MANY.stem]
    many = [r for r in rows if r.kernel == MANY.stem]
    if single:
        worst = max(single, key=lambda r: r.warm)
        inner = max(single, key=lambda r: r.in_process)
        print(f"slowest warm process, one kernel: {worst.kernel} {worst.warm * 1e3:.0f} ms "
              f"(goal 300 ms); slowest in process: {inner.kernel} "
              f"{inner.in_process * 1e3:.1f} ms (goal 20 ms)")
    for r in many:
        print(f"{r.functions} functions ({r.kernel}): warm process {r.warm * 1e3:.0f} ms "
              f"(goal 500 ms)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--kernels", default=DEFAULT_KERNELS,
                        help=f"comma-separated kernels of benchmarks/linalg, or "
                             f"{MANY.stem} (default: {DEFAULT_KERNELS})")
    parser.add_argument("--size", default="LARGE",
                        help="dataset size the kernels are translated at (default: LARGE)")
    parser.add_argument("--repeat", type=int, default=5,
                        help="runs per figure; the median is shown (default: 5)")
    args = parser.parse_args(argv)
    kernels = [k for k in args.kernels.split(",") if k]
    print(f"polylift-opt {' '.join(FLAGS)} at {args.size}; medians of {args.repeat} runs "
          f"(in process: {4 * args.repeat}), ms; cpu: user+system time of the same runs")
    with tempfile.TemporaryDirectory(prefix="polylift-bench-pipeline-") as tmp:
        work = Path(tmp)
        os.environ[ENV_VAR] = str(work / "warm")  # the in-process runs' cache
        rows = [measure(k, args.size, max(1, args.repeat), work) for k in kernels]
    print_table(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
