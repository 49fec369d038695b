"""Checking one generated program: `polylift check` in process, per configuration.

A configuration is a backend, an input mode and a target. Its outcome is the check's
verdict, or CRASH when any stage raised something other than a `PolyliftError` (a
traceback is a bug whatever the input). A failure is DIFF (outside the bound), FAIL (a
stage refused or broke on a program inside the subset) or CRASH; its `kind` is what the
shrinker must keep: the configuration, the verdict, and for FAIL and CRASH the message
with positions, numbers and paths blurred, so a smaller program fails "the same way".
"""

from __future__ import annotations

import re
import shutil
import tempfile
import traceback
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from polylift.fuzz.program import Program
from polylift.fuzz.render import render
from polylift.harness.build_stage import frontend_translator
from polylift.harness.check import CheckOptions, check_benchmark
from polylift.harness.comparison.compare import BIT_EXACT, DIFF, PASS
from polylift.harness.programs.memo import BuildMemo
from polylift.harness.programs.wrapper import SignatureLike
from polylift.resources import benchmarks_dir

CRASH = "CRASH"
STEM = "fz"
BENCH_INCLUDE = benchmarks_dir() / "include"


@dataclass(frozen=True)
class Config:
    """One way of checking a program."""

    backend: str
    inputs: str
    target: str = "x86_64"

    @property
    def label(self) -> str:
        """`host/exact`, `ref/native/aarch64`."""
        tail = "" if self.target == "x86_64" else f"/{self.target}"
        return f"{self.backend}/{self.inputs}{tail}"


@dataclass(frozen=True)
class Outcome:
    """What one configuration of one program gave."""

    config: Config
    verdict: str
    launches: tuple[str, ...] = ()
    message: str = ""

    @property
    def failed(self) -> bool:
        """DIFF, FAIL or CRASH."""
        return self.verdict not in (BIT_EXACT, PASS)

    @property
    def kind(self) -> str:
        """The failure as the shrinker must keep it (a DIFF's values change as it shrinks)."""
        if self.verdict == DIFF:
            return f"{self.config.label} {DIFF}"
        return f"{self.config.label} {self.verdict} {blur(self.message)}"


def blur(message: str) -> str:
    """The first line of a failure's message without positions, numbers or names of
    temporary files, so that two programs failing at one place compare equal."""
    first = next((line for line in message.splitlines() if "error" in line or "Error" in line),
                 message.splitlines()[0] if message else "")
    first = re.sub(r"\S*/\S*", "PATH", first)
    first = re.sub(r"\S+\.(c|mlir|tpl):\d+:\d+", "LOC", first)
    return re.sub(r"\d+", "N", first).strip()[:200]


@lru_cache(maxsize=64)
def _translated(source: str, text: str, include_dirs: tuple[str, ...],
                defines: tuple[str, ...], kernel: str) -> tuple[str, SignatureLike]:
    """The front end's output for one program text (`text` is part of the key)."""
    return frontend_translator(Path(source), include_dirs, defines, kernel)


def translate_once(source: Path, include_dirs: Sequence[str], defines: Sequence[str],
                   kernel: str) -> tuple[str, SignatureLike]:
    """The harness's translator, remembered per program text, so the configurations of
    one program (and a shrinker's repeated candidates) translate it once; the source's
    path is part of the key because locations in the MLIR name it."""
    return _translated(str(source), source.read_text(), tuple(include_dirs),
                       tuple(defines), kernel)


# One per worker process: a campaign's checks share their compiles.
MEMO = BuildMemo()


@dataclass(frozen=True)
class Checker:
    """Runs the harness on programs; `templates` are extra template directories."""

    include_dir: str = str(BENCH_INCLUDE)
    templates: tuple[str, ...] = ()
    timeout: float = 60.0

    def check(self, program: Program, config: Config, keep: Path | None = None) -> Outcome:
        """One configuration of `program`; `keep` receives the work directories."""
        return self.check_all(program, (config,), keep)[0]

    def check_all(self, program: Program, configs: Sequence[Config],
                  keep: Path | None = None) -> list[Outcome]:
        """Each configuration of `program`, from one rendered source file."""
        work = Path(tempfile.mkdtemp(prefix="polylift-fuzz-"))
        try:
            source = work / f"{STEM}.c"
            source.write_text(render(program, STEM))
            return [self._run(source, config, keep or work / "checks") for config in configs]
        finally:
            shutil.rmtree(work, ignore_errors=True)

    def _run(self, source: Path, config: Config, keep: Path) -> Outcome:
        options = CheckOptions(backend=config.backend, inputs=config.inputs,
                               target=config.target, include_dirs=(self.include_dir,),
                               templates=self.templates, timeout=self.timeout,
                               keep=str(keep / config.label.replace("/", "-")))
        try:
            result = check_benchmark(source, options, translate_once, MEMO)
        except Exception as exc:  # noqa: BLE001 - any exception here is the finding
            frames = traceback.extract_tb(exc.__traceback__)
            where = f"{Path(frames[-1].filename).name}:{frames[-1].lineno}" if frames else "?"
            return Outcome(config, CRASH, message=f"{type(exc).__name__} at {where}: {exc}")
        return Outcome(config, result.verdict, result.launches, result.message)

