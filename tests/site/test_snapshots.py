"""Snapshot tests: pages rendered from the fixture bake must equal the committed files.

Set POLYLIFT_UPDATE_SNAPSHOTS=1 to rewrite the snapshots after an intended change (and
review the diff).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from polylift.site.model import Bake
from polylift.site.render import render_index, render_kernel, render_template

SNAPSHOTS = Path(__file__).parent / "snapshots"
UPDATE = os.environ.get("POLYLIFT_UPDATE_SNAPSHOTS") == "1"


def _kernel(bake: Bake, name: str) -> dict:
    return next(k for k in bake.kernels() if k["kernel"] == name)


PAGES = {
    "index.html": lambda bake: render_index(bake),
    "kernel-broken.html": lambda bake: render_kernel(bake, _kernel(bake, "broken")),
    "kernel-jacobi-1d.html": lambda bake: render_kernel(bake, _kernel(bake, "jacobi-1d")),
    # A library's file: every function, translated or skipped.
    "kernel-layers.html": lambda bake: render_kernel(bake, _kernel(bake, "layers")),
    "template-blas.gemm.html": lambda bake: render_template(bake, "blas.gemm"),
    # A template with a `window` declaration: DSL keywords beyond the basic ones.
    "template-cnn.maxpool.html": lambda bake: render_template(bake, "cnn.maxpool"),
}


@pytest.mark.parametrize("name", sorted(PAGES))
def test_page_matches_snapshot(fixture_bake: Bake, name: str) -> None:
    page = PAGES[name](fixture_bake)
    path = SNAPSHOTS / name
    if UPDATE:
        path.write_text(page)
    assert path.exists(), f"no snapshot {path.name}; run with POLYLIFT_UPDATE_SNAPSHOTS=1"
    assert page == path.read_text(), (f"{name} differs from its snapshot; if intended, "
                                      "rerun with POLYLIFT_UPDATE_SNAPSHOTS=1")


def test_rendering_is_deterministic(fixture_bake: Bake) -> None:
    again = Bake.load(fixture_bake.root)
    assert render_index(fixture_bake) == render_index(again)
    atax = _kernel(again, "atax")
    assert render_kernel(fixture_bake, atax) == render_kernel(again, atax)


def test_index_shows_each_kernel_and_its_coverage(fixture_bake: Bake) -> None:
    page = render_index(fixture_bake)
    for kernel in fixture_bake.kernels():
        assert f'href="kernels/{kernel["suite"]}/{kernel["kernel"]}.html"' in page
        assert f'cov-{kernel["coverage"].lower()}' in page
    assert "Coverage across suites" in page


def test_failed_stage_shows_its_error_and_blocker(fixture_bake: Bake) -> None:
    page = render_kernel(fixture_bake, _kernel(fixture_bake, "broken"))
    assert "blocked by <strong>front end</strong>" in page
    assert 'class="status st-failed"' in page and "source.c:" in page
    assert "00-affine did not complete" in page


def test_kernel_page_escapes_text(fixture_bake: Bake) -> None:
    kernel = dict(_kernel(fixture_bake, "atax"))
    kernel["notes"] = ["<script>alert(1)</script>"]
    page = render_kernel(fixture_bake, kernel)
    assert "<script>alert(1)</script>" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page


def test_library_suite_lists_functions_and_counts_blockers(fixture_bake: Bake) -> None:
    """The library suite (C files without main): a row per function, and the blockers
    counted by category, a refused construct for each skipped function."""
    page = render_index(fixture_bake)
    section = page.split('id="suite-library"', 1)[1].split("</section>", 1)[0]
    assert section.count('class="fn-translated"') == 2
    assert section.count('class="fn-skipped"') == 2
    for blocker in ("while loop", "call", "no template"):
        assert f"<td>{blocker}</td><td class=\"num\">1</td>" in section, blocker
    library = fixture_bake.suites["library"]
    assert library["config"]["library"] and not library["config"]["checked"]
    assert all(k["function"] == "*" and not k["results"] for k in library["kernels"])
