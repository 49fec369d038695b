"""`polylift site`: render a bake directory as a static website."""

from __future__ import annotations

from pathlib import Path

from polylift.cli.common import CommandParser


def run_site(argv: list[str]) -> int:
    """The body of `polylift site BAKE_DIR -o SITE_DIR`."""
    p = CommandParser(prog="polylift site", description="Render a bake directory (polylift bake) "
                "as a static website that works from file://.")
    p.add_argument("bake_dir", metavar="BAKE_DIR")
    p.add_argument("-o", "--output", required=True, metavar="SITE_DIR")
    p.add_argument("--debug", action="store_true", help="show tracebacks")
    args = p.parse_args(argv)
    from polylift.site.generator import build_site

    count = build_site(Path(args.bake_dir), Path(args.output))
    print(f"wrote {count} files to {args.output}; open {Path(args.output) / 'index.html'}")
    return 0
