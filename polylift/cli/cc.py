"""`polylift-cc`: C to affine MLIR (the front end)."""

from __future__ import annotations

import sys

from polylift.cli.common import run_command
from polylift.errors import UsageError


def run_cc(argv: list[str]) -> int:
    """The body of polylift-cc."""
    del argv
    raise UsageError("the C front end is not built yet")


def main(argv: list[str] | None = None) -> int:
    """Entry point of `polylift-cc`."""
    return run_command("polylift-cc", run_cc, argv)


if __name__ == "__main__":
    sys.exit(main())
