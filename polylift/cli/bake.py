"""`polylift bake`: write every stage of every kernel of some suites to a bake directory."""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from polylift.bake.document import RESULTS_NAME, kernel_results
from polylift.bake.offload import OffloadChoice
from polylift.cli.common import CommandParser, add_offload_arguments
from polylift.cli.functions_table import function_table
from polylift.errors import UsageError
from polylift.output import write_atomically
from polylift.results import document, dumps
from polylift.shard import Shard

if TYPE_CHECKING:
    from polylift.bake import BakeOptions

BACKENDS = ("ref", "host", "cublas", "cublaslt", "cudnn", "cusolver", "npp", "pva")


def _parser() -> argparse.ArgumentParser:
    p = CommandParser(prog="polylift bake", description="Bake every stage of every kernel (C, "
                "affine, linalg, matched, lowered per backend, LLVM IR, check results) to "
                "files; unchanged stages come from a content-hash cache.")
    p.add_argument("suites", nargs="*", metavar="SUITE|DIR",
                   help="linalg, cnn, image, arrays, a directory of kernels, or a PolyBench/C tree")
    p.add_argument("-o", "--output", required=True, metavar="BAKE_DIR")
    p.add_argument("--backends", default="ref", help="comma-separated (default ref)")
    p.add_argument("--sizes", default="MINI", help="comma-separated dataset sizes (MINI)")
    p.add_argument("--targets", default="x86_64", help="comma-separated targets (x86_64)")
    p.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1,
                   help="worker processes (default: the number of cores)")
    p.add_argument("--only", default="", metavar="KERNELS",
                   help="only these kernels (comma-separated file stems) of the suites; "
                        "the bake's suites then hold just them")
    p.add_argument("--no-check", action="store_true", help="skip the check runs")
    p.add_argument("--assume-noalias", action="store_true",
                   help="the kernels' array arguments never overlap (polylift-cc's option)")
    add_offload_arguments(p)
    p.add_argument("--shard", default="1/1", metavar="K/N",
                   help="bake every N-th kernel from the K-th, for --merge to join")
    p.add_argument("--merge", nargs="+", metavar="DIR",
                   help="join the bakes of shards 1..N (their folders) into -o BAKE_DIR")
    p.add_argument("--json", metavar="FILE",
                   help="write the results document (`-`: stdout, the table to stderr)")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.add_argument("--debug", action="store_true", help="show tracebacks")
    return p


def _names(text: str, known: tuple[str, ...], what: str) -> tuple[str, ...]:
    names = tuple(dict.fromkeys(n.strip() for n in text.split(",") if n.strip()))
    if not names:
        raise UsageError(f"no {what} given")
    for name in names:
        if name not in known:
            raise UsageError(f"unknown {what[:-1]} '{name}' (known: {', '.join(known)})")
    return names


def _offload(args: argparse.Namespace) -> OffloadChoice:
    """The bake's offload policy (the profile is read only under `profitable`, as check
    reads it); one that cannot be read or parsed is refused now, not once per kernel."""
    from polylift.lowering.profile import load_profile

    if args.offload_policy != "always":
        load_profile(args.offload_profile)
    profile = str(Path(args.offload_profile).resolve()) if args.offload_profile else ""
    return OffloadChoice(args.offload_policy, profile)


def summary_table(summaries: list[dict[str, Any]]) -> str:
    """One row per kernel: coverage, launches, blocker and each check's verdict."""
    head = ("suite", "kernel", "coverage", "launches", "blocker", "verdicts")
    rows: list[tuple[str, ...]] = [head]
    for s in summaries:
        verdicts = " ".join(f"{r['backend']}:{r['verdict']}" for r in s["results"]) or "-"
        rows.append((s["suite"], s["kernel"], s["coverage"], str(s["launches"]),
                     s["blocker"] or "-", verdicts))
    widths = [max(len(r[i]) for r in rows) for i in range(len(head))]
    lines = ["  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip()
             for r in rows]
    lines.insert(1, "  ".join("-" * w for w in widths))
    for suite in sorted({s["suite"] for s in summaries}):
        cov = Counter(s["coverage"] for s in summaries if s["suite"] == suite)
        total = sum(cov.values())
        lines.append(f"{suite}: {total} kernels, FULL {cov['FULL']}, PARTIAL {cov['PARTIAL']}, "
                     f"NONE {cov['NONE']}")
    library = [s for s in summaries if "functions" in s]
    if library:
        lines += ["", "functions of the library files:"]
        lines += function_table([(s["kernel"], s["functions"]) for s in library])
    return "\n".join(lines) + "\n"


def _options(args: argparse.Namespace) -> BakeOptions:
    from polylift.bake import BakeOptions
    from polylift.harness.programs.build import SIZES
    from polylift.harness.programs.toolchain import TARGETS

    if args.jobs < 1:
        raise UsageError("-j must be at least 1")
    if not args.suites:
        raise UsageError("give the suites to bake (or --merge the folders of shards)")
    return BakeOptions(backends=_names(args.backends, BACKENDS, "backends"),
                       sizes=_names(args.sizes, SIZES, "sizes"),
                       targets=_names(args.targets, tuple(sorted(TARGETS)), "targets"),
                       jobs=args.jobs, check=not args.no_check,
                       assume_noalias=args.assume_noalias, offload=_offload(args),
                       progress=not args.no_progress,
                       only=tuple(n for n in args.only.split(",") if n),
                       shard=Shard.parse(args.shard))


def _merge(args: argparse.Namespace, out: TextIO) -> int:
    from polylift.bake.merge import merge

    if args.suites or args.shard != "1/1":
        raise UsageError("--merge takes the shards' folders alone, and -o")
    summaries = merge([Path(d) for d in args.merge], Path(args.output))
    out.write(summary_table(summaries))
    print(f"merged {len(summaries)} kernels of {len(args.merge)} folder(s) into "
          f"{args.output}", file=out)
    if args.json:
        write_atomically(args.json, (Path(args.output) / RESULTS_NAME).read_text())
    return 0


def run_bake(argv: list[str]) -> int:
    """The body of `polylift bake`; exit 0 even when kernels fail (they are recorded)."""
    from polylift.bake import bake

    args = _parser().parse_args(argv)
    out = sys.stderr if args.json == "-" else sys.stdout  # `--json -`: JSON alone on stdout
    if args.merge:
        return _merge(args, out)
    options = _options(args)
    start = time.perf_counter()
    stats = bake(args.suites, Path(args.output), options)
    out.write(summary_table(stats.summaries))
    what = "" if options.shard.whole else f" (shard {options.shard}: merge the shards' " \
        "folders with --merge)"
    print(f"baked {stats.kernels} kernels into {args.output}{what}: {stats.computed} stages "
          f"computed, {stats.cached} cached, {len(stats.failed)} kernels with a failed "
          f"stage ({time.perf_counter() - start:.1f} s)", file=out)
    if args.json:
        extra = {} if options.shard.whole else {"shard": str(options.shard)}
        doc = document("bake", {"suites": stats.configs},
                       [e for s in stats.summaries for e in kernel_results(s)], **extra)
        write_atomically(args.json, dumps(doc))
    return 0
