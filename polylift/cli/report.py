"""`polylift report`: what a build through `polylift-gcc` did, for a whole project.

    polylift report BUILD_DIR|REPORT_FILE... [--json FILE|-]

Reads every record the compiles wrote (`<output>.polylift.json` under a folder, or the
lines of a `-fpolylift-report` file; `polylift.driver.records`) and prints one line per
function of every file, as `polylift match-report` does, then the totals and what
blocked the functions that were not lifted, counted by category. A file compiled more
than once (a rebuild) counts once, by its last record; files compiled under flags that
change floating point (`-Ofast`, `-ffast-math`, ...) are counted with those flags.
`--json` writes the results document (`polylift.results`, kind `build`; `config`
names the records read and those flags per file).
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from polylift.bake.functions import NO_TEMPLATE, RAISING, skip_category
from polylift.cli.common import CommandParser
from polylift.cli.functions_table import function_table
from polylift.driver.documents import build_results, units
from polylift.driver.outcome import FAILED, KEPT, LIFTED, SKIPPED
from polylift.driver.records import read_records
from polylift.errors import UsageError
from polylift.output import write_atomically
from polylift.results import document, dumps


def _parser() -> argparse.ArgumentParser:
    p = CommandParser(prog="polylift report",
                      description="What a build through polylift-gcc lifted, per function.")
    p.add_argument("paths", nargs="+", metavar="BUILD_DIR|REPORT_FILE")
    p.add_argument("--json", metavar="FILE",
                   help="write the results document (`-`: stdout, the table to stderr)")
    p.add_argument("--debug", action="store_true", help="show tracebacks")
    return p


def _row(function: dict[str, Any]) -> dict[str, Any]:
    """A driver record as a row of the functions table."""
    status, reason = function["status"], function["reason"]
    blocker = {LIFTED: "", SKIPPED: skip_category(reason), FAILED: "internal error"}.get(
        status, RAISING if "not raised" in reason else NO_TEMPLATE if "template" in reason
        else "no launch")
    templates = function["templates"]
    return {"name": function["name"], "reason": reason if status != KEPT else "",
            "status": {LIFTED: "lifted", KEPT: "translated", SKIPPED: "skipped",
                       FAILED: "failed"}[status],
            "blocker": blocker, "coverage": function["coverage"],
            "launches": len(templates), "templates": templates}


def _records(paths: list[str]) -> list[dict[str, Any]]:
    records = list(read_records(paths))
    if not units(records):
        raise UsageError(f"no polylift build records in {', '.join(paths)}")
    return records


def project_rows(paths: list[str]) -> dict[str, list[dict[str, Any]]]:
    """Per source file (its last record), its functions as table rows."""
    return {source: [_row(f) for f in unit["functions"]]
            for source, unit in sorted(units(_records(paths)).items())}


def fp_semantics(records: list[dict[str, Any]]) -> dict[str, list[str]]:
    """Per source compiled under flags that change floating point, those flags."""
    return {source: unit["fp_flags"] for source, unit in sorted(units(records).items())
            if unit.get("fp_flags")}


def _by_flags(fp_flags: dict[str, list[str]]) -> dict[str, list[str]]:
    grouped: dict[str, list[str]] = {}
    for source, flags in fp_flags.items():
        grouped.setdefault(" ".join(flags), []).append(source)
    return grouped


def run_report(argv: list[str]) -> int:
    """The body of `polylift report`."""
    args = _parser().parse_args(argv)
    out = sys.stderr if args.json == "-" else sys.stdout  # `--json -`: JSON alone on stdout
    records = _records(args.paths)
    files = {source: [_row(f) for f in unit["functions"]]
             for source, unit in sorted(units(records).items())}
    out.write("\n".join(function_table(list(files.items()))) + "\n")
    lifted = sum(1 for rows in files.values() for r in rows if r["status"] == "lifted")
    print(f"{len(files)} files, {lifted} functions lifted", file=out)
    fp_flags = fp_semantics(records)
    for flags, sources in _by_flags(fp_flags).items():
        files_word = "file" if len(sources) == 1 else "files"
        print(f"{len(sources)} {files_word} compiled with {flags}: gcc's code there computes "
              "floating point otherwise than the source says; lifted functions compute "
              "what polylift proves of the source", file=out)
    if args.json:
        doc = document("build", {"records": args.paths, "fp_flags": fp_flags},
                       build_results(records))
        write_atomically(args.json, dumps(doc))
    return 0
