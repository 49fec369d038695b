"""A whole application checked: built twice, with gcc and through `polylift-gcc`, run in
each build, and its outputs compared (`polylift check-app`).

Each build runs in a copy of the project (the user's tree is left as it is), with the
project's own build command (`make CC={cc}` by default: `{cc}` is `gcc` or the driver),
so the build system is never changed. The run command runs in each copy; its stdout is
compared as text, and each output file named as an array of one element type: bit for
bit, or within a bound in ULPs (`harness/comparison/compare.py`: the verdicts of
`polylift check`), or within a relative tolerance for outputs that went through many
layers of arithmetic (`rtol`: |a - b| <= rtol * max|reference|). A shadow build
(`shadow`) runs with the shadow mode's summary written beside and attached.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from polylift.errors import BuildError
from polylift.harness.comparison.compare import BIT_EXACT, DIFF, PASS, compare_arrays

DEFAULT_BUILD = "make CC={cc}"


@dataclass(frozen=True)
class AppCheck:
    """What to build, run and compare."""

    project: Path
    run: str
    build: str = DEFAULT_BUILD
    outputs: tuple[str, ...] = ()
    dtype: str = "float32"
    bound: int = 0
    rtol: float | None = None
    shadow: bool = False
    flags: tuple[str, ...] = ()  # more polylift flags (`-fpolylift-backend=ref`)
    stdout: str = "exact"  # exact | digits (one unit of a number's last digit) | ignore
    env: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Side:
    """One build and run of the application."""

    build_s: float
    run_s: float
    stdout: str
    folder: Path
    stderr: str = ""


@dataclass(frozen=True)
class AppResult:
    """The two sides, the verdict of each compared output, and the shadow summary."""

    gcc: Side
    polylift: Side
    stdout_equal: bool
    outputs: dict[str, str]
    shadow: str

    @property
    def shadow_mismatches(self) -> int:
        """The checked calls of the shadow build that differed beyond their bound."""
        return sum(int(n) for n in re.findall(r"(\d+) mismatched", self.shadow))

    @property
    def verdict(self) -> str:
        """BIT-EXACT, PASS (within the bound or tolerance) or DIFF, over all outputs and
        the shadow build's calls."""
        found = [v.split(":", 1)[0] for v in self.outputs.values()]
        if not self.stdout_equal or DIFF in found or self.shadow_mismatches:
            return DIFF
        return PASS if PASS in found else BIT_EXACT


def driver_program() -> str:
    """The `polylift-gcc` of this installation."""
    beside = Path(sys.executable).with_name("polylift-gcc")
    return str(beside) if beside.exists() else shutil.which("polylift-gcc") or "polylift-gcc"


def _shell(command: str, folder: Path, env: Mapping[str, str],
           what: str) -> tuple[float, subprocess.CompletedProcess[str]]:
    start = time.perf_counter()
    done = subprocess.run(command, shell=True, cwd=folder, env={**os.environ, **env},
                          capture_output=True, text=True, check=False)
    if done.returncode != 0:
        tail = (done.stderr or done.stdout).strip().splitlines()[-15:]
        raise BuildError(f"{what} failed (exit {done.returncode}) in {folder}:\n" +
                         "\n".join(tail))
    return time.perf_counter() - start, done


def build_and_run(check: AppCheck, folder: Path, cc: str, env: Mapping[str, str]) -> Side:
    """Copy the project to `folder`, build it with `cc`, run it."""
    if folder.exists():
        shutil.rmtree(folder)
    shutil.copytree(check.project, folder, ignore=shutil.ignore_patterns(".git"))
    build_s, _ = _shell(check.build.replace("{cc}", shlex.quote(cc)), folder, env,
                        f"building with {cc}")
    run_s, ran = _shell(check.run, folder, env, "running")
    return Side(build_s, run_s, ran.stdout, folder, ran.stderr)


def compare_output(name: str, reference: Path, lifted: Path, check: AppCheck) -> str:
    """`VERDICT: details` of one output file."""
    ref, got = (np.fromfile(p, dtype=check.dtype) for p in (reference, lifted))
    if check.rtol is None or ref.shape != got.shape:
        return f"{(c := compare_arrays(name, ref, got, check.bound)).verdict}: {c.describe()}"
    if ref.tobytes() == got.tobytes():
        return f"{BIT_EXACT}: {name}: {ref.size} elements"
    scale = float(np.nanmax(np.abs(ref))) if ref.size else 0.0
    worst = float(np.nanmax(np.abs(ref.astype(np.float64) - got.astype(np.float64))))
    verdict = PASS if worst <= check.rtol * scale else DIFF
    return (f"{verdict}: {name}: {int(np.count_nonzero(ref != got))} of {ref.size} elements "
            f"differ, max |difference| {worst:.3g} ({worst / scale if scale else 0:.3g} of the "
            f"largest |value|, tolerance {check.rtol:g})")


def check_app(check: AppCheck, work: Path) -> AppResult:
    """Build, run and compare both sides in `work`."""
    cc = check.env.get("POLYLIFT_CC") or os.environ.get("POLYLIFT_CC") or "gcc"
    gcc = build_and_run(check, work / "gcc", cc, check.env)
    summary = work / "shadow-summary.txt"
    summary.unlink(missing_ok=True)
    flags = [*check.flags, *(["-fpolylift-shadow"] if check.shadow else [])]
    env = {**check.env, "POLYLIFT_FLAGS": " ".join(flags), "POLYLIFT_QUIET": "1",
           "POLYLIFT_SHADOW_SUMMARY": str(summary)}
    ours = build_and_run(check, work / "polylift", driver_program(), env)
    outputs = {name: compare_output(name, gcc.folder / name, ours.folder / name, check)
               for name in check.outputs}
    shadow = summary.read_text() if summary.exists() else ""
    return AppResult(gcc, ours, same_text(gcc.stdout, ours.stdout, check.stdout), outputs,
                     shadow)


_NUMBER = re.compile(r"[-+]?\d+\.?\d*(?:[eE][-+]?\d+)?")


def same_text(reference: str, lifted: str, mode: str) -> bool:
    """Whether two stdouts agree: `exact`; `digits`: the same text around numbers that
    differ by one unit of their last printed digit at most (a value printed to four
    decimals, rounded on either side of a boundary); `ignore`."""
    if mode == "ignore" or reference == lifted:
        return True
    if mode != "digits" or _NUMBER.sub("#", reference) != _NUMBER.sub("#", lifted):
        return False
    return all(_near(a, b) for a, b in zip(_NUMBER.findall(reference),
                                           _NUMBER.findall(lifted), strict=True))


def _near(a: str, b: str) -> bool:
    digits = len(a.split(".")[1].split("e")[0].split("E")[0]) if "." in a else 0
    return a == b or abs(float(a) - float(b)) <= 1.000001 * 10.0 ** -digits


def report_lines(result: AppResult) -> list[str]:
    """The result for a reader."""
    lines = [f"{result.verdict}: build gcc {result.gcc.build_s:.1f} s, polylift "
             f"{result.polylift.build_s:.1f} s; run gcc {result.gcc.run_s:.3f} s, polylift "
             f"{result.polylift.run_s:.3f} s",
             f"  stdout: {'equal' if result.stdout_equal else 'DIFFERENT'}"]
    lines += [f"  {detail}" for detail in result.outputs.values()]
    lines += [f"  {line}" for line in result.shadow.splitlines()]
    return lines


__all__ = ["DEFAULT_BUILD", "AppCheck", "AppResult", "Side", "build_and_run", "check_app",
           "compare_output", "driver_program", "report_lines", "same_text"]
