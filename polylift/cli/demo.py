"""`polylift demo`: the main job on the bundled benchmarks.

It bakes the `linalg`, `cnn` and `image` suites with the `ref` and `host` backends into
`bake/` (every stage of every kernel, checked bit for bit against the original program;
unchanged stages come from the bake's cache), prints the summary table, and writes the
IR explorer website to `site-out/index.html`. Options: `[BAKE_DIR [SITE_DIR]]`.
"""

from __future__ import annotations

from polylift.cli.bake import run_bake
from polylift.cli.site import run_site

SUITES = ("linalg", "cnn", "image")
BACKENDS = "ref,host"


def run_demo(argv: list[str]) -> int:
    """Bake the bundled suites, print the summary, write the site."""
    bake_dir = argv[0] if argv else "bake"
    site_dir = argv[1] if len(argv) > 1 else "site-out"
    status = run_bake([*SUITES, "-o", bake_dir, "--backends", BACKENDS])
    if status != 0:
        return status
    return run_site([bake_dir, "-o", site_dir])
