"""The compare stage: a kernel's manifest entry and its programs' outputs to a verdict.

It reads nothing but what the build stage recorded (`manifest.py`) and what the runs
wrote, so it gives the same verdict in the process that built and ran the programs
(`check.py`) and on a bundle collected from another machine (`bundle/collect.py`).
The verdict bound comes from the launches' templates (`coverage.ulp_bound`) unless the
manifest fixes one. A DIFF may need two more runs, the magnitude run (`magnitude.py`)
and the launch audit (`audit.py`); `Supplements` gives them, built and run on demand
in a local check, read from the bundle after a bundle's run.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

import numpy as np

from polylift.errors import BuildError
from polylift.harness.comparison.audit import Audit, LaunchAudit
from polylift.harness.comparison.compare import (
    BIT_EXACT,
    DIFF,
    PASS,
    Comparison,
    compare_arrays,
    overall_verdict,
)
from polylift.harness.facts.coverage import (
    LaunchCost,
    LiftSummary,
    kernel_flops,
    launch_costs,
    launch_names,
    ulp_bound,
)
from polylift.harness.facts.manifest import BuildManifest, KernelEntry
from polylift.harness.programs.run import RunResult, dumped_names
from polylift.harness.programs.wrapper import SignatureLike
from polylift.tdl.library import Library

FAIL = "FAIL"
# What a check of a kernel with no launch says: its lifted program runs the source's own
# code (the MLIR build is compared, never timed as the lifted one).
NO_LAUNCH = "no launch: the source's own code runs"
SOURCE_RUNS = (f"{NO_LAUNCH}, built as the reference is (its time is the lifted time); "
               "the MLIR build was compared")


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
    # kernel calls a backend other than ref (see harness/comparison/audit.py).
    audit: tuple[LaunchAudit, ...] = ()
    # The launches that run in a call, with sizes and a count known: their costs.
    launch_costs: tuple[LaunchCost, ...] = ()
    # No launch: `lifted_s` times the source's own code, built as the reference is (what
    # users get); the MLIR build was compared, and `mlir_s` is its time.
    source_runs: bool = False
    mlir_s: float | None = None

    @property
    def ok(self) -> bool:
        """Whether the lifted program computed the reference's results (within bound)."""
        return self.verdict in (BIT_EXACT, PASS)

    @property
    def speedup(self) -> float | None:
        """Reference time over lifted time (medians of the same check); 1 where the
        source's own code runs: that lifted program is the reference's executable, built
        again from the same objects, so its times differ by the machine's noise alone."""
        if self.reference_s and self.lifted_s and self.source_runs:
            return 1.0
        if self.reference_s and self.lifted_s:
            return self.reference_s / self.lifted_s
        return None

    @property
    def gflops(self) -> float | None:
        """The lifted kernel's achieved GFLOP/s, where its flop count is known."""
        if self.flops and self.lifted_s:
            return self.flops / self.lifted_s * 1e-9
        return None


class Supplements(Protocol):
    """The two runs a DIFF may call for (None: the kernel has no such run)."""

    def magnitudes(self) -> dict[str, np.ndarray] | None:
        """The magnitudes of the kernel's outputs (`magnitude.py`)."""
        ...

    def audit(self, magnitudes: dict[str, np.ndarray] | None) -> Audit | None:
        """The launch audit's verdict (`audit.py`)."""
        ...


def judge(config: BuildManifest, entry: KernelEntry, reference: RunResult, lifted: RunResult,
          library: Library, supplements: Supplements,
          timed: RunResult | None = None) -> CheckResult:
    """Compare the two programs' outputs of a built kernel; audit a DIFF. The lifted
    program's time is `timed`'s where given (the kernel as the reference's compiler built
    it, when nothing was lifted: the result says so)."""
    source_runs = timed is not None
    timed = timed if timed is not None else lifted
    sig, summary = entry.signature, entry.summary
    if sig is None or summary is None:
        raise BuildError(f"{entry.kernel} was not built: {entry.error}")
    bound = config.ulp_bound
    if bound is None:
        bound = ulp_bound(summary, library, config.backend, config.inputs, lifted.scalars)
    names = dumped_names(sig, reference.arrays)
    if set(names) != set(dumped_names(sig, lifted.arrays)) or not names:
        raise BuildError("the two programs did not dump the same arrays (main called the "
                         "kernel a different number of times?)")
    comparisons = compare_runs(sig, reference, lifted, bound)
    magnitudes = None
    if overall_verdict(comparisons) == DIFF and bound > 0:
        # Cancelling sums are held to the precision of their terms
        # (harness/comparison/magnitude.py).
        magnitudes = supplements.magnitudes()
        if magnitudes is not None:
            comparisons = compare_runs(sig, reference, lifted, bound, magnitudes)
    verdict = overall_verdict(comparisons)
    message = "\n".join(filter(None, [
        SOURCE_RUNS if source_runs else "",
        _inexact_note(summary, config.inputs),
        "; ".join(c.describe() for c in comparisons if c.verdict != BIT_EXACT)]))
    audit = supplements.audit(magnitudes) if verdict == DIFF else None
    if audit is not None:
        verdict = audit.verdict
        message += "\n" + audit.describe()
    return CheckResult(entry.benchmark, entry.kernel, verdict, reference.seconds,
                       timed.seconds, tuple(comparisons), message, coverage=summary.coverage,
                       launches=tuple(launch_names(summary)), residual_loops=summary.residual,
                       flops=kernel_flops(summary, library, lifted.scalars), ulp_bound=bound,
                       reference_times=reference.times, lifted_times=timed.times,
                       audit=audit.records if audit is not None else (),
                       launch_costs=launch_costs(summary, library, lifted.scalars),
                       source_runs=source_runs,
                       mlir_s=lifted.seconds if source_runs else None)


def _inexact_note(summary: LiftSummary, inputs: str) -> str:
    """Why exact inputs do not hold this kernel's launches to 0 ULP, or ""."""
    if inputs != "exact" or not summary.inexact or not summary.launches:
        return ""
    return (f"exact inputs do not keep every value exact: the kernel "
            f"{'; '.join(summary.rounding)}; its launches have the bounds of native inputs")


def compare_runs(sig: SignatureLike, reference: RunResult, lifted: RunResult, bound: int,
                 magnitudes: dict[str, np.ndarray] | None = None) -> list[Comparison]:
    """Every array the kernel writes, the reference's against the lifted program's."""
    return [compare_arrays(name, reference.arrays[name], lifted.arrays[name], bound,
                           (magnitudes or {}).get(name))
            for name in dumped_names(sig, reference.arrays)]


__all__ = ["FAIL", "NO_LAUNCH", "SOURCE_RUNS", "CheckResult", "Supplements", "compare_runs",
           "judge"]
