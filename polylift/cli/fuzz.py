"""`polylift fuzz`: differential random testing of the whole pipeline."""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import asdict

from polylift.cli.common import CommandParser
from polylift.errors import UsageError
from polylift.fuzz.campaign import CampaignOptions, Tally, print_progress, run_campaign
from polylift.fuzz.shapes import SHAPES
from polylift.output import write_atomically
from polylift.shard import Shard


def _parser() -> argparse.ArgumentParser:
    p = CommandParser(prog="polylift fuzz", description="Generate random benchmark programs, "
                "check each with ref and host on native and exact inputs, shrink and "
                "write out every failure with a reproducer.")
    p.add_argument("--count", type=int, help="programs in the campaign (all shards together)")
    p.add_argument("--seconds", type=float, help="stop starting programs after this long")
    p.add_argument("--seed", type=int, default=0, help="the campaign's seed (default 0)")
    p.add_argument("--shard", default="1/1", help="K/N: run every N-th program from the K-th")
    p.add_argument("--jobs", "-j", type=int, default=1, help="programs checked in parallel")
    p.add_argument("--out", default="fuzz-out", help="where findings go (default fuzz-out)")
    p.add_argument("--json", help="write the campaign's counts and findings to this file")
    p.add_argument("--templates", action="append", default=[],
                   help="an extra template directory for every check (repeatable)")
    p.add_argument("--shrink-budget", type=int, default=150,
                   help="checks the shrinker may spend on one failure (default 150)")
    p.add_argument("--shape", choices=sorted(SHAPES),
                   help="generate only this library shape (perturbed and relaid out as usual)")
    p.add_argument("--no-aarch64", action="store_true", help="no checks under qemu")
    p.add_argument("--no-progress", action="store_true", help="no progress line")
    p.add_argument("--debug", action="store_true", help="show tracebacks")
    return p


def campaign_json(options: CampaignOptions, tally: Tally) -> str:
    """The campaign's options, counts per configuration, and findings, sorted."""
    return json.dumps({
        "options": asdict(options),
        "programs": tally.programs,
        "launched": tally.launched,
        "interrupted": tally.interrupted,
        "verdicts": {label: dict(sorted(c.items())) for label, c in tally.verdicts.items()},
        "findings": [asdict(f) for f in tally.findings],
        "results": [{"index": r.index, "shape": r.shape, "launched": r.launched,
                     "launches": sorted({t for o in r.outcomes for t in o.launches}),
                     "verdicts": {o.config.label: o.verdict for o in r.outcomes}}
                    for r in tally.results],
    }, indent=2, sort_keys=True) + "\n"


def run_fuzz(argv: list[str]) -> int:
    """The body of `polylift fuzz`; exit 1 when any program failed, 130 when interrupted
    (after reporting, and writing --json, for the programs checked)."""
    args = _parser().parse_args(argv)
    if args.count is None and args.seconds is None:
        raise UsageError("give --count, --seconds or both")
    if args.jobs < 1:
        raise UsageError("--jobs must be at least 1")
    if args.count is not None and args.count < 1:
        raise UsageError("--count must be at least 1")
    if args.seconds is not None and not args.seconds > 0:
        raise UsageError("--seconds must be more than 0")
    shard = Shard.parse(args.shard)
    options = CampaignOptions(seed=args.seed, count=args.count, seconds=args.seconds,
                              shard=shard.index, shards=shard.count, jobs=args.jobs,
                              out=args.out,
                              templates=tuple(args.templates),
                              shrink_budget=args.shrink_budget, aarch64=not args.no_aarch64,
                              shape=args.shape)
    tally = run_campaign(options, None if args.no_progress else print_progress())
    if not args.no_progress:
        sys.stderr.write("\n")
    out = sys.stderr if args.json == "-" else sys.stdout  # `--json -`: JSON alone on stdout
    print(tally.line(), file=out)
    for finding in tally.findings:
        print(f"finding: seed {finding.seed} program {finding.index} ({finding.shape}): "
              f"{finding.kind}; shrunk to {finding.shrunk_lines} kernel lines in "
              f"{finding.checks} checks: {finding.directory}/repro.sh", file=out)
    if args.json:
        write_atomically(args.json, campaign_json(options, tally))
    if tally.interrupted:
        return 130
    return 1 if tally.findings else 0
