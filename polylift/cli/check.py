"""`polylift check`: validate lifted kernels against their original programs."""

from __future__ import annotations

import argparse
import sys

from polylift.cli.common import write_atomically
from polylift.errors import UsageError
from polylift.harness.build import SIZES
from polylift.harness.check import (
    INPUT_MODES,
    CheckOptions,
    check_benchmark,
    check_suite,
    suite_sources,
)
from polylift.harness.report import results_json, table, verdict_line
from polylift.harness.toolchain import TARGETS


class _Parser(argparse.ArgumentParser):
    """argparse that raises `UsageError` instead of exiting."""

    def error(self, message: str):  # type: ignore[override]
        raise UsageError(message)


def _parser() -> argparse.ArgumentParser:
    p = _Parser(prog="polylift check", description="Build the original program and the "
                "lifted one, run both, and compare the arrays the kernel writes bit for bit.")
    p.add_argument("benchmark", nargs="?", help="a benchmark C file (kernel_<file stem>)")
    p.add_argument("--suite", help="linalg, cnn, image, or a directory of benchmarks")
    p.add_argument("--backend", default="ref")
    p.add_argument("--target", default="x86_64", choices=sorted(TARGETS))
    p.add_argument("--size", default="MINI", choices=SIZES)
    p.add_argument("--inputs", default="native", choices=INPUT_MODES)
    p.add_argument("--repeat", type=int, default=1, help="median of N timed runs after a warm-up")
    p.add_argument("--ulp", type=int, default=0, help="ULP bound for PASS (default 0)")
    p.add_argument("--json", help="write all results to this file")
    p.add_argument("--keep", help="keep every work directory under this directory")
    p.add_argument("-I", dest="include_dirs", action="append", default=[])
    p.add_argument("-D", dest="defines", action="append", default=[])
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.add_argument("--debug", action="store_true", help="show tracebacks")
    return p


def run_check(argv: list[str]) -> int:
    """The body of `polylift check`; exit 0 when every kernel is BIT-EXACT or PASS."""
    args = _parser().parse_args(argv)
    if bool(args.benchmark) == bool(args.suite):
        raise UsageError("give either one benchmark file or --suite")
    options = CheckOptions(backend=args.backend, target=args.target, size=args.size,
                           inputs=args.inputs, repeat=args.repeat,
                           include_dirs=tuple(args.include_dirs), defines=tuple(args.defines),
                           keep=args.keep, ulp_bound=args.ulp)
    options.validate()
    if args.suite:
        sources = suite_sources(args.suite)
        results = check_suite(sources, options, progress=not args.no_progress)
        sys.stdout.write(table(results))
    else:
        results = [check_benchmark(args.benchmark, options)]
        print(verdict_line(results[0]))
    if args.json:
        write_atomically(args.json, results_json(results, options))
    return 0 if all(r.ok for r in results) else 1
