"""`polylift site`: the files it writes, stale pages removed, errors for a non-bake."""

from __future__ import annotations

from pathlib import Path

import pytest

from polylift.cli.main import run_main
from polylift.errors import PolyliftError, UsageError
from polylift.site.generator import build_site

FIXTURE = Path(__file__).parent / "fixtures" / "bake"


def test_site_command_writes_every_page_and_drops_stale_ones(tmp_path: Path, capsys) -> None:
    stale = tmp_path / "kernels" / "gone" / "old.html"
    stale.parent.mkdir(parents=True)
    stale.write_text("old")
    mine = tmp_path / "notes.txt"
    mine.write_text("kept: not a file the site owns")
    assert run_main(["site", str(FIXTURE), "-o", str(tmp_path)]) == 0
    assert "wrote" in capsys.readouterr().out
    assert not stale.exists() and not stale.parent.exists()
    assert mine.exists()
    pages = sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*.html"))
    assert "index.html" in pages and "kernels/linalg/atax.html" in pages
    assert "templates/blas.gemm.html" in pages


def test_site_is_byte_identical_when_built_twice(tmp_path: Path) -> None:
    build_site(FIXTURE, tmp_path / "a")
    build_site(FIXTURE, tmp_path / "b")
    files_a = {p.relative_to(tmp_path / "a"): p.read_bytes() for p in (tmp_path / "a").rglob("*")
               if p.is_file()}
    files_b = {p.relative_to(tmp_path / "b"): p.read_bytes() for p in (tmp_path / "b").rglob("*")
               if p.is_file()}
    assert files_a == files_b


def test_site_of_a_directory_that_is_no_bake(tmp_path: Path) -> None:
    with pytest.raises(PolyliftError, match="not a bake directory"):
        build_site(tmp_path, tmp_path / "site")
    with pytest.raises(UsageError):
        run_main(["site", str(FIXTURE)])
