"""Suites: the benchmarks of a directory or of a PolyBench/C checkout, checked in turn.

A suite is one of polylift's own, a folder of `benchmarks/` (`linalg`, `cnn`, `image`,
`arrays`, `kernels`, `framework`, `sparse`), or any directory of `.c` benchmarks.
`--polybench-root DIR` takes an unmodified PolyBench/C 4.2.1 checkout: every
`<category>/[<group>/]<name>/<name>.c` is a benchmark whose kernel is `kernel_<name>`;
each is compiled with `-I DIR/utilities`, `-DPOLYBENCH_USE_C99_PROTO` (so arrays are C99
VLA parameters with their sizes) and `-DPOLYBENCH_USE_RESTRICT`, and both programs link
`utilities/polybench.c`, compiled once per target and cached.

Checks run one at a time, or `jobs` at a time in worker processes; each verdict goes to
stderr as its check finishes (`polylift.progress`).
"""

from __future__ import annotations

import hashlib
import multiprocessing
import os
import tempfile
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import replace
from pathlib import Path

from polylift.errors import UsageError
from polylift.harness.check import CheckOptions, CheckResult, Translator, check_benchmark
from polylift.harness.programs.gpu import require_backend_devices
from polylift.harness.programs.toolchain import C_FLAGS, CommandLog, Toolchain, target_named
from polylift.progress import Progress
from polylift.resources import benchmarks_dir

POLYBENCH_DEFINES = ("POLYBENCH_USE_C99_PROTO", "POLYBENCH_USE_RESTRICT")


def suite_sources(suite: str, root: Path | None = None) -> list[Path]:
    """The benchmarks of a suite name (a folder of `benchmarks/`) or a directory, sorted."""
    candidates = [Path(suite)]
    if "/" not in suite:
        bases = [root / "benchmarks"] if root else [Path.cwd() / "benchmarks",
                                                    benchmarks_dir()]
        candidates = [b / suite for b in bases] + candidates
    for directory in candidates:
        if directory.is_dir():
            sources = sorted(directory.glob("*.c"))
            if sources:
                return sources
            raise UsageError(f"suite '{suite}' ({directory}) has no .c benchmarks")
    raise UsageError(f"no suite '{suite}': not a suite name nor a directory")


def suite_selection(suites: str, kernels: str | None,
                    root: Path | None = None) -> dict[str, list[Path]]:
    """The benchmarks of each comma-separated suite: those whose stem `kernels` (a comma
    list) names, or every one where `kernels` is None. A name that no suite holds is an
    error, so a typo never times or calibrates less than was asked for."""
    chosen = {suite: suite_sources(suite, root) for suite in suites.split(",") if suite}
    if not chosen:
        raise UsageError("no suite named")
    if kernels is None:
        return chosen
    wanted = [k for k in kernels.split(",") if k]
    chosen = {suite: [s for s in sources if s.stem in wanted]
              for suite, sources in chosen.items()}
    missing = sorted(set(wanted) - {s.stem for sources in chosen.values() for s in sources})
    if missing or not wanted:
        raise UsageError(f"--kernels names no benchmark of the suites {suites}: "
                         f"{', '.join(missing) or '(none)'}")
    return chosen


def polybench_sources(root: Path) -> list[Path]:
    """Every `<...>/<name>/<name>.c` of a PolyBench checkout, sorted by name."""
    if not (root / "utilities" / "polybench.h").is_file():
        raise UsageError(f"'{root}' is not a PolyBench/C checkout (no utilities/polybench.h)")
    found = [p for pattern in ("*/*/*.c", "*/*/*/*.c") for p in root.glob(pattern)
             if p.stem == p.parent.name and "utilities" not in p.parts]
    if not found:
        raise UsageError(f"the PolyBench checkout '{root}' has no <name>/<name>.c benchmarks")
    return sorted(found, key=lambda p: (p.stem, str(p)))


def _cache_dir() -> Path:
    path = Path(tempfile.gettempdir()) / "polylift-cache"
    path.mkdir(exist_ok=True)
    return path


def polybench_utilities(root: Path, target: str) -> Path:
    """`utilities/polybench.c` compiled for `target` (cached by content and flags)."""
    source = root / "utilities" / "polybench.c"
    if not source.is_file():
        raise UsageError(f"'{root}' has no utilities/polybench.c")
    flags = [*C_FLAGS, f"-I{root / 'utilities'}", *(f"-D{d}" for d in POLYBENCH_DEFINES)]
    key = hashlib.sha256("\0".join([source.read_text(), target, *flags]).encode()).hexdigest()
    obj = _cache_dir() / f"polybench-{target}-{key[:16]}.o"
    if obj.is_file():
        return obj
    work = Path(tempfile.mkdtemp(prefix="polylift-polybench-", dir=_cache_dir()))
    tc = Toolchain(target_named(target), work, CommandLog(work))
    tc.run([tc.gcc(), *flags, "-c", str(source), "-o", "polybench.o"],
           "compiling utilities/polybench.c")
    os.replace(work / "polybench.o", obj)  # atomic: a concurrent build writes the same bits
    work.rmdir()
    return obj


def polybench_options(root: Path, options: CheckOptions) -> CheckOptions:
    """`options` for the benchmarks of a PolyBench checkout at `root`."""
    root = root.resolve()
    utilities = polybench_utilities(root, options.target)
    return replace(options, include_dirs=(str(root / "utilities"), *options.include_dirs),
                   defines=(*POLYBENCH_DEFINES, *options.defines),
                   link_objects=(str(utilities), *options.link_objects))


def check_suite(sources: Sequence[Path], options: CheckOptions,
                translate: Translator | None = None, progress: bool = True,
                jobs: int = 1) -> list[CheckResult]:
    """Check every benchmark (`jobs` at a time); each verdict goes to stderr as its
    check finishes, above a progress bar (`progress`, where the terminal holds one).

    Results come back in the order of `sources`. With `jobs` > 1 each check runs in a
    worker process, so `translate` must be picklable (a module-level function).
    """
    options.validate()
    require_backend_devices(options.pass_list())
    results: dict[int, CheckResult] = {}

    def finished(i: int, result: CheckResult) -> None:
        results[i] = result
        shown.done(f"{result.verdict}: {result.kernel}")

    with Progress(len(sources), "check", bar=progress) as shown:
        if jobs <= 1:
            for i, source in enumerate(sources):
                shown.working(source.stem)
                finished(i, check_benchmark(source, options, translate))
        else:
            context = multiprocessing.get_context("spawn")
            with ProcessPoolExecutor(max_workers=jobs, mp_context=context) as pool:
                futures = {pool.submit(check_benchmark, source, options, translate): i
                           for i, source in enumerate(sources)}
                for future in as_completed(futures):
                    finished(futures[future], future.result())
    return [results[i] for i in range(len(sources))]
