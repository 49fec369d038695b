"""Write the site of a bake: index, one page per kernel and per template, static files.

    SITE_DIR/index.html
    SITE_DIR/kernels/<suite>/<kernel>.html
    SITE_DIR/templates/<template>.html
    SITE_DIR/static/site.css, site.js, pygments.css

Pages left from an earlier run that this one does not write are removed, so the site
always matches its bake.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from polylift.site.highlight import pygments_css
from polylift.site.model import Bake, kernel_href, template_href
from polylift.site.render import render_index, render_kernel, render_template

_OWNED_DIRS = ("kernels", "templates", "static")


def site_pages(bake: Bake) -> dict[str, str]:
    """Every file of the site, by path relative to the site root."""
    pages = {"index.html": render_index(bake)}
    for kernel in bake.kernels():
        pages[kernel_href(kernel)] = render_kernel(bake, kernel)
    for name in sorted(bake.templates):
        pages[template_href(name)] = render_template(bake, name)
    static = resources.files("polylift.site") / "static"
    for name in ("site.css", "site.js"):
        pages[f"static/{name}"] = (static / name).read_text()
    pages["static/pygments.css"] = pygments_css()
    return pages


def build_site(bake_dir: Path, site_dir: Path) -> int:
    """Render the bake in `bake_dir` into `site_dir`; the number of files written."""
    pages = site_pages(Bake.load(bake_dir))
    for rel, text in sorted(pages.items()):
        path = site_dir / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    for owned in _OWNED_DIRS:
        for path in sorted((site_dir / owned).rglob("*"), reverse=True):
            rel = path.relative_to(site_dir).as_posix()
            if path.is_file() and rel not in pages:
                path.unlink()
            elif path.is_dir() and not any(path.iterdir()):
                path.rmdir()
    return len(pages)
