"""A versioned kernel's page: the `.flat` fallback's residual ops are listed apart.

The fixture bake has no versioned kernel, so these tests add one to a copy of it: the
match report below is the one `polylift bake` writes for `benchmarks/cnn/gemm_tn.c`
(a dispatcher, its delinearised version, which is lifted, and its flat fallback, which
keeps its three loops).
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest

from polylift.site.model import Bake
from polylift.site.render import render_kernel

from .conftest import FIXTURE

LOOP = {"closest": "", "difference": "loop not raised to linalg", "op": "affine.for"}
REPORT = [
    {"coverage": "NONE", "function": "kernel_gemm_tn", "launches": [], "residual": []},
    {"coverage": "FULL", "function": "kernel_gemm_tn.delinearized",
     "launches": [{"at": "44:9", "callee": "gemm_tn_f32", "ops": 1,
                   "source_order_matches": False, "template": "blas.gemm_tn_alpha"}],
     "residual": []},
    {"coverage": "NONE", "function": "kernel_gemm_tn.flat", "launches": [],
     "residual": [dict(LOOP, at="40:3"), dict(LOOP, at="41:5"), dict(LOOP, at="43:7")]},
]


def _page(root: Path, functions: list[dict[str, Any]]) -> str:
    """The page of a kernel `gemm_tn` whose only baked file is `functions`' match report."""
    shutil.copytree(FIXTURE, root)
    (root / "linalg" / "gemm_tn").mkdir()
    (root / "linalg" / "gemm_tn" / "match-report.json").write_text(
        json.dumps({"functions": functions}))
    bake = Bake.load(root)
    atax = next(k for k in bake.kernels() if k["kernel"] == "atax")
    kernel = dict(atax, kernel="gemm_tn", function="kernel_gemm_tn", source="gemm_tn.c",
                  stages={}, errors={}, results=[])
    return render_kernel(bake, kernel)


def _section(page: str, start: str, end: str) -> str:
    found = re.search(f"{re.escape(start)}(.*?){re.escape(end)}", page, re.S)
    assert found, f"no section from {start!r} to {end!r}"
    return found.group(1)


def test_fallback_residuals_are_listed_apart(tmp_path: Path) -> None:
    page = _page(tmp_path / "bake", REPORT)
    residual = _section(page, "<h2>Residual ops</h2>", '<h3 id="fallback">')
    assert '<p class="empty">None.</p>' in residual and "affine.for" not in residual
    fallback = _section(page, '<h3 id="fallback">', "</section>")
    assert "delinearisation guard fails" in fallback and "not counted" in fallback
    assert fallback.count("<code>kernel_gemm_tn.flat</code>") == 3
    assert [f'href="#src-{line}"' in fallback for line in (40, 41, 43)] == [True] * 3
    matches = _section(page, "<h2>Matched templates</h2>", "</section>")
    assert "<code>kernel_gemm_tn.delinearized</code>" in matches
    assert "blas.gemm_tn_alpha" in matches


@pytest.mark.parametrize("kept", [[0, 2], [2]])
def test_flat_loops_without_a_delinearized_sibling_are_residual(tmp_path: Path,
                                                                  kept: list[int]) -> None:
    # `.flat` is only a fallback beside its delinearised version; alone, its loops are
    # the kernel's own and must be shown as residual ops.
    page = _page(tmp_path / "bake", [REPORT[i] for i in kept])
    assert 'id="fallback"' not in page
    residual = _section(page, "<h2>Residual ops</h2>", "</section>")
    assert residual.count("<code>affine.for</code>") == 3


def test_launches_guarded_at_entry_are_marked(tmp_path: Path) -> None:
    # A match report as `polylift bake` writes it for a kernel without `restrict` (a
    # gemv): a dispatcher, the version that runs when A, x and y are apart, the fallback.
    guarded = {"coverage": "FULL", "function": "kernel_gemm_tn.noalias",
               "alias_guarded": [["A", "y"], ["x", "y"]],
               "launches": [{"at": "6:7", "callee": "gemv_f64", "ops": 2,
                             "source_order_matches": True, "template": "blas.gemv_zero1"}],
               "residual": []}
    flat = {"coverage": "NONE", "function": "kernel_gemm_tn.flat", "launches": [],
            "alias_guarded": [], "residual": [dict(LOOP, at="3:3"), dict(LOOP, at="5:5")]}
    page = _page(tmp_path / "bake", [REPORT[0], guarded, flat])
    matches = _section(page, "<h2>Matched templates</h2>", "</section>")
    assert matches.count('<span class="badge guarded"') == 2  # the launch and the legend
    assert "<code>A</code> and <code>y</code>, <code>x</code> and <code>y</code>" in matches
    fallback = _section(page, '<h3 id="fallback">', "</section>")
    assert "entry guard fails" in fallback and "delinearisation" not in fallback
    assert "array views" not in fallback
    assert fallback.count("<code>kernel_gemm_tn.flat</code>") == 2


def test_unguarded_launches_have_no_badge(tmp_path: Path) -> None:
    page = _page(tmp_path / "bake", REPORT)
    assert "badge guarded" not in page and 'id="guard"' not in page


BADGE = '<span class="badge fallback" title="from {}, the fallback version: it runs only ' \
    'where the entry guard fails">fallback</span>'


def test_fallback_residual_rows_carry_a_badge(tmp_path: Path) -> None:
    page = _page(tmp_path / "bake", REPORT)
    fallback = _section(page, '<h3 id="fallback">', "</section>")
    assert fallback.count(BADGE.format("kernel_gemm_tn.flat")) == 3
    assert "badge fallback" not in _section(page, "<h2>Matched templates</h2>", "</section>")


def test_a_note_about_the_fallback_says_so(fixture_bake: Bake) -> None:
    from polylift.site.model import index_row, kernel_notes
    from polylift.site.render import render_index

    layers = next(k for k in fixture_bake.kernels() if k["kernel"] == "layers")
    page = render_kernel(fixture_bake, layers)
    notes = _section(page, '<ul class="notes">', "</ul>")
    assert notes.startswith("<li>" + BADGE.format("add_bias.flat") + " not raised: may alias")
    # A note about the kernel's own path has no badge, nor has a bake that did not
    # record which version a note is about.
    atax = next(k for k in fixture_bake.kernels() if k["kernel"] == "atax")
    own = dict(atax, notes=["not raised: x", "closest y"], notes_fallback=["", "f.flat"])
    assert kernel_notes(own) == [("not raised: x", ""), ("closest y", "f.flat")]
    assert kernel_notes(dict(atax, notes=["n"], notes_fallback=[])) == [("n", "")]
    suites = {**fixture_bake.suites,
              "linalg": {**fixture_bake.suites["linalg"], "kernels": [own]}}
    index = render_index(Bake(fixture_bake.root, suites, fixture_bake.templates))
    assert f'<td class="notes">not raised: x; {BADGE.format("f.flat")} closest y</td>' in index
    assert index_row(own, suites["linalg"]["config"])["kernel"] is own
