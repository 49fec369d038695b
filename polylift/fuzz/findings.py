"""A failing program, shrunk and written out with a reproducer.

The finding directory is self-contained: the shrunk program (`fz.c`), the program as
generated (`original.c`), the benchmark header beside them (the check's default include
directory), a copy of any extra template directory, `finding.json` and `repro.sh`, which
runs the one check that failed and exits 1 the same way.
"""

from __future__ import annotations

import json
import shutil
from dataclasses import dataclass
from pathlib import Path

from polylift.fuzz.oracle import STEM, Checker, Config, Outcome
from polylift.fuzz.program import Program
from polylift.fuzz.render import render
from polylift.fuzz.shrink import shrink
from polylift.output import write_atomically


@dataclass(frozen=True)
class Finding:
    """What the campaign reports of one failing program."""

    seed: int
    index: int
    shape: str
    kind: str
    verdict: str
    message: str
    shrunk_lines: int
    checks: int
    directory: str


def investigate(program: Program, failure: Outcome, checker: Checker, seed: int, index: int,
                out: Path, budget: int) -> Finding:
    """Shrink `program` keeping `failure`'s kind, and write the finding under `out`."""
    def fails(candidate: Program) -> bool:
        return checker.check(candidate, failure.config).kind == failure.kind

    shrunk = shrink(program, fails, budget)
    final = checker.check(shrunk.program, failure.config)
    directory = out / f"seed{seed}-{index}"
    _write(directory, program, shrunk.program, failure.config, checker)
    text = render(shrunk.program, STEM)
    finding = Finding(seed, index, program.shape, failure.kind, final.verdict,
                      final.message, _kernel_lines(text), shrunk.checks, str(directory))
    write_atomically(str(directory / "finding.json"),
                     json.dumps(finding.__dict__, indent=2, sort_keys=True) + "\n")
    return finding


def _kernel_lines(text: str) -> int:
    """Lines of the kernel function's body (what a reader of the reproducer must read)."""
    body = text.split("{", 1)[1].split("\n}\n", 1)[0]
    return len([line for line in body.splitlines() if line.strip()])


def _write(directory: Path, original: Program, shrunk: Program, config: Config,
           checker: Checker) -> None:
    shutil.rmtree(directory, ignore_errors=True)
    directory.mkdir(parents=True)
    (directory / "original.c").write_text(render(original, STEM))
    (directory / f"{STEM}.c").write_text(render(shrunk, STEM))
    shutil.copy(Path(checker.include_dir) / "polylift_bench.h", directory)
    options = [f"--backend {config.backend}", f"--inputs {config.inputs}",
               f"--target {config.target}"]
    for n, templates in enumerate(checker.templates):
        shutil.copytree(templates, directory / f"templates{n}")
        options.append(f"--templates templates{n}")
    script = "\n".join([
        "#!/bin/sh",
        "# A polylift fuzz finding: the shrunk program fz.c fails this check",
        "# (exit status 1; finding.json says how). original.c is the program as generated.",
        'cd "$(dirname "$0")" || exit 2',
        f'exec "${{POLYLIFT:-polylift}}" check {STEM}.c {" ".join(options)} --keep work "$@"',
        ""])
    (directory / "repro.sh").write_text(script)
    (directory / "repro.sh").chmod(0o755)
