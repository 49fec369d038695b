"""The build report: every compile's record of what became of each function.

Each command writes `<output>.polylift.json` beside its output (the object, or the
program of a compile-and-link command) unless its output is no file (`-o /dev/null`);
`-fpolylift-report=FILE` (or `POLYLIFT_REPORT`) appends the same record to FILE as one
JSON line instead, under a lock, so the compiles of `make -j` can share it. A record:

    {"polylift": 1, "version": ..., "backend": "host", "command": [...],
     "units": [{"source": "src/gemm.c", "object": "obj/gemm.o", "cached": false,
                "note": "", "seconds": 0.8, "fp_flags": ["-Ofast"],
                "functions": [{"name": "gemm_nn", "status": "lifted", "reason": "",
                               "coverage": "FULL", "templates": ["blas.gemm_alpha"],
                               "line": 24}, ...]}]}

`polylift report` reads them back (`read_records`) for a whole project.
"""

from __future__ import annotations

import fcntl
import json
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from polylift import __version__
from polylift.driver.command_line import fp_semantics_flags
from polylift.driver.options import DriverOptions
from polylift.driver.outcome import LIFTED, UnitOutcome
from polylift.output import write_atomically

SCHEMA = 1
SUFFIX = ".polylift.json"


def record(outcomes: Sequence[UnitOutcome], options: DriverOptions,
           command: Sequence[str]) -> dict[str, Any]:
    """The record of one command; each unit names the flags that gave gcc's code of it
    other floating-point semantics than the source's (lifted functions keep those)."""
    fp_flags = list(fp_semantics_flags(command))
    return {"polylift": SCHEMA, "version": __version__, "backend": options.backend,
            "command": list(command),
            "units": [{**o.to_json(), "fp_flags": fp_flags} for o in outcomes]}


def write_record(data: dict[str, Any], output: str, options: DriverOptions) -> None:
    """Write the record where the options say (see the module doc)."""
    if options.report:
        with open(options.report, "a") as handle:
            fcntl.flock(handle, fcntl.LOCK_EX)
            handle.write(json.dumps(data, sort_keys=True) + "\n")
        return
    target = Path(output)
    if output != "-" and target.parent.is_dir() and (not target.exists() or target.is_file()):
        write_atomically(str(target) + SUFFIX, json.dumps(data, indent=1, sort_keys=True) + "\n")


def summary_line(outcome: UnitOutcome, backend: str) -> str:
    """One line for stderr about a compiled file."""
    lifted = [r.name for r in outcome.records if r.status == LIFTED]
    cached = " (cached)" if outcome.cached else ""
    if outcome.note:
        return f"polylift: {outcome.source}: nothing lifted: {outcome.note}{cached}"
    total = len(outcome.records)
    if not lifted:
        return f"polylift: {outcome.source}: nothing lifted ({total} functions){cached}"
    return (f"polylift: {outcome.source}: lifted {', '.join(lifted)} ({len(lifted)} of "
            f"{total} functions, {backend}){cached}")


def read_records(paths: Sequence[str]) -> Iterator[dict[str, Any]]:
    """Every record under `paths`: sidecar files of a folder (recursively) and report
    files (one JSON record per line)."""
    for name in paths:
        path = Path(name)
        files = sorted(path.rglob(f"*{SUFFIX}")) if path.is_dir() else [path]
        for file in files:
            text = file.read_text(errors="replace")
            chunks = [text] if file.name.endswith(SUFFIX) else text.splitlines()
            for chunk in chunks:
                if chunk.strip():
                    yield json.loads(chunk)


__all__ = ["SCHEMA", "SUFFIX", "read_records", "record", "summary_line", "write_record"]
