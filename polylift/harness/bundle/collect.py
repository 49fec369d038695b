"""`polylift check --collect DIR`: the compare stage on a bundle whose `run.sh` ran.

Every program's outputs, times and exit status lie beside it. A kernel whose build
failed, a program that did not run or failed, or outputs that cannot be read give a
FAIL that says so, as a local check would. The magnitude run and the launch audit come
from the programs the bundle carried for them (`write.py` builds them where a kernel
has them), so a DIFF is judged as a local check judges it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np

from polylift.errors import BuildError, PolyliftError
from polylift.harness.build_stage import CheckOptions, library_key
from polylift.harness.comparison.audit import AUDIT_FILE, Audit, judge_audit, read_audit
from polylift.harness.facts.manifest import (
    AUDITED,
    FROM_C,
    LIFTED,
    MAGNITUDE,
    REFERENCE,
    BuildManifest,
    KernelEntry,
    read_manifest_json,
)
from polylift.harness.programs.run import RunResult, dump_dir, read_run
from polylift.harness.verdict import FAIL, CheckResult, judge
from polylift.tdl.library import Library, load_library

TIMED_OUT = "124"  # the exit status of timeout(1) when it stopped the program


def read_program(folder: Path, entry: KernelEntry, role: str) -> RunResult | None:
    """What program `role` of a kernel wrote when `run.sh` ran it; None when the kernel
    has no such program; a `BuildError` when it did not run or failed."""
    program = entry.program(role)
    if program is None:
        return None
    assert entry.signature is not None
    status_file = folder / f"{program.path}.status"
    if not status_file.is_file():
        raise BuildError(f"{entry.directory}/{program.path} has not run (no "
                         f"{status_file.name}): run the bundle's run.sh first")
    status = status_file.read_text().strip()
    if status == TIMED_OUT:
        raise BuildError(f"running {program.path}: timed out (run.sh's POLYLIFT_TIMEOUT)")
    if status != "0":
        stderr = folder / f"{program.path}.stderr"
        lines = stderr.read_text(errors="replace").strip().splitlines()[-12:] \
            if stderr.is_file() else []
        raise BuildError(f"running {program.path} failed (exit {status}): "
                         + ("\n".join(lines) or "no output"))
    stdout = folder / f"{program.path}.stdout"
    return read_run(folder / dump_dir(program.path), entry.signature, program.path,
                    stdout.read_text(errors="replace") if stdout.is_file() else "")


@dataclass(frozen=True)
class BundleSupplements:
    """The magnitude run and the launch audit, read from the bundle's outputs."""

    folder: Path
    entry: KernelEntry
    config: BuildManifest
    library: Library
    reference: RunResult

    def magnitudes(self) -> dict[str, np.ndarray] | None:
        """The magnitudes the bundle's magnitude program wrote, or None."""
        run = read_program(self.folder, self.entry, MAGNITUDE)
        return run.arrays if run is not None else None

    def audit(self, magnitudes: dict[str, np.ndarray] | None) -> Audit | None:
        """The audit from the bundle's audited program, or None (no backend shim)."""
        run = read_program(self.folder, self.entry, AUDITED)
        if run is None:
            return None
        assert self.entry.signature is not None and self.entry.summary is not None
        return judge_audit(run, read_audit(self.folder / AUDIT_FILE), self.reference,
                           self.entry.signature, self.entry.summary, self.library,
                           self.config.inputs, magnitudes)


def _collect_kernel(root: Path, config: BuildManifest, entry: KernelEntry,
                    library: Library) -> CheckResult:
    if entry.error:
        return CheckResult(entry.benchmark, entry.kernel, FAIL, message=entry.error)
    folder = root / entry.directory
    try:
        reference = read_program(folder, entry, REFERENCE)
        lifted = read_program(folder, entry, LIFTED)
        assert reference is not None and lifted is not None
        result = judge(config, entry, reference, lifted, library,
                       BundleSupplements(folder, entry, config, library, reference),
                       read_program(folder, entry, FROM_C))
    except PolyliftError as exc:
        result = CheckResult(entry.benchmark, entry.kernel, FAIL, message=exc.render())
    if not result.ok:
        result = replace(result, reproducer=str(folder))
    return result


def manifest_options(manifest: BuildManifest) -> CheckOptions:
    """The check options a bundle was built with, as a local check's report shows them."""
    return CheckOptions(backend=manifest.backend, target=manifest.target, size=manifest.size,
                        inputs=manifest.inputs, repeat=manifest.repeat,
                        ulp_bound=manifest.ulp_bound, templates=manifest.templates)


def collect_bundle(root: Path) -> tuple[BuildManifest, list[CheckResult]]:
    """The manifest of the bundle at `root` and the verdict of each of its kernels."""
    config = read_manifest_json(root)
    if library_key(config.templates) != config.library_key:
        raise BuildError(f"{root}: the template library is not the one the bundle was built "
                         "with (its bounds and launches would not be the bundle's): collect "
                         "with the polylift and templates that built it")
    library = load_library(config.templates)
    return config, [_collect_kernel(root, config, e, library) for e in config.kernels]


__all__ = ["collect_bundle", "manifest_options", "read_program"]
