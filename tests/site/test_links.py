"""The link checker: every internal href and src of the generated site resolves."""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []
        self.ids: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name in ("href", "src") and value is not None:
                self.links.append(value)
            if name in ("id", "name") and value:
                self.ids.add(value)


def _parse(path: Path) -> _Links:
    parser = _Links()
    parser.feed(path.read_text())
    return parser


def broken_links(site: Path) -> list[str]:
    """`page: link (why)` for every internal link that does not resolve."""
    pages = {p: _parse(p) for p in sorted(site.rglob("*.html"))}
    broken = []
    for page, parsed in pages.items():
        for link in parsed.links:
            parts = urlsplit(link)
            if parts.scheme == "data":
                continue
            if parts.scheme or parts.netloc or link.startswith("/"):
                broken.append(f"{page.name}: {link} (not relative: the site must be local)")
                continue
            target = (page.parent / unquote(parts.path)).resolve() if parts.path else page
            if not target.is_file():
                broken.append(f"{page.relative_to(site)}: {link} (no such file)")
            elif parts.fragment and target.suffix == ".html" and \
                    parts.fragment not in pages[target].ids:
                broken.append(f"{page.relative_to(site)}: {link} (no such anchor)")
    return broken


def test_no_broken_internal_links(site_dir: Path) -> None:
    pages = sorted(site_dir.rglob("*.html"))
    assert len(pages) >= 5
    assert broken_links(site_dir) == []


def test_link_checker_finds_a_broken_link(site_dir: Path, tmp_path: Path) -> None:
    (tmp_path / "index.html").write_text(
        (site_dir / "index.html").read_text() + '<a href="kernels/none.html">x</a>'
        '<a href="index.html#nowhere">y</a><img src="https://example.org/x.png">')
    found = broken_links(tmp_path)
    assert any("kernels/none.html (no such file)" in b for b in found)
    assert any("#nowhere (no such anchor)" in b for b in found)
    assert any("not relative" in b for b in found)


def test_every_kernel_and_template_has_a_page(site_dir: Path, fixture_bake) -> None:
    for kernel in fixture_bake.kernels():
        assert (site_dir / "kernels" / kernel["suite"] / f"{kernel['kernel']}.html").is_file()
    for name in fixture_bake.templates:
        assert (site_dir / "templates" / f"{name}.html").is_file()
    for name in ("site.css", "site.js", "pygments.css"):
        assert (site_dir / "static" / name).stat().st_size < 20_000
