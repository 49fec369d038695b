"""`polylift demo`: the main job on the bundled benchmarks.

It bakes the `linalg`, `cnn` and `image` suites with the `ref` and `host` backends into
`bake/` (every stage of every kernel, checked bit for bit against the original program;
unchanged stages come from the bake's cache), prints the summary table, and writes the
IR explorer website to `site-out/index.html`.

    polylift demo [BAKE_DIR [SITE_DIR]] [--only KERNEL[,KERNEL...]]
"""

from __future__ import annotations

from polylift.cli.bake import run_bake
from polylift.cli.common import CommandParser
from polylift.cli.site import run_site

SUITES = ("linalg", "cnn", "image")
BACKENDS = "ref,host"


def _parser() -> CommandParser:
    p = CommandParser(prog="polylift demo", description="Bake the bundled linalg, cnn and "
                      "image suites (ref and host), print the summary, write the site.")
    p.add_argument("bake_dir", nargs="?", default="bake", help="the bake (default bake)")
    p.add_argument("site_dir", nargs="?", default="site-out",
                   help="the website (default site-out)")
    p.add_argument("--only", help="only these kernels (comma-separated stems)")
    p.add_argument("--debug", action="store_true", help="show tracebacks")
    return p


def run_demo(argv: list[str]) -> int:
    """Bake the bundled suites, print the summary, write the site."""
    args = _parser().parse_args(argv)
    only = ["--only", args.only] if args.only else []
    status = run_bake([*SUITES, "-o", args.bake_dir, "--backends", BACKENDS, *only])
    if status != 0:
        return status
    return run_site([args.bake_dir, "-o", args.site_dir])
