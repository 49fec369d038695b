"""Calibration: the host calls against the loops they replace, timed on this machine.

For each benchmark and dataset size, three kinds of lifted program are built and timed
by the check harness (a warm-up call, then the median of N calls, the reference run
beside them and every output compared, so nothing slow-but-wrong is measured), each
`rounds` times, interleaved, keeping the least median (a busy machine only slows):

- *loops*: the passes without `match-kernels`: every raised loop lowered as the lifted
  program lowers residual loops (`lower-to-llvm`, `opt -O2`, `llc`);
- *all*: the host lowering of every launch;
- *only T*, for each template T when the kernel launches several: T's launches and the
  source loops of the others, by the `profitable` policy itself, under a profile made
  for that build (T wins, the others lose, those whose cost is unknown too).

The point of T at that size has `ratio = loops / (only T)` (`all` when T is the only
template the kernel launches): the call's speedup over its loops in this kernel (the
other loops, the same in both, make the ratio nearer 1 than that of the call alone,
never of the other sign), and the mean work (flops + bytes) of one run of T's launches
as its place on the profile's axis (`_point`). A launch inside loops whose trip counts
the harness reads (`LaunchCost.times`) is timed as any other: the kernel's times include
all its runs.
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from polylift.harness.check import CheckOptions, CheckResult, check_benchmark
from polylift.harness.facts.coverage import LaunchCost
from polylift.lowering.host_policy import BACKEND
from polylift.lowering.profile import Entry, Point, Profile
from polylift.passes.stages import backend_passes
from polylift.tdl.library import load_library


@dataclass(frozen=True)
class Measured:
    """One benchmark at one size: its points, or why it gave none."""

    benchmark: str
    size: str
    points: tuple[tuple[str, str, Point], ...] = ()  # (template, dtype, point)
    note: str = ""


def _checked(source: Path, options: CheckOptions) -> CheckResult | str:
    """The check's result, or why it cannot be timed."""
    result = check_benchmark(source, options)
    if not result.ok or not result.lifted_s:
        return f"{result.verdict}: {result.message.splitlines()[0] if result.message else ''}"
    return result


def _only(template: str, launched: Sequence[str], workdir: Path) -> str:
    """A profile file in which `template` wins and the kernel's other templates lose, of
    `launched` (every template the kernel launches), in every type they serve: those
    whose cost is unknown (a launch run an unknown number of times) too, as the policy
    launches a template the profile lacks, which would time it with `template`."""
    library = load_library()
    kinds = sorted({(name, dtype) for name in launched if name in library.templates
                    for dtype in library.templates[name].dtypes})
    entries = tuple(Entry(name, BACKEND, dtype, (Point(0.0, 2.0 if name == template else 0.5),))
                    for name, dtype in kinds)
    path = workdir / f"only-{template}.json"
    path.write_text(Profile(path.name, entries).to_json())
    return str(path)


def _point(benchmark: str, size: str, costs: list[LaunchCost], loops_s: float,
           call_s: float) -> Point:
    """The point of one template: the work of one launch, the mean over every run of
    its launches in the call (a launch run 100 times in a loop weighs 100), and the
    kernel's speedup.

    The work is that of a single run, never multiplied by the times it runs: the
    `profitable` policy (`host_policy.choose`) compares the work of one launch with the
    profile's points, as each run pays the call's overhead once. The ratio is of the
    whole kernel's times, in which every run counts."""
    runs = sum(c.times for c in costs)
    work = sum((c.flops + c.moved) * c.times for c in costs) / runs
    return Point(work, loops_s / call_s, costs[0].sizes, benchmark, size, loops_s, call_s)


def _fastest(source: Path, builds: dict[str, CheckOptions], rounds: int,
             first: dict[str, float]) -> dict[str, float] | str:
    """The least median time of each build over `rounds` rounds, the builds interleaved
    so that a machine busy for a while slows them alike; `first` holds times already
    measured. Why not, when a check fails."""
    best = dict(first)
    for _ in range(rounds):
        for name, options in builds.items():
            outcome = _checked(source, options)
            if isinstance(outcome, str):
                return outcome
            assert outcome.lifted_s is not None
            best[name] = min(best.get(name, outcome.lifted_s), outcome.lifted_s)
    return best


def measure(source: Path, size: str, options: CheckOptions, workdir: Path,
            rounds: int = 1) -> Measured:
    """The points one benchmark gives at one size (see the module docstring)."""
    base = replace(options, size=size, backend=BACKEND, passes=None,
                   offload_policy="always")
    every = _checked(source, base)
    if isinstance(every, str):
        return Measured(source.stem, size, note=every)
    if not every.launch_costs:
        return Measured(source.stem, size, note="no launch with sizes known at run time")
    passes = backend_passes(BACKEND)
    builds = {"": replace(base, passes=tuple(p for p in passes if p != "match-kernels")),
              "*": base}
    templates = sorted({(c.template, c.dtype) for c in every.launch_costs})
    # Alone: the kernel launches nothing else, so the build of every launch times it.
    alone = len(templates) == 1 and set(every.launches) <= {templates[0][0]}
    for template, _ in templates if not alone else ():
        builds[template] = replace(base, offload_policy="profitable",
                                   offload_profile=_only(template, every.launches,
                                                         workdir))
    assert every.lifted_s is not None
    times = _fastest(source, builds, rounds, {"*": every.lifted_s})
    if isinstance(times, str):
        return Measured(source.stem, size, note=times)
    points = []
    for template, dtype in templates:
        mine = [c for c in every.launch_costs if (c.template, c.dtype) == (template, dtype)]
        call_s = times["*" if alone else template]
        points.append((template, dtype, _point(source.stem, size, mine, times[""], call_s)))
    return Measured(source.stem, size, tuple(points))


def calibrate(sources: Sequence[Path], sizes: Sequence[str], options: CheckOptions,
              report: Callable[[Measured], None] = lambda m: None,
              rounds: int = 1) -> Profile:
    """Measure every benchmark at every size (`rounds` times each build, the least
    time kept); the profile of all their points."""
    found: dict[tuple[str, str], list[Point]] = {}
    with tempfile.TemporaryDirectory(prefix="polylift-calibrate-") as tmp:
        for source in sources:
            for size in sizes:
                measured = measure(source, size, options, Path(tmp), rounds)
                report(measured)
                for template, dtype, point in measured.points:
                    found.setdefault((template, dtype), []).append(point)
    entries = tuple(Entry(t, BACKEND, d, tuple(points)) for (t, d), points in found.items())
    return Profile("calibrate", entries)
