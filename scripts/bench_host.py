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
MLIR (below 1: the loops MLIR compiles are slower than the reference's).

The residual loops alone, compiled by each: `mlir resid` times the *MLIR residual*
program, the lifted kernel's matched IR with every `kernel.launch` removed, lowered like
the lifted one (its loops, views and call overhead, without the library's work);
`gcc resid` times the *gcc residual* program, the benchmark's C with the statements
that became launches removed (`harness/programs/residual_source.py`: read from the
locations of the units the matching replaced), compiled with the reference's flags and
timed by the reference's wrapper. Both remove the launches from the same kernel, one
from its IR and one from its C, so `gcc/mlir resid` = gcc resid / mlir resid compares
the same residual loops compiled by gcc and by MLIR (below 1: MLIR's are slower), where
`residual` (a difference of two timings) only estimates MLIR's. Statements gcc keeps
stay in their nests as written, where MLIR may have split a nest into several loops; a
FULL kernel has no residual loop (both time an empty kernel) and no ratio. A kernel
whose launches cannot be mapped to whole C statements of the kernel and of the
functions of its file only it runs (one statement split between a launch and loops, a
header's helper, a launch guarded by a run-time size test) gets `-` for gcc resid and
the reason on stderr.
Like the library-only program, neither residual program's outputs are compared (the
launches' results are missing, so the loops run on other values); their times are.

A kernel with no launch runs the source's own code: its lifted program is the
reference's executable built again (`polylift check` still compares the MLIR build), so
its speedup is 1.00x by construction, and its row says so and gives the MLIR build's
time. The library-only program's outputs are not compared (its loops are gone); its
timing is.
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
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from polylift import rewriter
from polylift.errors import PolyliftError, UsageError
from polylift.function_versions import delinearized_name, flat_name, noalias_name
from polylift.harness.check import (
    CheckOptions,
    CheckResult,
    check_benchmark,
    default_include_dirs,
    frontend_translator,
    kernel_name,
)
from polylift.harness.facts.coverage import PARTIAL, matched_stage
from polylift.harness.programs.build import (
    BenchFlags,
    build_lifted,
    build_reference,
    compile_benchmark,
    shim_libraries,
)
from polylift.harness.programs.extents import apply_extents
from polylift.harness.programs.lift import compile_lifted
from polylift.harness.programs.links import compile_links
from polylift.harness.programs.residual_source import launched_code, residual_source
from polylift.harness.programs.run import run_program
from polylift.harness.programs.toolchain import CommandLog, Toolchain, target_named
from polylift.harness.programs.wrapper import SignatureLike, lifted_name
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


def _kernel_ops(text: str, kernel: str, remove: Callable[[ir.Operation], bool],
                deep: bool) -> str:
    """The matched module with the kernel's ops that `remove` selects erased (those of
    its body and of its versions' bodies, where the launches of a delinearised or
    alias-guarded kernel are, or with `deep` those nested anywhere in them), and the
    kernel under its C name again (so the lifting step can prepare it anew)."""
    doomed: list[ir.Operation] = []

    def visit(op: ir.Operation) -> ir.WalkResult:
        if remove(op):
            doomed.append(op)
            return ir.WalkResult.SKIP
        return ir.WalkResult.ADVANCE if deep else ir.WalkResult.SKIP

    ctx = new_context()
    with ctx:
        module = parse_module(text, ctx, "matched.mlir")
        versions = {delinearized_name(kernel), noalias_name(kernel), flat_name(kernel)}
        for func in module.body.operations:
            name = ir.StringAttr(func.attributes["sym_name"]).value
            if name == lifted_name(kernel):
                rewriter.set_attribute(func, "sym_name", ir.StringAttr.get(kernel))
            elif name not in versions or not func.regions[0].blocks:
                continue
            for op in func.regions[0].blocks[0].operations:
                op.operation.walk(visit, ir.WalkOrder.PRE_ORDER)
        for op in doomed:
            rewriter.erase(op)
        return str(module)


def library_only(text: str, kernel: str) -> str:
    """The matched module with every launch-free loop and linalg op of the kernel's body
    removed."""
    def loop_without_launch(op: ir.Operation) -> bool:
        loop_like = op.name in LOOPS or op.name.startswith("linalg.")
        return loop_like and not op.results and not _has_launch(op)
    return _kernel_ops(text, kernel, loop_without_launch, deep=False)


def residual_only(text: str, kernel: str) -> str:
    """The matched module with every launch of the kernel removed: its residual code."""
    return _kernel_ops(text, kernel, lambda op: op.name == "kernel.launch", deep=True)


def _variant_dir(workdir: Path, name: str, target: str) -> tuple[Path, Toolchain]:
    """A fresh sub-directory of a checked kernel's work directory, and its toolchain."""
    sub = workdir / name
    shutil.rmtree(sub, ignore_errors=True)
    sub.mkdir()
    return sub, Toolchain(target_named(target), sub, CommandLog(sub))


def time_mlir_variant(result: CheckResult, original: Path, workdir: Path,
                      options: CheckOptions, name: str,
                      edit: Callable[[str, str], str]) -> float:
    """Median kernel time of the matched IR of a checked kernel after `edit` (module
    text, kernel name -> module text), lowered like the lifted one (`original` is its
    benchmark source)."""
    stage = matched_stage(workdir)
    if stage is None:
        raise PolyliftError(f"{workdir} has no matched stage")
    sub, tc = _variant_dir(workdir, name, options.target)
    shutil.copy(workdir / "bench.o", sub / "bench.o")
    sig = _signature(result, original, workdir, options)
    passes = backend_passes(options.backend)
    lowering = passes[passes.index("match-kernels") + 1:]
    kernel_obj = compile_lifted(edit(stage.read_text(), result.kernel), result.kernel,
                                lowering, tc)
    shims = shim_libraries(lowered_backends(lowering), options.target)
    exe = build_lifted(sub / "bench.o", sig, kernel_obj, _bench_flags(original, options, tc),
                       tc, (), shims)
    return run_program(exe, sig, tc, options.repeat, options.timeout,
                       compared=False).seconds


def _signature(result: CheckResult, original: Path, workdir: Path,
               options: CheckOptions) -> SignatureLike:
    """The checked kernel's signature, with its array extents."""
    includes = default_include_dirs(original)
    defines = (f"{options.size}_DATASET", *options.defines)
    _, front_sig = frontend_translator(original, includes, defines, result.kernel)
    return apply_extents(front_sig, workdir / "bench.c")


def _bench_flags(original: Path, options: CheckOptions, tc: Toolchain) -> BenchFlags:
    """The check's compile flags of the benchmark, linking the files its POLYLIFT_LINK
    comments name (compiled in `tc`'s directory)."""
    plain = BenchFlags(options.size, default_include_dirs(original), options.defines)
    linked = compile_links(original, plain.c_args(), tc)
    return replace(plain, link_args=(*(str(o) for o in linked), "-lm"))


def time_gcc_residual(result: CheckResult, original: Path, workdir: Path,
                      options: CheckOptions) -> float:
    """Median kernel time of the *gcc residual* program: the benchmark with the kernel's
    launched statements removed (`residual_source.py`), built and timed as the
    reference is."""
    stage = matched_stage(workdir)
    if stage is None:
        raise PolyliftError(f"{workdir} has no matched stage")
    matching, _ = options.plan().through_matching()
    code = launched_code((workdir / "kernel.mlir").read_text(), result.kernel, matching,
                         stage.read_text())
    includes = default_include_dirs(original)
    source = residual_source(original, result.kernel, code, includes,
                             (f"{options.size}_DATASET", *options.defines))
    sub, tc = _variant_dir(workdir, "gcc-residual", options.target)
    flags = _bench_flags(original, options, tc)
    (sub / "bench.c").write_text(source.text)
    sig = _signature(result, original, workdir, options)
    exe = build_reference(compile_benchmark(sub / "bench.c", flags, tc), sig, flags, tc)
    return run_program(exe, sig, tc, options.repeat, options.timeout,
                       compared=False).seconds


def time_loops(source: Path, options: CheckOptions) -> float | None:
    """Median kernel time of the lifted program without match-kernels (all loops)."""
    passes = tuple(p for p in backend_passes(options.backend) if p not in MATCHED.flags)
    result = check_benchmark(source, replace(options, passes=passes, keep=None))
    return result.lifted_s if result.ok else None


NAME = 20


@dataclass(frozen=True)
class Extra:
    """The times of a kernel's other programs (None: not built)."""

    library_only_s: float | None = None
    loops_s: float | None = None
    mlir_residual_s: float | None = None  # the matched IR without its launches
    gcc_residual_s: float | None = None  # the C without its launched statements


def _ms(seconds: float | None, width: int) -> str:
    return f"{seconds * 1e3:{width}.4f}" if seconds else f"{'-':>{width}}"


def _ratio(num: float | None, den: float | None, width: int = 7) -> str:
    return f"{num / den:{width}.2f}x" if num and den else f"{'-':>{width + 1}}"


def _row(name: str, result: CheckResult, extra: Extra) -> str:
    speedup = result.speedup or 0.0
    limit_s = extra.library_only_s
    limit = (result.reference_s or 0.0) / limit_s if limit_s else 0.0
    share = f"{100 * speedup / limit:7.0f}%" if limit else f"{'-':>8}"
    gflops = f"{result.gflops:8.1f}" if result.gflops else f"{'-':>8}"
    residual = f"{((result.lifted_s or 0) - limit_s) * 1e3:9.4f}" if limit_s else f"{'-':>9}"
    loops = f"{_ms(extra.loops_s, 10)} {_ratio(result.reference_s, extra.loops_s)}"
    # With nothing residual, both programs time an empty kernel: no ratio of loops.
    loops_left = extra.mlir_residual_s if result.coverage == PARTIAL else None
    resid = (f"{_ms(extra.mlir_residual_s, 10)} {_ms(extra.gcc_residual_s, 9)} "
             f"{_ratio(extra.gcc_residual_s, loops_left, 13)}")
    slower = "  SLOWER THAN REFERENCE" if speedup and speedup < 1 else ""
    limit_cols = f"{_ms(limit_s, 12)} {_ratio(result.reference_s, limit_s)}"
    if result.source_runs:  # the reference's own program again: 1.00x by construction
        slower = f"  {NO_LAUNCH}; MLIR build {(result.mlir_s or 0) * 1e3:.4f}"
    return (f"{name:<{NAME}} {result.verdict:<9} {result.coverage:<8} "
            f"{(result.reference_s or 0) * 1e3:10.4f} {(result.lifted_s or 0) * 1e3:9.4f} "
            f"{speedup:8.2f}x {limit_cols} {share} "
            f"{gflops} {residual} {loops} {resid}{slower}")


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


def _timed(what: str, kernel: str, timing: Callable[[], float]) -> float | None:
    """`timing()`, or None with the reason on stderr when its program cannot be built."""
    try:
        return timing()
    except PolyliftError as exc:
        print(f"{kernel}: {what}: {exc.render()}", file=sys.stderr)
        return None


def time_kernel(source: Path, options: CheckOptions, keep: Path,
                rounds: int = 1) -> tuple[str, CheckResult]:
    """Check one benchmark and time its library-only, residual and loops programs: its
    row."""
    result = least_times(source, options, rounds)
    extra = Extra(loops_s=time_loops(source, options))
    if result.launches and result.verdict != "FAIL":
        work = keep / kernel_name(source)
        extra = replace(
            extra,
            library_only_s=_timed("library-only build failed", source.stem, lambda: (
                time_mlir_variant(result, source, work, options, "library-only",
                                  library_only))),
            mlir_residual_s=_timed("MLIR residual build failed", source.stem, lambda: (
                time_mlir_variant(result, source, work, options, "mlir-residual",
                                  residual_only))),
            gcc_residual_s=_timed("no gcc residual", source.stem, lambda: (
                time_gcc_residual(result, source, work, options))))
    return _row(source.stem, result, extra), result


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
              f"{'gcc/mlir':>8} {'mlir resid':>10} {'gcc resid':>9} "
              f"{'gcc/mlir resid':>14}")
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
