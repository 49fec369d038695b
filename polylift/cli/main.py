"""`polylift`: the umbrella command (subcommands are added by later stages)."""

from __future__ import annotations

import sys

from polylift.cli.common import run_command, version_line
from polylift.errors import UsageError

USAGE = ("usage: polylift <command> [args]\n\ncommands:\n"
         "  demo   run the main job on the bundled benchmarks\n"
         "  check  build, run and compare original and lifted kernels bit for bit\n"
         "  bake   write every stage of every kernel to a bake directory\n"
         "  site   render a bake directory as a static website\n"
         "  match-report  per file and function: translated or skipped, coverage, launches\n"
         "  calibrate  time the host calls against their loops; write an offload profile\n"
         "  fuzz   check random programs, shrink and keep every failure\n"
         "  report  what a build through polylift-gcc lifted, per function\n"
         "  check-app  build an application with gcc and polylift-gcc, run, compare\n")


def run_main(argv: list[str]) -> int:
    """Dispatch to a subcommand."""
    if not argv or argv[0] in ("-h", "--help"):
        sys.stdout.write(USAGE)
        return 0
    if argv[0] in ("--version", "-V"):
        print(version_line("polylift"))
        return 0
    if argv[0] == "demo":
        from polylift.cli.demo import run_demo

        return run_demo(argv[1:])
    if argv[0] == "check":
        from polylift.cli.check import run_check

        return run_check(argv[1:])
    if argv[0] == "check-app":
        from polylift.cli.check_app import run_check_app

        return run_check_app(argv[1:])
    if argv[0] in ("bake", "site", "fuzz", "report"):
        return _subcommand(argv[0], argv[1:])
    if argv[0] == "calibrate":
        from polylift.cli.calibrate import run_calibrate

        return run_calibrate(argv[1:])
    if argv[0] == "match-report":
        from polylift.cli.match_report import run_match_report

        return run_match_report(argv[1:])
    raise UsageError(f"unknown command '{argv[0]}'")


def _subcommand(name: str, argv: list[str]) -> int:
    """`polylift bake`, `site`, `fuzz` and `report` (imported only when used)."""
    import importlib

    return getattr(importlib.import_module(f"polylift.cli.{name}"), f"run_{name}")(argv)


def main(argv: list[str] | None = None) -> int:
    """Entry point of `polylift`."""
    return run_command("polylift", run_main, argv)
