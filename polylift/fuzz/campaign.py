"""A fuzz campaign: generate, check, shrink what fails, count.

Program `i` of seed `s` is `generate(s, i)`, so a campaign is reproducible and a shard
`K/N` (programs with `i % N == K - 1`, as lit shards tests) needs no coordinator. Each
program is checked with `ref` and `host` on native and exact inputs, and every
`AARCH64_EVERY`-th one also with `ref` on aarch64 under qemu, where it is installed.
Workers are processes (the checks run in process, one program per task).
"""

from __future__ import annotations

import multiprocessing
import shutil
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field, replace
from pathlib import Path

from polylift.fuzz.findings import Finding, investigate
from polylift.fuzz.generate import generate
from polylift.fuzz.oracle import Checker, Config, Outcome

BASE_CONFIGS = tuple(Config(b, i) for b in ("ref", "host") for i in ("native", "exact"))
AARCH64 = Config("ref", "native", "aarch64")
AARCH64_EVERY = 8


@dataclass(frozen=True)
class CampaignOptions:
    """What a campaign runs: `count` programs and/or `seconds`, from `seed`, shard K of N."""

    seed: int = 0
    count: int | None = None
    seconds: float | None = None
    shard: int = 1
    shards: int = 1
    jobs: int = 1
    out: str = "fuzz-out"
    templates: tuple[str, ...] = ()
    shrink_budget: int = 150
    aarch64: bool = True
    shape: str | None = None  # only programs of this library shape


@dataclass(frozen=True)
class ProgramResult:
    """One program's outcomes and, when one failed, its finding."""

    index: int
    shape: str
    outcomes: tuple[Outcome, ...]
    finding: Finding | None = None

    @property
    def launched(self) -> bool:
        """Whether some configuration matched at least one launch."""
        return any(o.launches for o in self.outcomes)


@dataclass
class Tally:
    """Running counts of a campaign."""

    programs: int = 0
    launched: int = 0
    verdicts: dict[str, Counter[str]] = field(default_factory=dict)
    findings: list[Finding] = field(default_factory=list)
    results: list[ProgramResult] = field(default_factory=list)
    interrupted: bool = False

    def add(self, result: ProgramResult) -> None:
        """Count one program's result."""
        self.programs += 1
        self.launched += result.launched
        for outcome in result.outcomes:
            self.verdicts.setdefault(outcome.config.label, Counter())[outcome.verdict] += 1
        if result.finding is not None:
            self.findings.append(result.finding)
        self.results.append(result)

    def line(self) -> str:
        """The progress line: programs, verdicts per configuration, launches, failures."""
        parts = [f"{self.programs} programs"]
        for label in sorted(self.verdicts):
            counts = " ".join(f"{v} {n}" for v, n in sorted(self.verdicts[label].items()))
            parts.append(f"{label}: {counts}")
        share = f"{100 * self.launched / self.programs:.0f}%" if self.programs else "-"
        parts += [f">=1 launch {self.launched} ({share})", f"failures {len(self.findings)}"]
        if self.interrupted:
            parts.append("interrupted")
        return " | ".join(parts)


def configs_for(index: int, aarch64: bool) -> tuple[Config, ...]:
    """The configurations program `index` is checked with."""
    if aarch64 and index % AARCH64_EVERY == 0:
        return (*BASE_CONFIGS, AARCH64)
    return BASE_CONFIGS


def aarch64_available() -> bool:
    """Whether the cross compiler and qemu are installed."""
    return bool(shutil.which("aarch64-linux-gnu-gcc") and shutil.which("qemu-aarch64"))


def check_program(options: CampaignOptions, index: int) -> ProgramResult:
    """Check program `index`; shrink and write out its first failure."""
    program = generate(options.seed, index, options.shape)
    checker = Checker(templates=tuple(str(Path(t).resolve()) for t in options.templates))
    outcomes = checker.check_all(program, configs_for(index, options.aarch64))
    failure = next((o for o in outcomes if o.failed), None)
    finding = None
    if failure is not None:
        finding = investigate(program, failure, checker, options.seed, index,
                              Path(options.out), options.shrink_budget)
    return ProgramResult(index, program.shape, tuple(outcomes), finding)


def indices(options: CampaignOptions) -> Iterator[int]:
    """The program numbers of this shard, in order (endless without a count)."""
    index = options.shard - 1
    while options.count is None or index < options.count:
        yield index
        index += options.shards


def run_campaign(options: CampaignOptions,
                 progress: Callable[[Tally], None] | None = None) -> Tally:
    """Run the campaign; `progress` is called after every program."""
    options = _with_platform(options)
    tally = Tally()
    deadline = time.monotonic() + options.seconds if options.seconds else None
    todo = indices(options)

    def more() -> int | None:
        if deadline is not None and time.monotonic() >= deadline:
            return None
        return next(todo, None)

    try:
        if options.jobs <= 1:
            while (index := more()) is not None:
                tally.add(check_program(options, index))
                if progress:
                    progress(tally)
        else:
            _run_parallel(options, more, tally, progress)
    except KeyboardInterrupt:
        # An interrupted campaign still reports what it checked (and --json writes it).
        tally.interrupted = True
    tally.results.sort(key=lambda r: r.index)
    return tally


def _with_platform(options: CampaignOptions) -> CampaignOptions:
    return replace(options, aarch64=options.aarch64 and aarch64_available())


def _run_parallel(options: CampaignOptions, more: Callable[[], int | None], tally: Tally,
                  progress: Callable[[Tally], None] | None) -> None:
    context = multiprocessing.get_context("spawn")
    pool = ProcessPoolExecutor(max_workers=options.jobs, mp_context=context)
    try:
        running: set[Future[ProgramResult]] = set()
        while True:
            while len(running) < 2 * options.jobs and (index := more()) is not None:
                running.add(pool.submit(check_program, options, index))
            if not running:
                return
            done, running = wait(running, return_when=FIRST_COMPLETED)
            for future in done:
                tally.add(future.result())
                if progress:
                    progress(tally)
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def print_progress(stream=sys.stderr) -> Callable[[Tally], None]:
    """A progress reporter: one rewritten line on a terminal, else a line per program."""
    tty = stream.isatty()

    def report(tally: Tally) -> None:
        stream.write(("\r\033[K" if tty else "") + tally.line() + ("" if tty else "\n"))
        stream.flush()

    return report
