"""`polylift calibrate`: time the host calls against the loops they replace, here, and
write the offload profile that `--offload-policy=profitable` reads."""

from __future__ import annotations

import argparse
import sys

from polylift.cli.common import CommandParser
from polylift.errors import UsageError
from polylift.output import write_atomically
from polylift.shard import Shard

DEFAULT_KERNELS = "atax,bicg,mvt,gesummv,gemver,gemm,2mm,syrk"


def _parser() -> argparse.ArgumentParser:
    p = CommandParser(prog="polylift calibrate", description="Time each host shim call against "
                "the raised loops it replaces, lowered as the lifted program runs them, at "
                "a few sizes, and write an offload profile.")
    p.add_argument("--suite", default="linalg",
                   help="comma-separated suite names or directories (default linalg)")
    p.add_argument("--kernels", default=None,
                   help="benchmark stems of the suites (default: every kernel of the "
                        f"suites; of linalg alone, {DEFAULT_KERNELS})")
    p.add_argument("--sizes", default="MINI,SMALL,MEDIUM", help="dataset sizes to time at")
    p.add_argument("--repeat", type=int, default=5, help="timed calls per build (median)")
    p.add_argument("--rounds", type=int, default=3,
                   help="builds of each program, interleaved; the least median is kept")
    p.add_argument("-o", "--output", default="offload-profile.json",
                   help="the profile to write (default offload-profile.json)")
    p.add_argument("--shard", default="1/1", metavar="K/N",
                   help="time every N-th kernel from the K-th (on one of N like machines)")
    p.add_argument("--merge", nargs="+", metavar="PROFILE",
                   help="join the profiles of shards (or of other runs) into -o")
    p.add_argument("--debug", action="store_true", help="show tracebacks")
    return p


def _merge(args: argparse.Namespace) -> int:
    """`--merge`: the profiles' points joined into one profile."""
    from polylift.lowering.profile import load_profile, merge_profiles

    profile = merge_profiles([load_profile(path) for path in args.merge], args.output)
    write_atomically(args.output, profile.to_json())
    print(f"wrote {args.output}: {len(profile.entries)} templates from "
          f"{len(args.merge)} profiles", file=sys.stderr)
    return 0


def run_calibrate(argv: list[str]) -> int:
    """The body of `polylift calibrate`: one row per measured point, then the profile."""
    from polylift.harness.calibrate import Measured, calibrate
    from polylift.harness.check import CheckOptions
    from polylift.harness.programs.build import SIZES
    from polylift.harness.suite import suite_selection

    args = _parser().parse_args(argv)
    if args.merge:
        return _merge(args)
    sizes = [s for s in args.sizes.split(",") if s]
    unknown = [s for s in sizes if s not in SIZES]
    if unknown or not sizes:
        raise UsageError(f"unknown size '{(unknown or [''])[0]}' (known: {', '.join(SIZES)})")
    kernels = args.kernels or (DEFAULT_KERNELS if args.suite == "linalg" else None)
    sources = [s for chosen in suite_selection(args.suite, kernels).values() for s in chosen]
    sources = Shard.parse(args.shard).take(sources)
    if args.rounds < 1:
        raise UsageError("--rounds must be at least 1")
    options = CheckOptions(repeat=args.repeat)
    options.validate()
    print(f"{'kernel':<18} {'size':<7} {'template':<24} {'dtype':<5} {'work':>10} "
          f"{'loops ms':>10} {'call ms':>10} {'speedup':>8}")

    def row(measured: Measured) -> None:
        if measured.note:
            print(f"{measured.benchmark:<18} {measured.size:<7} skipped: {measured.note}")
        for template, dtype, p in measured.points:
            print(f"{measured.benchmark:<18} {measured.size:<7} {template:<24} {dtype:<5} "
                  f"{p.work:10.4g} {p.loops_s * 1e3:10.4f} {p.call_s * 1e3:10.4f} "
                  f"{p.ratio:7.2f}x", flush=True)

    profile = calibrate(sources, sizes, options, row, args.rounds)
    write_atomically(args.output, profile.to_json())
    for entry in sorted(profile.entries, key=lambda e: e.key):
        threshold = entry.threshold()
        print(f"{entry.template} ({entry.dtype}): launched from work {threshold:.4g}")
    print(f"wrote {args.output}: {len(profile.entries)} templates", file=sys.stderr)
    return 0
