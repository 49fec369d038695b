"""Real applications built with gcc and through polylift-gcc: build times, functions
lifted, run times and their ratio, whether the outputs agree, and the shadow mode.

    python scripts/bench_app.py --darknet PATH --llama2c PATH [--work DIR] [--repeat 3]
    python scripts/bench_app.py --own                 # the project's own benchmarks/apps

Each application is a checkout the user fetched (nothing of it is in this repository),
built with its own Makefile, unchanged: `make -j2` with gcc, and `make -j2
CC=polylift-gcc` (host backend; `--offload-policy profitable` passes the policy on) in a
copy of its own. The polylift build is timed cold (no object in its cache; the host shim
library, which an installation builds once, is built first and timed apart) and warm (a
fresh copy built again: every object from the cache).

- darknet: `darknet detect cfg/yolov3-tiny.cfg W data/dog.jpg`, its "Predicted in" time.
  W is a weights file of random values this script writes from the cfg, with every
  batch-norm rolling variance 1 (as a trained network has: without a weights file
  darknet leaves them 0, every layer multiplies by 1000 and the output overflows to inf).
- llama2.c: `run model.bin -t 0 -n STEPS` on a random checkpoint this script writes (the
  15M shape: dim 288, 6 layers, 6 heads, vocabulary 32000), its tokens per second.
- --own: the CNN and transformer programs of benchmarks/apps, timed around the run.

The two builds run in turn, `--repeat` times each (a change of the machine's load
reaches both alike); the least and the median time of each, and their ratios, are
printed. The outputs agree when the printed results are the same (darknet's detections, the
generated text), the timing lines left out. Then the polylift copy is built again with
-fpolylift-shadow and run once: the shadow summary and its cost.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path

import numpy as np

from polylift.cli.report import project_rows
from polylift.driver.check_app import AppCheck, build_and_run, driver_program, same_text
from polylift.driver.link import runtime_args

ROOT = Path(__file__).resolve().parents[1]


@dataclass(frozen=True)
class App:
    """An application: its checkout, how it is prepared, run and timed."""

    name: str
    checkout: Path
    run: str
    prepare: Callable[[Path], None]  # writes its inputs into a built copy
    seconds: Callable[[str, float], float]  # the run's time, from its output and the wall
    keep: Callable[[str], str]  # the output to compare, timing lines left out
    build: str = "make -j2 CC={cc}"


def darknet_weights(cfg: Path, out: Path, seed: int = 1) -> None:
    """Random weights of the convolutional layers of a darknet cfg, in darknet's format
    (version 0.2: major, minor, revision, then `seen` as size_t): per layer the biases,
    with batch norm the scales, rolling means and rolling variances (1), the weights."""
    rng = np.random.default_rng(seed)
    sections = _sections(cfg.read_text())
    channels = int(sections[0].get("channels", "3"))
    outputs: list[int] = []
    blobs = [np.array([0, 2, 0], dtype=np.int32).tobytes(), np.uint64(0).tobytes()]
    for kind, options in ((s["["], s) for s in sections[1:]):
        if kind == "convolutional":
            n, size = int(options["filters"]), int(options["size"])
            fan_in = channels * size * size
            parts = [rng.normal(0, 0.01, n)]
            if options.get("batch_normalize") == "1":
                parts += [np.ones(n), np.zeros(n), np.ones(n)]
            parts.append(rng.normal(0, np.sqrt(2.0 / fan_in), n * fan_in))
            blobs += [np.asarray(p, dtype=np.float32).tobytes() for p in parts]
            channels = n
        elif kind == "route":
            layers = [int(x) for x in options["layers"].split(",")]
            channels = sum(outputs[x if x >= 0 else len(outputs) + x] for x in layers)
        outputs.append(channels)
    out.write_bytes(b"".join(blobs))


def _sections(text: str) -> list[dict[str, str]]:
    found: list[dict[str, str]] = []
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip()
        if line.startswith("["):
            found.append({"[": line.strip("[]")})
        elif "=" in line and found:
            key, value = line.split("=", 1)
            found[-1][key.strip()] = value.strip()
    return found


def llama_checkpoint(out: Path, seed: int = 1, dim: int = 288, hidden: int = 768,
                     layers: int = 6, heads: int = 6, vocab: int = 32000,
                     seq_len: int = 256) -> None:
    """A checkpoint of random weights in llama2.c's format (shared classifier)."""
    rng = np.random.default_rng(seed)
    head = dim // heads
    shapes = [vocab * dim, layers * dim, *[layers * dim * dim] * 4, layers * dim,
              layers * dim * hidden, layers * hidden * dim, layers * dim * hidden, dim,
              seq_len * head // 2, seq_len * head // 2]
    norms = {1, 6, 10}  # the rmsnorm weights, near 1
    with out.open("wb") as handle:
        handle.write(np.array([dim, hidden, layers, heads, heads, vocab, seq_len],
                              dtype=np.int32).tobytes())
        for k, count in enumerate(shapes):
            values = rng.normal(1.0 if k in norms else 0.0, 0.02, count)
            handle.write(values.astype(np.float32).tobytes())


def _darknet_seconds(stdout: str, wall: float) -> float:
    found = re.search(r"Predicted in ([0-9.]+) seconds", stdout)
    return float(found.group(1)) if found else wall


def _tokens_per_second(stdout: str, wall: float) -> float:
    found = re.search(r"achieved tok/s: ([0-9.]+)", stdout)
    return 1.0 / float(found.group(1)) if found else wall  # seconds per token


def _without(pattern: str) -> Callable[[str], str]:
    return lambda text: "\n".join(line for line in text.splitlines()
                                  if not re.search(pattern, line))


def apps(args: argparse.Namespace) -> list[App]:
    """The applications of the command line."""
    found = []
    if args.darknet:
        found.append(App("darknet", Path(args.darknet),
                         "./darknet detect cfg/yolov3-tiny.cfg random.weights data/dog.jpg 2>&1",
                         lambda d: darknet_weights(d / "cfg" / "yolov3-tiny.cfg",
                                                   d / "random.weights"),
                         _darknet_seconds, _without(r"Predicted in|Loading weights|Done!")))
    if args.llama2c:
        found.append(App("llama2.c", Path(args.llama2c),
                         f"./run model.bin -t 0 -n {args.steps} 2>&1",
                         lambda d: llama_checkpoint(d / "model.bin"), _tokens_per_second,
                         _without(r"achieved tok/s"), "make run CC={cc}"))
    if args.own:
        own = ROOT / "benchmarks" / "apps"
        found.append(App("cnn (own)", own / "cnn", f"./cnn tiny.cfg -s {args.side}",
                         lambda d: None, lambda out, wall: wall, lambda s: s))
        found.append(App("transformer (own)", own / "transformer",
                         f"./tlm model.bin -n {args.steps}",
                         lambda d: _run_in(d, "./tlm -w model.bin -large"),
                         lambda out, wall: wall, lambda s: s))
    return found


def _run_in(folder: Path, command: str) -> None:
    subprocess.run(command, shell=True, cwd=folder, check=True, capture_output=True)


@dataclass(frozen=True)
class Timed:
    """The times of a build's runs (the app's own measure where it prints one), and the
    last run's output."""

    runs: tuple[float, ...]
    stdout: str

    @property
    def seconds(self) -> float:
        return min(self.runs)

    @property
    def median(self) -> float:
        return float(np.median(self.runs))


def _run_once(folder: Path, app: App, env: dict[str, str]) -> tuple[float, str]:
    start = time.perf_counter()
    done = subprocess.run(app.run, shell=True, cwd=folder, env={**os.environ, **env},
                          capture_output=True, text=True, check=True)
    return app.seconds(done.stdout, time.perf_counter() - start), done.stdout


def run_timed(folder: Path, app: App, repeat: int, env: dict[str, str]) -> Timed:
    """`repeat` runs of one build."""
    runs = [_run_once(folder, app, env) for _ in range(repeat)]
    return Timed(tuple(t for t, _ in runs), runs[-1][1])


def run_alternating(reference: Path, lifted: Path, app: App, repeat: int) -> tuple[Timed, Timed]:
    """`repeat` runs of each build, in turn (gcc's, polylift's, gcc's, ...): a change of
    the machine's load during the measurement reaches both alike."""
    pairs = [(_run_once(reference, app, {}), _run_once(lifted, app, {})) for _ in range(repeat)]
    return (Timed(tuple(a[0] for a, _ in pairs), pairs[-1][0][1]),
            Timed(tuple(b[0] for _, b in pairs), pairs[-1][1][1]))


@dataclass(frozen=True)
class Figures:
    """What one application measured."""

    app: str
    build_gcc_s: float
    shims_s: float  # the host shim library, built once per polylift version and target
    build_cold_s: float
    build_warm_s: float
    reference_s: float  # the least of the runs
    lifted_s: float
    reference_median_s: float
    lifted_median_s: float
    outputs_agree: bool
    lifted: dict[str, list[str]]  # file -> its lifted functions
    shadow_s: float
    shadow: str
    shadow_agrees: bool


def _shim_library(cache: Path) -> float:
    """Build the host shim library into an empty `cache` (what an installation does
    once: no project's build pays it), and the seconds that took."""
    shutil.rmtree(cache, ignore_errors=True)
    os.environ["POLYLIFT_CACHE_DIR"] = str(cache)
    start = time.perf_counter()
    runtime_args({"polylift_host_gemm_f32"}, "x86_64", (), None)
    return time.perf_counter() - start


def bench(app: App, work: Path, args: argparse.Namespace, cache: Path,
          shims_s: float) -> Figures:
    """Build both ways (polylift cold and warm), run, compare, then the shadow build;
    `cache` holds the host shim library already (built in `shims_s`)."""
    flags = ["-fpolylift-backend=host", f"-fpolylift-offload={args.offload_policy}"]
    env = {"POLYLIFT_CACHE_DIR": str(cache), "POLYLIFT_QUIET": "1",
           "POLYLIFT_FLAGS": " ".join(flags)}
    check = AppCheck(app.checkout, "true", app.build, env=env)
    gcc = build_and_run(check, work / f"{app.name}-gcc", "gcc", {})
    cold = build_and_run(check, work / f"{app.name}-polylift", driver_program(), env)
    # A fresh copy built again with the same cache: every object from the cache.
    warm = build_and_run(check, work / f"{app.name}-polylift", driver_program(), env)
    for side in (gcc, warm):
        app.prepare(side.folder)
    reference, lifted = run_alternating(gcc.folder, warm.folder, app, args.repeat)
    rows = project_rows([str(warm.folder)])
    shadow_env = {**env, "POLYLIFT_FLAGS": " ".join([*flags, "-fpolylift-shadow"])}
    shadowed = build_and_run(check, work / f"{app.name}-shadow", driver_program(), shadow_env)
    app.prepare(shadowed.folder)
    summary = work / f"{app.name}-shadow.txt"
    checked = run_timed(shadowed.folder, app, 1, {"POLYLIFT_SHADOW_SUMMARY": str(summary)})
    return Figures(
        app.name, gcc.build_s, shims_s, cold.build_s, warm.build_s, reference.seconds,
        lifted.seconds, reference.median, lifted.median,
        same_text(app.keep(reference.stdout), app.keep(lifted.stdout), "digits"),
        {f: [r["name"] for r in rows[f] if r["status"] == "lifted"] for f in rows
         if any(r["status"] == "lifted" for r in rows[f])},
        checked.seconds,
        summary.read_text() if summary.exists() else "(no summary: nothing lifted ran)",
        same_text(app.keep(reference.stdout), app.keep(checked.stdout), "digits"))


def report(f: Figures) -> str:
    """The figures of one application, for a reader."""
    count = sum(len(v) for v in f.lifted.values())
    lines = [f"{f.app}:",
             f"  build: gcc {f.build_gcc_s:.1f} s, polylift cold {f.build_cold_s:.1f} s "
             f"({f.build_cold_s / f.build_gcc_s:.1f}x), warm {f.build_warm_s:.1f} s "
             f"({f.build_warm_s / f.build_gcc_s:.2f}x); the host shim library once: "
             f"{f.shims_s:.1f} s",
             f"  lifted: {count} functions in {len(f.lifted)} files"]
    lines += [f"    {name}: {', '.join(functions)}" for name, functions in sorted(f.lifted.items())]
    lines += [f"  run (least): gcc {f.reference_s:.4g} s, polylift {f.lifted_s:.4g} s, speedup "
              f"{f.reference_s / f.lifted_s:.2f}x; outputs "
              f"{'agree' if f.outputs_agree else 'DIFFER'}",
              f"  run (median): gcc {f.reference_median_s:.4g} s, polylift "
              f"{f.lifted_median_s:.4g} s, speedup "
              f"{f.reference_median_s / f.lifted_median_s:.2f}x",
              f"  shadow: {f.shadow_s:.4g} s ({f.shadow_s / f.lifted_s:.2f}x the lifted run); "
              f"outputs {'agree' if f.shadow_agrees else 'DIFFER'}"]
    lines += [f"    {line}" for line in f.shadow.splitlines()]
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--darknet", help="a checkout of darknet")
    parser.add_argument("--llama2c", help="a checkout of llama2.c")
    parser.add_argument("--own", action="store_true", help="the project's own benchmarks/apps")
    parser.add_argument("--work", help="where the builds go (default: a temporary folder)")
    parser.add_argument("--repeat", type=int, default=3,
                        help="runs per build, the two builds in turn (least and median)")
    parser.add_argument("--steps", type=int, default=200, help="tokens to generate")
    parser.add_argument("--side", type=int, default=128, help="input side of the own CNN")
    parser.add_argument("--offload-policy", default="always", choices=("always", "profitable"))
    parser.add_argument("--json", help="write the figures as JSON too")
    args = parser.parse_args()
    chosen = apps(args)
    if not chosen:
        parser.error("name an application (--darknet, --llama2c or --own)")
    work = Path(args.work) if args.work else Path(tempfile.mkdtemp(prefix="polylift-bench-app-"))
    cache = work / "cache"
    shims_s = _shim_library(cache)
    rows = []
    for app in chosen:
        rows.append(bench(app, work, args, cache, shims_s))
        print(report(rows[-1]), flush=True)
    if args.json:
        Path(args.json).write_text(json.dumps([asdict(r) for r in rows], indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
