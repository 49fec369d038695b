"""`polylift check-app`: an application built with gcc and through polylift-gcc, run in
both builds, its stdout and output files compared (`polylift.driver.check_app`).

    polylift check-app PROJECT --run 'CMD' [--build 'make -j2 CC={cc}']
                       [--output FILE]... [--dtype float32] [--bound ULP | --rtol X]
                       [--stdout exact|digits|ignore] [--shadow] [--backend B]
                       [--keep DIR] [--json FILE|-]

Exit status 0 when every output is BIT-EXACT or PASS (and no shadow check mismatched).
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from polylift.cli.common import CommandParser
from polylift.driver.check_app import DEFAULT_BUILD, AppCheck, check_app, report_lines
from polylift.driver.documents import app_document
from polylift.driver.records import read_records
from polylift.errors import UsageError
from polylift.harness.comparison.compare import DIFF
from polylift.output import write_atomically
from polylift.results import dumps


def _parser() -> CommandParser:
    p = CommandParser(prog="polylift check-app", description="Build an application with "
                      "gcc and through polylift-gcc, run both, compare their outputs.")
    p.add_argument("project", help="the project's folder (copied, never changed)")
    p.add_argument("--run", required=True, help="the command that runs it, in its folder")
    p.add_argument("--build", default=DEFAULT_BUILD,
                   help=f"the build command; {{cc}} is the compiler (default '{DEFAULT_BUILD}')")
    p.add_argument("--output", action="append", default=[], metavar="FILE",
                   help="an output file to compare, relative to the project (repeatable)")
    p.add_argument("--dtype", default="float32", help="the element type of the outputs")
    p.add_argument("--bound", type=int, default=0, help="ULP bound of the outputs (default 0)")
    p.add_argument("--rtol", type=float, default=None,
                   help="compare within this tolerance of the largest |value| instead")
    p.add_argument("--stdout", default="exact", choices=("exact", "digits", "ignore"),
                   help="digits: printed numbers may differ by one unit of their last digit")
    p.add_argument("--shadow", action="store_true", help="check every lifted call at run time")
    p.add_argument("--backend", default="", help="polylift's backends (default host)")
    p.add_argument("--keep", default="", metavar="DIR", help="build in DIR and keep it")
    p.add_argument("--json", metavar="FILE",
                   help="write the results document (`-`: stdout, the report to stderr)")
    p.add_argument("--debug", action="store_true", help="show tracebacks")
    return p


def run_check_app(argv: list[str]) -> int:
    """The body of `polylift check-app`."""
    args = _parser().parse_args(argv)
    project = Path(args.project)
    if not project.is_dir():
        raise UsageError(f"no project folder '{args.project}'")
    flags = (f"-fpolylift-backend={args.backend}",) if args.backend else ()
    check = AppCheck(project.resolve(), args.run, args.build, tuple(args.output), args.dtype,
                     args.bound, args.rtol, args.shadow, flags, stdout=args.stdout)
    config = {"run": args.run, "build": args.build, "outputs": args.output,
              "dtype": args.dtype, "bound": args.bound, "rtol": args.rtol,
              "stdout": args.stdout, "shadow": args.shadow, "backend": args.backend or "host"}
    with tempfile.TemporaryDirectory(prefix="polylift-check-app-") as tmp:
        result = check_app(check, Path(args.keep).resolve() if args.keep else Path(tmp))
        doc = app_document(result, read_records([str(result.polylift.folder)]), config)
    out = sys.stderr if args.json == "-" else sys.stdout  # `--json -`: JSON alone on stdout
    out.write("\n".join(report_lines(result)) + "\n")
    if args.json:
        write_atomically(args.json, dumps(doc))
    return 1 if result.verdict == DIFF else 0
