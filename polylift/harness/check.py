"""The check driver: build the reference and the lifted program, run both, compare.

Both programs get the same inputs (the benchmark's own, or the wrapper's exact values
with `inputs="exact"`) and the same timing (kernel call alone; with `repeat` N, a
warm-up call and the median of N). The verdict bound comes from the launches' templates
(`coverage.ulp_bound`) unless `ulp_bound` is given.

A DIFF or a failure keeps the work directory as a reproducer: the sources (`bench.c`,
`wrapper.c`, `adapter.c`), the MLIR at each stage, the LLVM IR, the objects, the
programs' dumps and `repro.sh`, which replays every command.
"""

from __future__ import annotations

import re
import shutil
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path

import numpy as np

from polylift.errors import BuildError, PolyliftError, UsageError
from polylift.harness.audit import Audit, LaunchAudit, audit_launches
from polylift.harness.build import (
    SIZES,
    BenchFlags,
    LiftedParts,
    build_reference,
    compile_benchmark,
    shim_libraries,
)
from polylift.harness.compare import (
    BIT_EXACT,
    DIFF,
    PASS,
    Comparison,
    compare_arrays,
    overall_verdict,
)
from polylift.harness.coverage import (
    LiftSummary,
    kernel_flops,
    launch_names,
    matched_stage,
    summarize,
    ulp_bound,
)
from polylift.harness.extents import apply_extents
from polylift.harness.lift import compile_lifted
from polylift.harness.magnitude import kernel_magnitudes
from polylift.harness.run import RunResult, dumped_names, run_program
from polylift.harness.toolchain import CommandLog, Toolchain, target_named
from polylift.harness.wrapper import SignatureLike
from polylift.passes.registry import is_python_pass, load_pass
from polylift.passes.stages import backend_passes, lowered_backends
from polylift.tdl.library import load_library

FAIL = "FAIL"
INPUT_MODES = ("native", "exact")


@dataclass(frozen=True)
class CheckOptions:
    """Everything a check needs besides the benchmark itself."""

    backend: str = "ref"
    target: str = "x86_64"
    size: str = "MINI"
    inputs: str = "native"
    repeat: int = 1
    include_dirs: tuple[str, ...] = ()
    defines: tuple[str, ...] = ()
    keep: str | None = None
    ulp_bound: int | None = None  # None: from the launches' templates
    templates: tuple[str, ...] = ()  # extra template directories
    passes: tuple[str, ...] | None = None  # None: the backend's passes
    timeout: float | None = 900.0
    extra_objects: tuple[str, ...] = field(default=())
    link_objects: tuple[str, ...] = ()  # objects both programs link (a suite's utilities)
    # The kernel's array arguments are distinct, as if `restrict` (polylift-cc's option).
    assume_noalias: bool = False

    def validate(self) -> None:
        """Reject options no check can honour, before anything is built."""
        target_named(self.target)
        if self.size not in SIZES:
            raise UsageError(f"unknown size '{self.size}' (known: {', '.join(SIZES)})")
        if self.inputs not in INPUT_MODES:
            raise UsageError(f"input mode '{self.inputs}' is not supported yet (known: "
                             f"{', '.join(INPUT_MODES)})")
        if self.passes is None:
            backend_passes(self.backend)  # raises UsageError for an unknown backend
        if self.repeat < 1:
            raise UsageError("--repeat must be at least 1")

    def pass_list(self) -> tuple[str, ...]:
        """The polylift passes from the front end's MLIR to the LLVM dialect."""
        return self.passes if self.passes is not None else backend_passes(self.backend)


# (benchmark source, include dirs, defines, kernel name) -> (MLIR text, signature).
Translator = Callable[[Path, Sequence[str], Sequence[str], str], tuple[str, SignatureLike]]


def frontend_translator(source: Path, include_dirs: Sequence[str], defines: Sequence[str],
                        kernel: str, assume_noalias: bool = False) -> tuple[str, SignatureLike]:
    """The C front end on one kernel of `source`."""
    try:
        from polylift.frontend import translate_file
    except ImportError:
        raise BuildError("the C front end (polylift.frontend.translate_file) is not "
                         "available") from None
    translation = translate_file(str(source), include_dirs=tuple(include_dirs),
                                 defines=tuple(defines), function=kernel,
                                 assume_noalias=assume_noalias)
    if kernel not in translation.signatures:
        raise BuildError(f"the front end found no function '{kernel}' in {source.name}")
    return translation.mlir, translation.signatures[kernel]


@dataclass(frozen=True)
class CheckResult:
    """The outcome of checking one benchmark."""

    benchmark: str
    kernel: str
    verdict: str
    reference_s: float | None = None
    lifted_s: float | None = None
    arrays: tuple[Comparison, ...] = ()
    message: str = ""
    reproducer: str | None = None
    coverage: str = "-"
    launches: tuple[str, ...] = ()  # the templates of the kernel's launches
    residual_loops: int = 0
    flops: float | None = None  # one kernel call, from the templates' costs
    ulp_bound: int = 0
    reference_times: tuple[float, ...] = ()
    lifted_times: tuple[float, ...] = ()
    # The launch audit, when the end-to-end comparison was outside the bound and the
    # kernel calls a backend other than ref (see harness/audit.py).
    audit: tuple[LaunchAudit, ...] = ()

    @property
    def ok(self) -> bool:
        """Whether the lifted program computed the reference's results (within bound)."""
        return self.verdict in (BIT_EXACT, PASS)

    @property
    def speedup(self) -> float | None:
        """Reference time over lifted time (medians of the same check)."""
        if self.reference_s and self.lifted_s:
            return self.reference_s / self.lifted_s
        return None

    @property
    def gflops(self) -> float | None:
        """The lifted kernel's achieved GFLOP/s, where its flop count is known."""
        if self.flops and self.lifted_s:
            return self.flops / self.lifted_s * 1e-9
        return None


def kernel_name(source: Path) -> str:
    """`kernel_<stem>` with the stem made an identifier (`jacobi-2d.c` -> `kernel_jacobi_2d`)."""
    return "kernel_" + re.sub(r"\W", "_", source.stem)


def default_include_dirs(source: Path) -> tuple[str, ...]:
    """The benchmark's own directory and a sibling `include/`, where they exist."""
    dirs = [source.parent.resolve(), source.parent.resolve().parent / "include"]
    return tuple(str(d) for d in dirs if d.is_dir())


def _workdir(options: CheckOptions, kernel: str) -> Path:
    if options.keep:
        path = Path(options.keep) / kernel
        shutil.rmtree(path, ignore_errors=True)
        path.mkdir(parents=True)
        return path
    return Path(tempfile.mkdtemp(prefix=f"polylift-check-{kernel}-"))


def with_templates(passes: Sequence[str], templates: Sequence[str]) -> tuple[str, ...]:
    """`passes` with `templates=DIRS` given to every pass that takes that option."""
    if not templates:
        return tuple(passes)
    dirs = ",".join(str(Path(d).resolve()) for d in templates)
    out = []
    for element in passes:
        name, _, opts = element.partition("{")
        if is_python_pass(name.strip()) and "templates" in load_pass(name.strip()).option_help:
            inner = opts.rstrip("}").strip()
            element = f"{name}{{{(inner + ' ') if inner else ''}templates={dirs}}}"
        out.append(element)
    return tuple(out)


def _absolute(paths: Sequence[str]) -> tuple[str, ...]:
    """`paths` resolved against the directory the command started in."""
    return tuple(str(Path(p).resolve()) for p in paths)


@dataclass(frozen=True)
class _Built:
    reference: Path
    lifted: Path
    sig: SignatureLike
    summary: LiftSummary
    parts: LiftedParts


def _build(source: Path, options: CheckOptions, translate: Translator, tc: Toolchain,
           kernel: str) -> _Built:
    local = tc.workdir / "bench.c"
    shutil.copyfile(source, local)
    # The compilers run in the work directory: the user's relative paths are theirs.
    includes = (*default_include_dirs(source), *_absolute(options.include_dirs))
    flags = BenchFlags(options.size, includes, options.defines,
                       (*_absolute(options.link_objects), "-lm"))
    tc.log.note(f"front end: {kernel} of bench.c -> kernel.mlir")
    mlir, front_sig = translate(source, includes, (f"{options.size}_DATASET", *options.defines),
                                kernel)
    sig = apply_extents(front_sig, source)
    (tc.workdir / "kernel.mlir").write_text(mlir)
    bench_obj = compile_benchmark(local, flags, tc)
    reference = build_reference(bench_obj, sig, flags, tc)
    kernel_obj = compile_lifted(mlir, kernel, with_templates(options.pass_list(),
                                                             options.templates), tc)
    extra = [Path(o).resolve() for o in options.extra_objects]
    shims = shim_libraries(lowered_backends(options.pass_list()), options.target,
                           options.templates)
    parts = LiftedParts(bench_obj, sig, kernel_obj, flags, tuple(extra), tuple(shims))
    lifted = parts.build(tc)
    stage = matched_stage(tc.workdir)
    summary = (summarize(stage.read_text(), kernel, sig, load_library(options.templates))
               if stage else LiftSummary((), 0))
    return _Built(reference, lifted, sig, summary, parts)


def _build_and_run(source: Path, options: CheckOptions, translate: Translator,
                   tc: Toolchain, kernel: str) -> CheckResult:
    built = _build(source, options, translate, tc, kernel)
    library = load_library(options.templates)
    runs = [run_program(exe, built.sig, tc, options.repeat, options.timeout, options.inputs)
            for exe in (built.reference, built.lifted)]
    bound = options.ulp_bound
    if bound is None:
        bound = ulp_bound(built.summary, library, options.backend, options.inputs,
                          runs[1].scalars)
    names = dumped_names(built.sig, runs[0].arrays)
    if set(names) != set(dumped_names(built.sig, runs[1].arrays)) or not names:
        raise BuildError("the two programs did not dump the same arrays (main called the "
                         "kernel a different number of times?)")
    for name in names:
        tc.log.lines.append(f"cmp reference.out/{name}.bin lifted.out/{name}.bin")
    comparisons = _compare(built.sig, runs[0], runs[1], bound)
    magnitudes = None
    if overall_verdict(comparisons) == DIFF and bound > 0:
        # Cancelling sums are held to the precision of their terms (harness/magnitude.py).
        magnitudes = kernel_magnitudes(built.parts, built.summary, library, tc,
                                       options.inputs, options.templates, options.timeout)
        if magnitudes is not None:
            comparisons = _compare(built.sig, runs[0], runs[1], bound, magnitudes)
    verdict = overall_verdict(comparisons)
    message = "\n".join(filter(None, [
        _inexact_note(built.summary, options.inputs),
        "; ".join(c.describe() for c in comparisons if c.verdict != BIT_EXACT)]))
    audit: Audit | None = None
    if verdict == DIFF:
        audit = audit_launches(built.parts, built.summary, tc, runs[0], options.inputs,
                               options.templates, options.timeout, magnitudes)
    if audit is not None:
        verdict = audit.verdict
        message += "\n" + audit.describe()
    summary = built.summary
    return CheckResult(source.stem, kernel, verdict, runs[0].seconds, runs[1].seconds,
                       tuple(comparisons), message, coverage=summary.coverage,
                       launches=tuple(launch_names(summary)), residual_loops=summary.residual,
                       flops=kernel_flops(summary, library, runs[1].scalars), ulp_bound=bound,
                       reference_times=runs[0].times, lifted_times=runs[1].times,
                       audit=audit.records if audit is not None else ())


def _inexact_note(summary: LiftSummary, inputs: str) -> str:
    """Why exact inputs do not hold this kernel's launches to 0 ULP, or ""."""
    if inputs != "exact" or not summary.inexact or not summary.launches:
        return ""
    return (f"exact inputs do not keep every value exact: the kernel "
            f"{'; '.join(summary.rounding)}; its launches have the bounds of native inputs")


def _compare(sig: SignatureLike, reference: RunResult, lifted: RunResult, bound: int,
             magnitudes: dict[str, np.ndarray] | None = None) -> list[Comparison]:
    """Every array the kernel writes, the reference's against the lifted program's."""
    return [compare_arrays(name, reference.arrays[name], lifted.arrays[name], bound,
                           (magnitudes or {}).get(name))
            for name in dumped_names(sig, reference.arrays)]


def check_benchmark(source: str | Path, options: CheckOptions,
                    translate: Translator | None = None) -> CheckResult:
    """Check one benchmark; a DIFF or failure leaves a reproducer directory."""
    options.validate()
    path = Path(source)
    if not path.is_file():
        raise UsageError(f"no such benchmark '{source}'")
    kernel = kernel_name(path)
    workdir = _workdir(options, kernel)
    tc = Toolchain(target_named(options.target), workdir, CommandLog(workdir))
    if translate is None:
        translate = partial(frontend_translator, assume_noalias=options.assume_noalias)
    try:
        result = _build_and_run(path, options, translate, tc, kernel)
    except PolyliftError as exc:
        result = CheckResult(path.stem, kernel, FAIL, message=exc.render())
    if result.verdict in (DIFF, FAIL):
        (workdir / "repro.sh").write_text(tc.log.script())
        (workdir / "repro.sh").chmod(0o755)
        return replace(result, reproducer=str(workdir))
    if options.keep:
        (workdir / "repro.sh").write_text(tc.log.script())
    else:
        shutil.rmtree(workdir, ignore_errors=True)
    return result
