"""`polylift check`: validate lifted kernels against their original programs."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from polylift.cli.common import CommandParser
from polylift.errors import UsageError
from polylift.harness.build import SIZES
from polylift.harness.check import INPUT_MODES, CheckOptions, CheckResult, check_benchmark
from polylift.harness.report import results_json, table, verdict_line
from polylift.harness.suite import (
    check_suite,
    polybench_options,
    polybench_sources,
    suite_sources,
)
from polylift.harness.toolchain import TARGETS
from polylift.output import write_atomically


def _parser() -> argparse.ArgumentParser:
    p = CommandParser(prog="polylift check", description="Build the original program and the "
                "lifted one, run both, and compare the arrays the kernel writes bit for bit.")
    p.add_argument("benchmark", nargs="?", help="a benchmark C file (kernel_<file stem>)")
    p.add_argument("--suite", help="linalg, cnn, image, or a directory of benchmarks")
    p.add_argument("--polybench-root", help="a PolyBench/C 4.2.1 checkout: check its kernels")
    p.add_argument("--only", help="with a suite: only these benchmarks (comma-separated stems)")
    p.add_argument("--backend", default="ref")
    p.add_argument("--target", default="x86_64", choices=sorted(TARGETS))
    p.add_argument("--size", default="MINI", choices=SIZES)
    p.add_argument("--inputs", default="native", choices=INPUT_MODES,
                   help="native: the benchmark's own; exact: small dyadic float values, exact sums")
    p.add_argument("--repeat", type=int, default=1,
                   help="time a warm-up call then N calls; report the median")
    p.add_argument("--ulp", type=int, default=None,
                   help="ULP bound for PASS (default: from the launches' templates)")
    p.add_argument("--templates", action="append", default=[],
                   help="an extra template directory (repeatable)")
    p.add_argument("--jobs", "-j", type=int, default=1, help="checks run in parallel")
    p.add_argument("--json", help="write all results to this file")
    p.add_argument("--keep", help="keep every work directory under this directory")
    p.add_argument("-I", dest="include_dirs", action="append", default=[])
    p.add_argument("-D", dest="defines", action="append", default=[])
    p.add_argument("--assume-noalias", action="store_true",
                   help="the kernels' array arguments never overlap (as if restrict)")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.add_argument("--debug", action="store_true", help="show tracebacks")
    return p


def _sources(args: argparse.Namespace, options: CheckOptions) -> tuple[list[Path], CheckOptions]:
    if args.polybench_root:
        root = Path(args.polybench_root)
        sources = polybench_sources(root)
        options = polybench_options(root, options)
    else:
        sources = suite_sources(args.suite)
    if args.only:
        wanted = [w for w in args.only.split(",") if w]
        missing = sorted(set(wanted) - {s.stem for s in sources})
        if missing:
            raise UsageError(f"--only names no benchmark of the suite: {', '.join(missing)}")
        sources = [s for s in sources if s.stem in wanted]
    return sources, options


def run_check(argv: list[str]) -> int:
    """The body of `polylift check`; exit 0 when every kernel is BIT-EXACT or PASS."""
    args = _parser().parse_args(argv)
    if sum(map(bool, (args.benchmark, args.suite, args.polybench_root))) != 1:
        raise UsageError("give either one benchmark file, --suite or --polybench-root")
    if args.jobs < 1:
        raise UsageError("--jobs must be at least 1")
    options = CheckOptions(backend=args.backend, target=args.target, size=args.size,
                           inputs=args.inputs, repeat=args.repeat,
                           include_dirs=tuple(args.include_dirs), defines=tuple(args.defines),
                           keep=args.keep, ulp_bound=args.ulp, templates=tuple(args.templates),
                           assume_noalias=args.assume_noalias)
    options.validate()
    results: list[CheckResult]
    if args.benchmark:
        results = [check_benchmark(args.benchmark, options)]
        print(verdict_line(results[0]))
    else:
        sources, options = _sources(args, options)
        results = check_suite(sources, options, progress=not args.no_progress, jobs=args.jobs)
        sys.stdout.write(table(results))
    if args.json:
        write_atomically(args.json, results_json(results, options))
    return 0 if all(r.ok for r in results) else 1
