"""`polylift report`: what a build through `polylift-gcc` did, for a whole project.

    polylift report BUILD_DIR|REPORT_FILE... [--json OUT.json]

Reads every record the compiles wrote (`<output>.polylift.json` under a folder, or the
lines of a `-fpolylift-report` file; `polylift.driver.records`) and prints one line per
function of every file, as `polylift match-report` does, then the totals and what
blocked the functions that were not lifted, counted by category. A file compiled more
than once (a rebuild) counts once, by its last record.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from polylift.bake.functions import NO_TEMPLATE, RAISING, skip_category
from polylift.cli.common import CommandParser
from polylift.cli.functions_table import function_table
from polylift.driver.outcome import FAILED, KEPT, LIFTED, SKIPPED
from polylift.driver.records import read_records
from polylift.errors import UsageError
from polylift.output import write_atomically


def _parser() -> argparse.ArgumentParser:
    p = CommandParser(prog="polylift report",
                      description="What a build through polylift-gcc lifted, per function.")
    p.add_argument("paths", nargs="+", metavar="BUILD_DIR|REPORT_FILE")
    p.add_argument("--json", metavar="OUT.json", help="write the rows as JSON too")
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


def project_rows(paths: list[str]) -> dict[str, list[dict[str, Any]]]:
    """Per source file (its last record), its functions as table rows."""
    units: dict[str, dict[str, Any]] = {}
    for record in read_records(paths):
        for unit in record["units"]:
            units[unit["source"]] = unit
    if not units:
        raise UsageError(f"no polylift build records in {', '.join(paths)}")
    return {source: [_row(f) for f in unit["functions"]]
            for source, unit in sorted(units.items())}


def run_report(argv: list[str]) -> int:
    """The body of `polylift report`."""
    args = _parser().parse_args(argv)
    files = project_rows(args.paths)
    sys.stdout.write("\n".join(function_table(list(files.items()))) + "\n")
    lifted = sum(1 for rows in files.values() for r in rows if r["status"] == "lifted")
    print(f"{len(files)} files, {lifted} functions lifted")
    if args.json:
        write_atomically(args.json, json.dumps(files, indent=2, sort_keys=True) + "\n")
    return 0
