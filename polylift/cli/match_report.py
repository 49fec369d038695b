"""`polylift match-report`: per file and per function, what polylift lifts and why not.

    polylift match-report FILE.c|DIR... [-I DIR] [-D NAME[=VAL]] [--templates DIR]
                          [--assume-noalias] [--json OUT.json]

Every function of each file (a directory: its `*.c` files, with or without `main`)
goes through the front end (`--function='*'`), the raising and match-kernels; one line
per function: translated or skipped (the front end's reason), coverage, launches and
their templates, what blocks it; then the totals and the blockers counted by category.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from polylift.cli.functions_table import function_table
from polylift.errors import PolyliftError, UsageError
from polylift.output import write_atomically


class _Parser(argparse.ArgumentParser):
    """argparse that raises `UsageError` instead of exiting."""

    def error(self, message: str):  # type: ignore[override]
        raise UsageError(message)


def _parser() -> argparse.ArgumentParser:
    p = _Parser(prog="polylift match-report", description="Per file and per function: "
                "translated or skipped (and why), coverage, launches, blockers.")
    p.add_argument("paths", nargs="+", metavar="FILE.c|DIR")
    p.add_argument("-I", dest="includes", action="append", default=[], metavar="DIR")
    p.add_argument("-D", dest="defines", action="append", default=[], metavar="NAME[=VAL]")
    p.add_argument("--templates", default="", metavar="DIR", help="extra template directories")
    p.add_argument("--assume-noalias", action="store_true",
                   help="the functions' array arguments never overlap")
    p.add_argument("--json", metavar="OUT.json", help="write the rows as JSON too")
    p.add_argument("--debug", action="store_true", help="show tracebacks")
    return p


def source_files(paths: list[str]) -> list[Path]:
    """The C files named, a directory standing for its `*.c` files (sorted)."""
    found = []
    for name in paths:
        path = Path(name)
        if path.is_dir():
            files = sorted(path.glob("*.c"))
            if not files:
                raise UsageError(f"directory '{name}' holds no .c file")
            found += files
        elif path.is_file():
            found.append(path)
        else:
            raise UsageError(f"no such file or directory '{name}'")
    return found


def run_match_report(argv: list[str]) -> int:
    """The body of `polylift match-report`; a file that fails as a whole is a row too."""
    from polylift.bake.functions import function_rows, report_file
    from polylift.harness.check import default_include_dirs

    args = _parser().parse_args(argv)
    files = []
    for path in source_files(args.paths):
        # The file's own folder and a sibling include/ first, as check and bake read it.
        includes = [*default_include_dirs(path), *args.includes]
        try:
            rows = report_file(str(path), includes, args.defines, args.assume_noalias,
                               args.templates)
        except PolyliftError as exc:  # the file as a whole (a syntax error, say)
            rows = function_rows([], [{"name": "(file)", "reason": exc.render()}], None)
        files.append((str(path), rows))
    sys.stdout.write("\n".join(function_table(files)) + "\n")
    if args.json:
        write_atomically(args.json, json.dumps({name: rows for name, rows in files},
                                               indent=2, sort_keys=True) + "\n")
    return 0
