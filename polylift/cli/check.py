"""`polylift check`: validate lifted kernels against their original programs."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TextIO

from polylift.cli.common import CommandParser, add_offload_arguments
from polylift.errors import UsageError
from polylift.harness.bundle.collect import collect_bundle, manifest_options
from polylift.harness.bundle.write import bundle_summary, write_bundle
from polylift.harness.check import INPUT_MODES, CheckOptions, CheckResult, check_benchmark
from polylift.harness.programs.build import SIZES
from polylift.harness.programs.gpu import require_backend_devices
from polylift.harness.programs.toolchain import TARGETS
from polylift.harness.report import merge_results, results_json, table, verdict_line
from polylift.harness.suite import (
    check_suite,
    polybench_options,
    polybench_sources,
    suite_sources,
)
from polylift.output import write_atomically
from polylift.shard import Shard


def _parser() -> argparse.ArgumentParser:
    p = CommandParser(prog="polylift check", description="Build the original program and the "
                "lifted one, run both, and compare the arrays the kernel writes bit for bit.")
    p.add_argument("benchmark", nargs="?", help="a benchmark C file (kernel_<file stem>, "
                   "or the function --function names)")
    p.add_argument("--function", default="",
                   help="the function to check, of any name, static or not (with a file)")
    p.add_argument("--suite", help="linalg, cnn, image, arrays, or a directory of benchmarks")
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
    p.add_argument("--json", metavar="FILE",
                   help="write the results document (`-`: stdout, the table to stderr)")
    p.add_argument("--shard", default="1/1", metavar="K/N",
                   help="with a suite: check every N-th kernel from the K-th")
    p.add_argument("--merge", nargs="+", metavar="JSON",
                   help="join the --json files of shards 1..N: the table and --json of "
                        "the whole run")
    p.add_argument("--keep", help="keep every work directory under this directory")
    p.add_argument("-I", dest="include_dirs", action="append", default=[])
    p.add_argument("-D", dest="defines", action="append", default=[])
    p.add_argument("--assume-noalias", action="store_true",
                   help="the kernels' array arguments never overlap (as if restrict)")
    add_offload_arguments(p)
    p.add_argument("--bundle", metavar="DIR",
                   help="build only, into a self-contained folder whose run.sh runs the "
                        "programs on another machine (a GPU node, an aarch64 board)")
    p.add_argument("--collect", metavar="DIR",
                   help="compare the outputs a bundle's run.sh wrote, as a local check would")
    p.add_argument("--cuda-lib-dir", metavar="DIR",
                   help="with --bundle: where the CUDA libraries are on the machine that "
                        "runs it (run.sh also reads POLYLIFT_CUDA_LIB_DIR and searches)")
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


def _options(args: argparse.Namespace) -> CheckOptions:
    if sum(map(bool, (args.benchmark, args.suite, args.polybench_root))) != 1:
        raise UsageError("give either one benchmark file, --suite or --polybench-root")
    if args.jobs < 1:
        raise UsageError("--jobs must be at least 1")
    if args.cuda_lib_dir and not args.bundle:
        raise UsageError("--cuda-lib-dir goes with --bundle")
    options = CheckOptions(backend=args.backend, target=args.target, size=args.size,
                           inputs=args.inputs, repeat=args.repeat,
                           include_dirs=tuple(args.include_dirs), defines=tuple(args.defines),
                           keep=args.keep, ulp_bound=args.ulp, templates=tuple(args.templates),
                           assume_noalias=args.assume_noalias,
                           offload_policy=args.offload_policy,
                           offload_profile=args.offload_profile, function=args.function)
    if args.function and not args.benchmark:
        raise UsageError("--function names a function of the benchmark file given")
    options.validate()
    return options


def _show(results: list[CheckResult], suite: bool, out: TextIO) -> None:
    if suite:
        out.write(table(results))
    else:
        print(verdict_line(results[0]), file=out)


def _out(args: argparse.Namespace) -> TextIO:
    """Where the table goes: stdout, or stderr when `--json -` takes stdout."""
    return sys.stderr if args.json == "-" else sys.stdout


def _bundle(args: argparse.Namespace, options: CheckOptions) -> int:
    if args.benchmark:
        if not Path(args.benchmark).is_file():
            raise UsageError(f"no such benchmark '{args.benchmark}'")
        sources = [Path(args.benchmark)]
    else:
        sources, options = _sources(args, options)
    dest = Path(args.bundle)
    manifest = write_bundle(sources, options, dest, cuda_lib_dir=args.cuda_lib_dir,
                            progress=not (args.no_progress or args.benchmark), jobs=args.jobs,
                            suite=not args.benchmark)
    print(bundle_summary(manifest, dest))
    return 0 if all(not k.error for k in manifest.kernels) else 1


def _only(args: argparse.Namespace, argv: list[str], allowed: set[str], refusal: str) -> None:
    """Refuse a command that names a benchmark or an option outside `allowed` (`-` is
    stdout, no option)."""
    options = {a.split("=", 1)[0] for a in argv if a.startswith("-") and a != "-"}
    if args.benchmark or args.suite or args.polybench_root or options - allowed:
        raise UsageError(refusal)


def _collect(args: argparse.Namespace, argv: list[str]) -> int:
    _only(args, argv, {"--collect", "--json", "--debug", "--no-progress"},
          "--collect takes only --json: the bundle's manifest holds the rest")
    manifest, results = collect_bundle(Path(args.collect))
    _show(results, manifest.suite or len(results) > 1, _out(args))
    if args.json:
        write_atomically(args.json, results_json(results, manifest_options(manifest)))
    return 0 if all(r.ok for r in results) else 1


def _merge(args: argparse.Namespace, argv: list[str]) -> int:
    _only(args, argv, {"--merge", "--json", "--debug"},
          "--merge takes only --json: the shards' files hold the rest")
    merged = merge_results(args.merge)
    _show(merged.results, True, _out(args))
    if args.json:
        write_atomically(args.json, results_json(merged.results, merged.options, merged.suite))
    return 0 if all(r.ok for r in merged.results) else 1


def _suite_name(args: argparse.Namespace) -> str | None:
    """The suite the results belong to: its name, a directory's name, or `polybench`."""
    if args.suite:
        return Path(args.suite).name
    return "polybench" if args.polybench_root else None


def run_check(argv: list[str]) -> int:
    """The body of `polylift check`; exit 0 when every kernel is BIT-EXACT or PASS."""
    args = _parser().parse_args(argv)
    if args.collect:
        return _collect(args, argv)
    if args.merge:
        return _merge(args, argv)
    options = _options(args)
    shard = Shard.parse(args.shard)
    if args.bundle:
        if not shard.whole:
            raise UsageError("--shard does not go with --bundle")
        return _bundle(args, options)
    require_backend_devices(options.pass_list())
    results: list[CheckResult]
    if args.benchmark:
        if not shard.whole:
            raise UsageError("--shard goes with a suite")
        results = [check_benchmark(args.benchmark, options)]
    else:
        sources, options = _sources(args, options)
        results = check_suite(shard.take(sources), options, progress=not args.no_progress,
                              jobs=args.jobs)
    _show(results, not args.benchmark, _out(args))
    if args.json:
        extra = {} if shard.whole else {"shard": str(shard)}
        write_atomically(args.json, results_json(results, options, _suite_name(args), **extra))
    return 0 if all(r.ok for r in results) else 1
