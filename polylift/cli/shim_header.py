"""`python -m polylift.cli.shim_header`: print or update the generated shim header.

    python -m polylift.cli.shim_header                 print polylift_shims.h
    python -m polylift.cli.shim_header --write         update the checked-in copy
    python -m polylift.cli.shim_header --templates DIR add a directory of user templates
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from polylift.cli.common import run_command
from polylift.errors import UsageError
from polylift.output import write_atomically
from polylift.shims.header import CHECKED_IN, HEADER_NAME, render_header
from polylift.tdl.library import load_library


def _body(args: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m polylift.cli.shim_header",
                                     description=f"Generate {HEADER_NAME}.")
    parser.add_argument("--write", action="store_true",
                        help=f"update the checked-in {HEADER_NAME}")
    parser.add_argument("--templates", action="append", default=[], metavar="DIR",
                        help="also read the templates of DIR (repeatable)")
    parser.add_argument("--debug", action="store_true", help="show tracebacks")
    opts = parser.parse_args(args)
    if opts.write and opts.templates:
        raise UsageError("--write updates the built-in header; it takes no --templates")
    text = render_header(load_library(opts.templates))
    write_atomically(str(CHECKED_IN) if opts.write else "-", text)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Print the header, or with `--write` update the checked-in copy."""
    return run_command("polylift-shim-header", _body, None if argv is None else list(argv))


if __name__ == "__main__":
    raise SystemExit(main())
