"""Baking one kernel: every stage through the cache, then its directory written.

`bake_kernel` runs in a worker process; it takes a picklable `KernelJob` and returns the
kernel's summary (what `index.json` lists) and how many stages it computed or found
cached. A stage that fails records its error and the stages after it are skipped, so one
kernel never stops the bake.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from polylift.bake.cache import StageCache, digest, fingerprint
from polylift.bake.checks import (
    CheckConfig,
    CheckSetup,
    failed_check,
    machine_paths,
    run_check,
    scrub,
)
from polylift.bake.document import RESULTS_NAME, kernel_document, suite_config
from polylift.bake.job import KernelJob
from polylift.bake.stages import (
    FAILED,
    OK,
    SKIPPED,
    SOURCE_NAME,
    StageResult,
    frontend_stage,
    linalg_stage,
    llvm_stage,
    lower_stage,
    match_stage,
)
from polylift.bake.summary import commands_text, summarize
from polylift.output import write_atomically
from polylift.passes.stages import AFFINE, LINALG, LLVM, LOWERED, MATCHED
from polylift.results import dumps


class CacheMiss(Exception):
    """An offline run needed a stage that is not cached."""


class Runner:
    """Looks each stage up in the cache and computes it only when missing.

    Offline, a missing stage raises `CacheMiss` instead (the driver then sends the
    kernel to a worker)."""

    def __init__(self, cache: StageCache, offline: bool = False,
                 paths: dict[str, str] | None = None):
        self.cache = cache
        self.offline = offline
        self.paths = paths or {}  # machine paths to keep out of recorded errors
        self.computed = 0
        self.cached = 0

    def stage(self, key: str, compute: Callable[[], StageResult]) -> StageResult:
        """The stage's result under `key`, computed (and stored) when not cached."""
        record = self.cache.get(key)
        if record is not None:
            self.cached += 1
            return StageResult.from_json(record)
        if self.offline:
            raise CacheMiss(key)
        try:
            result = compute()
        except Exception as exc:  # a bug in one stage must not stop the bake
            result = StageResult(FAILED, error=f"internal error: {type(exc).__name__}: {exc}")
        result.error = scrub(result.error, self.paths)
        self.cache.put(key, result.to_json())
        self.computed += 1
        return result


def header_parts(include_dirs: tuple[str, ...], display: tuple[str, ...]) -> list[str]:
    """Name and text of every header the kernel could include (part of its inputs)."""
    parts = []
    for directory, shown in zip(include_dirs, display, strict=True):
        for header in sorted(Path(directory).glob("*.h")):
            parts += [f"{shown}/{header.name}", header.read_text(errors="replace")]
    return parts


def run_stages(job: KernelJob, runner: Runner, source_key: str,
               source_text: str) -> dict[str, StageResult]:
    """The baked stages of the stage table in order, from the affine stage to LLVM IR;
    those after a failure are SKIPPED."""
    fp = fingerprint()
    defines = (f"{job.sizes[0]}_DATASET", *job.defines)
    stages: dict[str, StageResult] = {}
    stages[AFFINE.key] = runner.stage(
        digest(AFFINE.key, source_key, *defines, job.function, str(job.assume_noalias), fp),
        lambda: frontend_stage(source_text, job.include_dirs, defines, job.function,
                               job.assume_noalias))

    def chained(name: str, prev: str, flags: str, compute: Callable[[str], StageResult]) -> None:
        before = stages[prev]
        if before.status != OK:
            stages[name] = StageResult(SKIPPED, error=f"{prev} did not complete")
            return
        key = digest(name, flags, digest(before.carry), fp)
        stages[name] = runner.stage(key, lambda: compute(before.carry))

    chained(LINALG.key, AFFINE.key, ",".join(LINALG.flags), linalg_stage)
    policy, options = job.offload.key(), job.offload.pass_options()
    chained(MATCHED.key, LINALG.key, ",".join(MATCHED.flags) + policy,
            lambda text: match_stage(text, options))
    for backend in job.backends:
        lowered = LOWERED.name(backend)
        chained(lowered, MATCHED.key, backend + policy,
                lambda text, b=backend: lower_stage(text, b, options))
        chained(LLVM.name(backend), lowered, backend,
                lambda text, b=backend: llvm_stage(text, b))
    return stages


def check_setup(job: KernelJob) -> CheckSetup:
    """How `check_benchmark` must build this kernel (a PolyBench kernel links its utilities)."""
    if job.polybench:
        return CheckSetup(polybench_root=str(Path(job.root) / job.polybench),
                          assume_noalias=job.assume_noalias, offload=job.offload)
    return CheckSetup(job.include_dirs[job.default_includes:], job.defines,
                      assume_noalias=job.assume_noalias, offload=job.offload)


def run_checks(job: KernelJob, runner: Runner, source_key: str) -> list[dict[str, Any]]:
    """One `check_benchmark` record per configuration, each cached on its own."""
    results = []
    scrubs = machine_paths(job.source, job.display, job.root)
    for config in job.configs:
        key = digest("check", source_key, config.label, *job.include_display, *job.defines,
                     str(job.assume_noalias), job.offload.key(), fingerprint())

        def compute(config: CheckConfig = config) -> StageResult:
            record = run_check(Path(job.source), config, check_setup(job), scrubs)
            return StageResult(OK, data={"check": record})

        outcome = runner.stage(key, compute)
        results.append(outcome.data.get("check") or failed_check(config, "FAIL",
                                                                 outcome.error))
    return results


def write_if_changed(path: Path, text: str) -> None:
    """Write `path` only when its bytes differ (a cached bake touches nothing); through
    a temporary file of its own, so bakes sharing a folder never mix their writes."""
    try:
        if path.read_text() == text:
            return
    except OSError:
        pass
    write_atomically(str(path), text)


def bake_kernel(job: KernelJob, offline: bool = False) -> dict[str, Any]:
    """Bake one kernel; its summary and the counts of computed and cached stages."""
    runner = Runner(StageCache(Path(job.cache_dir)), offline,
                    machine_paths(job.source, job.display, job.root))
    source_text = Path(job.source).read_text()
    source_key = digest(source_text, *header_parts(job.include_dirs, job.include_display))
    stages = run_stages(job, runner, source_key, source_text)
    results = run_checks(job, runner, source_key) if job.check else []
    files = {SOURCE_NAME: source_text, "commands.txt": commands_text(job),
             **job.offload.files()}
    for result in stages.values():
        files.update(result.files)
    summary = summarize(job, stages, results)
    config = suite_config(job.backends, job.sizes, job.targets, job.check, job.library)
    files[RESULTS_NAME] = dumps(kernel_document(summary, config))
    out = Path(job.out_dir)
    out.mkdir(parents=True, exist_ok=True)
    for name in sorted(files):
        write_if_changed(out / name, files[name])
    for stale in out.iterdir():
        if stale.is_file() and stale.name not in files:
            stale.unlink()
    return {"summary": summary, "computed": runner.computed, "cached": runner.cached,
            "failed": any(r.status == FAILED for r in stages.values())}
