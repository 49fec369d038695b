"""Host-backend speedups of matched linalg kernels, next to the limit the library allows.

For each kernel (default: gemm, 2mm, 3mm, syrk, syr2k of the linalg suite at LARGE;
`--suite image,cnn,linalg` takes every kernel of those suites) this runs
`polylift check --backend host` (a warm-up call, then the median of N kernel calls,
each timed alone by the wrapper), and builds a third program, the *library-only* build:
the lifted kernel's matched IR with every loop and linalg op that holds no launch
removed, lowered like the lifted one. Its kernel runs exactly the library calls of the
lifted kernel, on the same arrays and sizes, in the same program and with the same
wrapper timing. So

    speedup = reference time / lifted time
    limit   = reference time / library-only time

and `of limit` = speedup / limit says how much of what the library allows the lifted
program keeps (residual loops, view setup and call overhead make up the rest);
`residual` = lifted time - library-only time is what the loops left beside the calls
cost. A fourth program, *loops*, is the lifted one without `match-kernels`: every loop
of the kernel raised and compiled through MLIR and LLVM as residual loops are, so
`gcc/mlir` = reference time / loops time compares the same loops compiled by gcc and by
MLIR (below 1: the loops MLIR compiles are slower than the reference's). A kernel with
no launch runs the source's own code: its lifted program is the reference's executable
built again (`polylift check` still compares the MLIR build), so its speedup is 1.00x
by construction, and its row says so and gives the MLIR build's time. The
library-only program's outputs are not compared (its loops are gone); its timing is.
Inputs are `exact` by default, so the lifted program must be BIT-EXACT whatever order
the library sums in (timing does not depend on the values); `--inputs native` checks
the benchmark's own values against the templates' ULP bounds instead.

    .venv/bin/python scripts/bench_host.py --size LARGE --kernels gemm,2mm,3mm --repeat 5
    .venv/bin/python scripts/bench_host.py --suite image,cnn,linalg --size LARGE --rounds 3

`--rounds N` checks each kernel N times and keeps the least median of the reference and
of the lifted program: on a shared machine a slow spell is then less likely to make a
program that runs the reference's own code (nothing lifted) look slower than it.

After each suite a line gives the geometric mean of its speedups, the slowest kernel,
the kernels below 1.0x and those with no launch (at 1.00x); a launch the offload policy
keeps as loops counts at its loops' speed, as it runs (MLIR's loops beside other
launches, the source's own code where the policy kept every launch as loops).
"""

from __future__ import annotations

import argparse
import math
import shutil
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from polylift import rewriter
from polylift.errors import PolyliftError, UsageError
from polylift.harness.check import (
    CheckOptions,
    CheckResult,
    check_benchmark,
    default_include_dirs,
    frontend_translator,
    kernel_name,
)
from polylift.harness.facts.coverage import matched_stage
from polylift.harness.programs.build import BenchFlags, build_lifted, shim_libraries
from polylift.harness.programs.extents import apply_extents
from polylift.harness.programs.lift import compile_lifted
from polylift.harness.programs.links import compile_links
from polylift.harness.programs.run import run_program
from polylift.harness.programs.toolchain import CommandLog, Toolchain, target_named
from polylift.harness.programs.wrapper import lifted_name
from polylift.harness.suite import suite_selection
from polylift.harness.verdict import NO_LAUNCH
from polylift.matcher.explain.residual import LOOPS
from polylift.mlir import ir, new_context, parse_module
from polylift.passes.stages import MATCHED, backend_passes, lowered_backends

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_KERNELS = "gemm,2mm,3mm,syrk,syr2k"


def _has_launch(op: ir.Operation) -> bool:
    found = []

    def visit(inner: ir.Operation) -> ir.WalkResult:
        if inner.name == "kernel.launch":
            found.append(inner)
            return ir.WalkResult.INTERRUPT
        return ir.WalkResult.ADVANCE

    op.walk(visit, ir.WalkOrder.POST_ORDER)
    return bool(found)


def library_only(text: str, kernel: str) -> str:
    """The matched module with every launch-free loop and linalg op of the kernel removed,
    and the kernel under its C name again (so the lifting step can prepare it anew)."""
    ctx = new_context()
    with ctx:
        module = parse_module(text, ctx, "matched.mlir")
        for func in module.body.operations:
            if ir.StringAttr(func.attributes["sym_name"]).value != lifted_name(kernel):
                continue
            rewriter.set_attribute(func, "sym_name", ir.StringAttr.get(kernel))
            for op in list(func.regions[0].blocks[0].operations):
                name = op.operation.name
                loop_like = name in LOOPS or name.startswith("linalg.")
                if loop_like and not op.operation.results and not _has_launch(op.operation):
                    rewriter.erase(op)
        return str(module)


def time_library_only(result: CheckResult, original: Path, workdir: Path,
                      options: CheckOptions) -> float:
    """Median kernel time of the library-only build of a checked kernel (`original` is
    its benchmark source)."""
    stage = matched_stage(workdir)
    if stage is None:
        raise PolyliftError(f"{workdir} has no matched stage")
    source = workdir / "bench.c"
    sub = workdir / "library-only"
    shutil.rmtree(sub, ignore_errors=True)
    sub.mkdir()
    shutil.copy(workdir / "bench.o", sub / "bench.o")
    tc = Toolchain(target_named(options.target), sub, CommandLog(sub))
    includes = default_include_dirs(original)
    defines = (f"{options.size}_DATASET", *options.defines)
    _, front_sig = frontend_translator(original, includes, defines, result.kernel)
    sig = apply_extents(front_sig, source)
    passes = backend_passes(options.backend)
    lowering = passes[passes.index("match-kernels") + 1:]
    kernel_obj = compile_lifted(library_only(stage.read_text(), result.kernel), result.kernel,
                                lowering, tc)
    shims = shim_libraries(lowered_backends(lowering), options.target)
    plain = BenchFlags(options.size, includes, options.defines)
    linked = compile_links(original, plain.c_args(), tc)  # the files POLYLIFT_LINK names
    flags = replace(plain, link_args=(*(str(o) for o in linked), "-lm"))
    exe = build_lifted(sub / "bench.o", sig, kernel_obj, flags, tc, (), shims)
    return run_program(exe, sig, tc, options.repeat, options.timeout).seconds


def time_loops(source: Path, options: CheckOptions) -> float | None:
    """Median kernel time of the lifted program without match-kernels (all loops)."""
    passes = tuple(p for p in backend_passes(options.backend) if p not in MATCHED.flags)
    result = check_benchmark(source, replace(options, passes=passes, keep=None))
    return result.lifted_s if result.ok else None


NAME = 20


def _row(name: str, result: CheckResult, limit_s: float | None,
         loops_s: float | None) -> str:
    speedup = result.speedup or 0.0
    limit = (result.reference_s or 0.0) / limit_s if limit_s else 0.0
    share = f"{100 * speedup / limit:7.0f}%" if limit else f"{'-':>8}"
    gflops = f"{result.gflops:8.1f}" if result.gflops else f"{'-':>8}"
    residual = f"{((result.lifted_s or 0) - limit_s) * 1e3:9.4f}" if limit_s else f"{'-':>9}"
    loops = (f"{loops_s * 1e3:10.4f} {(result.reference_s or 0) / loops_s:7.2f}x" if loops_s
             else f"{'-':>10} {'-':>8}")
    slower = "  SLOWER THAN REFERENCE" if speedup and speedup < 1 else ""
    limit_cols = f"{limit_s * 1e3:12.4f} {limit:7.2f}x" if limit_s else f"{'-':>12} {'-':>8}"
    if result.source_runs:  # the reference's own program again: 1.00x by construction
        slower = f"  {NO_LAUNCH}; MLIR build {(result.mlir_s or 0) * 1e3:.4f}"
    return (f"{name:<{NAME}} {result.verdict:<9} {result.coverage:<8} "
            f"{(result.reference_s or 0) * 1e3:10.4f} {(result.lifted_s or 0) * 1e3:9.4f} "
            f"{speedup:8.2f}x {limit_cols} {share} "
            f"{gflops} {residual} {loops}{slower}")


def _summary(suite: str, speedups: dict[str, float], source: Sequence[str]) -> str:
    """One suite's geometric mean speedup, its slowest kernel, those below 1.0x and
    those with no launch (`source`: they run the reference's own program, at 1.00x)."""
    if not speedups:
        return f"{suite}: no kernel timed"
    geomean = math.exp(sum(math.log(v) for v in speedups.values()) / len(speedups))
    slowest = min(speedups, key=lambda k: speedups[k])
    below = sorted(k for k, v in speedups.items() if v < 1.0)
    return (f"{suite}: {len(speedups)} kernels, geomean speedup {geomean:.2f}x, slowest "
            f"{slowest} {speedups[slowest]:.2f}x, below 1.0x: {', '.join(below) or 'none'}; "
            f"{NO_LAUNCH}: {', '.join(sorted(source)) or 'none'}")


def least_times(source: Path, options: CheckOptions, rounds: int) -> CheckResult:
    """The check of one benchmark, run `rounds` times, with the least median time of the
    reference and of the lifted program: their runs alternate, and a busy machine only
    slows a run, so a slow spell does not land on one program alone."""
    result = check_benchmark(source, options)
    for _ in range(rounds - 1):
        again = check_benchmark(source, options)
        if not (result.ok and again.ok):
            return again if result.ok else result
        result = replace(result, reference_s=_least(result.reference_s, again.reference_s),
                         lifted_s=_least(result.lifted_s, again.lifted_s),
                         mlir_s=_least(result.mlir_s, again.mlir_s))
    return result


def _least(a: float | None, b: float | None) -> float | None:
    """The lesser of two times, either of which may be missing."""
    return min((t for t in (a, b) if t is not None), default=None)


def time_kernel(source: Path, options: CheckOptions, keep: Path,
                rounds: int = 1) -> tuple[str, CheckResult]:
    """Check one benchmark and time its library-only and loops programs: its row."""
    result = least_times(source, options, rounds)
    limit_s = None
    if result.launches and result.verdict != "FAIL":
        try:
            limit_s = time_library_only(result, source, keep / kernel_name(source), options)
        except PolyliftError as exc:
            print(f"{source.stem}: library-only build failed: {exc.render()}", file=sys.stderr)
    return _row(source.stem, result, limit_s, time_loops(source, options)), result


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print one row per kernel, and a summary per suite."""
    p = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    p.add_argument("--size", default="LARGE")
    p.add_argument("--suite", default=None,
                   help="comma-separated suites (linalg, cnn, image, arrays, or a directory); "
                        "default: linalg")
    p.add_argument("--kernels", default=None,
                   help="benchmark stems (default: every kernel of the suites; with no "
                        f"--suite, {DEFAULT_KERNELS})")
    p.add_argument("--repeat", type=int, default=3)
    p.add_argument("--rounds", type=int, default=1,
                   help="checks of each kernel, the reference and lifted runs alternating; "
                        "the least median of each is kept")
    p.add_argument("--backend", default="host")
    p.add_argument("--inputs", default="exact", choices=("exact", "native"),
                   help="exact (default): every backend must be BIT-EXACT on these")
    p.add_argument("--offload-policy", default="always", choices=("always", "profitable"),
                   help="match-kernels' policy: profitable keeps the loops where the "
                        "offload profile measured the host call slower")
    p.add_argument("--offload-profile", default="",
                   help="the profile the policy reads (default: the shipped one)")
    args = p.parse_args(argv)
    if args.rounds < 1:
        p.error("--rounds must be at least 1")
    kernels = args.kernels if args.kernels or args.suite else DEFAULT_KERNELS
    try:
        chosen = suite_selection(args.suite or "linalg", kernels, ROOT)
    except UsageError as exc:
        p.error(str(exc))
    keep = Path(tempfile.mkdtemp(prefix="polylift-bench-host-"))
    options = CheckOptions(backend=args.backend, size=args.size, repeat=args.repeat,
                           inputs=args.inputs, offload_policy=args.offload_policy,
                           offload_profile=args.offload_profile, keep=str(keep))
    print(f"backend {args.backend}, size {args.size}, {args.inputs} inputs, offload policy "
          f"{args.offload_policy}, median of {args.repeat} kernel calls after a warm-up, least "
          f"of {args.rounds} round(s); times in ms")
    status = 0
    for suite, sources in chosen.items():
        print(f"{suite:<{NAME}} {'verdict':<9} {'coverage':<8} {'reference':>10} "
              f"{'lifted':>9} {'speedup':>9} {'library-only':>12} {'limit':>8} "
              f"{'of limit':>8} {'GFLOP/s':>8} {'residual':>9} {'mlir loops':>10} "
              f"{'gcc/mlir':>8}")
        speedups: dict[str, float] = {}
        unlifted: list[str] = []
        for source in sources:
            row, result = time_kernel(source, options, keep, args.rounds)
            print(row, flush=True)
            if result.speedup:
                speedups[source.stem] = result.speedup
            if result.source_runs:
                unlifted.append(source.stem)
            if not result.ok:
                print(f"  {result.message}", file=sys.stderr)
                status = 1
        print(_summary(suite, speedups, unlifted), flush=True)
    shutil.rmtree(keep, ignore_errors=True)
    return status


if __name__ == "__main__":
    sys.exit(main())
