"""The check driver: build the reference and the lifted program, run both, compare.

A DIFF or a failure keeps the work directory as a reproducer: the sources (`bench.c`,
`wrapper.c`, `adapter.c`), the MLIR at each stage, `kernel.ll`, the objects, the
programs' dumps and `repro.sh`, which replays every command.
"""

from __future__ import annotations

import re
import shutil
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from polylift.errors import BuildError, PolyliftError, UsageError
from polylift.harness.build import (
    SIZES,
    BenchFlags,
    build_lifted,
    build_reference,
    compile_benchmark,
)
from polylift.harness.compare import (
    BIT_EXACT,
    DIFF,
    PASS,
    Comparison,
    compare_arrays,
    overall_verdict,
)
from polylift.harness.lift import BACKEND_PASSES, compile_lifted
from polylift.harness.run import run_program
from polylift.harness.toolchain import CommandLog, Toolchain, target_named
from polylift.harness.wrapper import SignatureLike

FAIL = "FAIL"
INPUT_MODES = ("native",)


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
    ulp_bound: int = 0
    passes: tuple[str, ...] | None = None  # None: the backend's passes
    timeout: float | None = 900.0
    extra_objects: tuple[str, ...] = field(default=())

    def validate(self) -> None:
        """Reject options no check can honour, before anything is built."""
        target_named(self.target)
        if self.size not in SIZES:
            raise UsageError(f"unknown size '{self.size}' (known: {', '.join(SIZES)})")
        if self.inputs not in INPUT_MODES:
            raise UsageError(f"input mode '{self.inputs}' is not supported yet (known: "
                             f"{', '.join(INPUT_MODES)})")
        if self.passes is None and self.backend not in BACKEND_PASSES:
            raise UsageError(f"backend '{self.backend}' is not supported yet (known: "
                             f"{', '.join(sorted(BACKEND_PASSES))})")
        if self.repeat < 1:
            raise UsageError("--repeat must be at least 1")

    def pass_list(self) -> tuple[str, ...]:
        """The polylift passes from the front end's MLIR to the LLVM dialect."""
        return self.passes if self.passes is not None else BACKEND_PASSES[self.backend]


# (benchmark source, include dirs, defines, kernel name) -> (MLIR text, signature).
Translator = Callable[[Path, Sequence[str], Sequence[str], str], tuple[str, SignatureLike]]


def frontend_translator(source: Path, include_dirs: Sequence[str], defines: Sequence[str],
                        kernel: str) -> tuple[str, SignatureLike]:
    """The C front end on one kernel of `source`."""
    try:
        from polylift.frontend import translate_file
    except ImportError:
        raise BuildError("the C front end (polylift.frontend.translate_file) is not "
                         "available") from None
    translation = translate_file(str(source), include_dirs=tuple(include_dirs),
                                 defines=tuple(defines), function=kernel)
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

    @property
    def ok(self) -> bool:
        """Whether the lifted program computed the reference's results (within bound)."""
        return self.verdict in (BIT_EXACT, PASS)

    @property
    def speedup(self) -> float | None:
        """Reference time over lifted time."""
        if self.reference_s and self.lifted_s:
            return self.reference_s / self.lifted_s
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


def _build_and_run(source: Path, options: CheckOptions, translate: Translator,
                   tc: Toolchain, kernel: str) -> CheckResult:
    local = tc.workdir / "bench.c"
    shutil.copyfile(source, local)
    includes = (*default_include_dirs(source), *options.include_dirs)
    flags = BenchFlags(options.size, includes, options.defines)
    tc.log.note(f"front end: {kernel} of bench.c -> kernel.mlir")
    mlir, sig = translate(source, includes, (f"{options.size}_DATASET", *options.defines), kernel)
    (tc.workdir / "kernel.mlir").write_text(mlir)
    bench_obj = compile_benchmark(local, flags, tc)
    reference = build_reference(bench_obj, sig, flags, tc)
    tc.log.note("00-input.mlir is kernel.mlir with the kernel renamed and its C interface on")
    kernel_obj = compile_lifted(mlir, kernel, options.pass_list(), tc)
    extra = [Path(o).resolve() for o in options.extra_objects]
    lifted = build_lifted(bench_obj, sig, kernel_obj, flags, tc, extra)
    ref_run = run_program(reference, sig, tc, options.repeat, options.timeout)
    lifted_run = run_program(lifted, sig, tc, options.repeat, options.timeout)
    comparisons = []
    for name in sig.written:
        if name not in lifted_run.arrays or name not in ref_run.arrays:
            raise BuildError(f"array '{name}' was not dumped by both programs")
        comparisons.append(compare_arrays(name, ref_run.arrays[name], lifted_run.arrays[name],
                                          options.ulp_bound))
        tc.log.lines.append(f"cmp reference.out/{name}.bin lifted.out/{name}.bin")
    verdict = overall_verdict(comparisons)
    message = "; ".join(c.describe() for c in comparisons if c.verdict != BIT_EXACT)
    return CheckResult(source.stem, kernel, verdict, ref_run.seconds, lifted_run.seconds,
                       tuple(comparisons), message)


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
    try:
        result = _build_and_run(path, options, translate or frontend_translator, tc, kernel)
    except PolyliftError as exc:
        result = CheckResult(path.stem, kernel, FAIL, message=exc.render())
    if result.verdict in (DIFF, FAIL):
        (workdir / "repro.sh").write_text(tc.log.script())
        (workdir / "repro.sh").chmod(0o755)
        return CheckResult(**{**result.__dict__, "reproducer": str(workdir)})
    if options.keep:
        (workdir / "repro.sh").write_text(tc.log.script())
    else:
        shutil.rmtree(workdir, ignore_errors=True)
    return result


def suite_sources(suite: str, root: Path | None = None) -> list[Path]:
    """The benchmarks of a suite name (`linalg`, `cnn`, `image`) or a directory, sorted."""
    candidates = [Path(suite)]
    if "/" not in suite:
        bases = [root] if root else [Path.cwd(), Path(__file__).resolve().parents[2]]
        candidates = [b / "benchmarks" / suite for b in bases] + candidates
    for directory in candidates:
        if directory.is_dir():
            sources = sorted(directory.glob("*.c"))
            if sources:
                return sources
            raise UsageError(f"suite '{suite}' ({directory}) has no .c benchmarks")
    raise UsageError(f"no suite '{suite}': not a suite name nor a directory")


def check_suite(sources: Sequence[Path], options: CheckOptions,
                translate: Translator | None = None, progress: bool = True) -> list[CheckResult]:
    """Check every benchmark, with a progress bar on stderr when `progress`."""
    from tqdm import tqdm

    results = []
    bar = tqdm(sources, desc="check", unit="kernel", disable=not progress, leave=False)
    for source in bar:
        bar.set_postfix_str(source.stem)
        results.append(check_benchmark(source, options, translate))
    return results
