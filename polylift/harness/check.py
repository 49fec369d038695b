"""The check driver: the three stages of the harness in one process.

`build_stage.py` builds the reference and the lifted program and records them in a
manifest entry; `run.py` runs both here (natively or under the target's emulator) with
the same inputs (the benchmark's own, or the wrapper's exact values with
`inputs="exact"`) and the same timing (kernel call alone; with `repeat` N, a warm-up
call and the median of N); `verdict.py` compares their outputs. A DIFF builds and runs
the magnitude and audit programs here, when the verdict calls for them. A bundle
(`bundle/`) runs the same stages with a machine between the run and the rest.

A DIFF or a failure keeps the work directory as a reproducer: the sources (`bench.c`,
`wrapper.c`, `adapter.c`), the MLIR at each stage, the LLVM IR, the objects, the
programs' dumps, `manifest.json` and `repro.sh`, which replays every command.
"""

from __future__ import annotations

import shutil
from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path

import numpy as np

from polylift.errors import PolyliftError, UsageError
from polylift.harness.build_stage import (
    INPUT_MODES,
    CheckOptions,
    KernelBuild,
    Translator,
    build_kernel,
    build_manifest,
    default_include_dirs,
    frontend_translator,
    kernel_name,
    kernel_of,
    work_directory,
)
from polylift.harness.comparison.audit import Audit, audit_launches
from polylift.harness.comparison.compare import DIFF
from polylift.harness.comparison.magnitude import kernel_magnitudes
from polylift.harness.facts.manifest import FROM_C, LIFTED, MANIFEST_NAME, REFERENCE, manifest_json
from polylift.harness.programs.gpu import require_backend_devices
from polylift.harness.programs.memo import BuildMemo
from polylift.harness.programs.run import RunResult, dumped_names, run_program
from polylift.harness.programs.toolchain import CommandLog, Toolchain, target_named
from polylift.harness.verdict import FAIL, CheckResult, judge
from polylift.tdl.library import load_library

__all__ = ["FAIL", "INPUT_MODES", "CheckOptions", "CheckResult", "Translator",
           "check_benchmark", "default_include_dirs", "frontend_translator", "kernel_name"]


@dataclass(frozen=True)
class LocalSupplements:
    """The magnitude run and the launch audit, built and run here when asked for."""

    built: KernelBuild
    options: CheckOptions
    tc: Toolchain
    reference: RunResult

    def magnitudes(self) -> dict[str, np.ndarray] | None:
        """The magnitudes of the kernel's outputs, or None (`magnitude.py`)."""
        summary = self.built.entry.summary
        assert summary is not None
        return kernel_magnitudes(self.built.parts, summary, load_library(self.options.templates),
                                 self.tc, self.options.inputs, self.options.templates,
                                 self.options.timeout)

    def audit(self, magnitudes: dict[str, np.ndarray] | None) -> Audit | None:
        """The launch audit, or None when the kernel calls no backend shim."""
        summary = self.built.entry.summary
        assert summary is not None
        return audit_launches(self.built.parts, summary, self.tc, self.reference,
                              self.options.inputs, self.options.templates,
                              self.options.timeout, magnitudes)


def _build_run_compare(source: Path, options: CheckOptions, translate: Translator,
                       tc: Toolchain) -> CheckResult:
    built = build_kernel(source, options, translate, tc)
    entry = built.entry
    manifest = build_manifest(options, [replace(entry, directory=".")])
    (tc.workdir / MANIFEST_NAME).write_text(manifest_json(manifest))
    assert entry.signature is not None
    runs = {}
    for role in (REFERENCE, LIFTED):
        program = entry.program(role)
        assert program is not None
        runs[role] = run_program(tc.workdir / program.path, entry.signature, tc,
                                 program.repeat, options.timeout, options.inputs)
    from_c = entry.program(FROM_C)
    timed = None if from_c is None else run_program(
        tc.workdir / from_c.path, entry.signature, tc, from_c.repeat, options.timeout,
        options.inputs)
    for name in dumped_names(entry.signature, runs[REFERENCE].arrays):
        tc.log.lines.append(f"cmp reference.out/{name}.bin lifted.out/{name}.bin")
    supplements = LocalSupplements(built, options, tc, runs[REFERENCE])
    return judge(manifest, entry, runs[REFERENCE], runs[LIFTED],
                 load_library(options.templates), supplements, timed)


def check_benchmark(source: str | Path, options: CheckOptions,
                    translate: Translator | None = None,
                    memo: BuildMemo | None = None) -> CheckResult:
    """Check one benchmark; a DIFF or failure leaves a reproducer directory. `memo`
    remembers compile outputs across the checks of a campaign (`programs/memo.py`)."""
    options.validate()
    require_backend_devices(options.pass_list())
    path = Path(source)
    if not path.is_file():
        raise UsageError(f"no such benchmark '{source}'")
    kernel = kernel_of(path, options)
    workdir = work_directory(options, kernel, "check")
    tc = Toolchain(target_named(options.target), workdir, CommandLog(workdir), memo)
    if translate is None:
        translate = partial(frontend_translator, assume_noalias=options.assume_noalias)
    try:
        result = _build_run_compare(path, options, translate, tc)
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
