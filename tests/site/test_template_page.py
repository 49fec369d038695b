"""Template pages: the shims' C declarations, where the template matched, and where it
was the closest template of a residual op (the match report's explanation)."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

from polylift.site.model import Bake
from polylift.site.render import render_template

from .conftest import FIXTURE


def _section(page: str, ident: str) -> str:
    found = re.search(rf'<section id="{ident}">(.*?)</section>', page, re.S)
    assert found, f"no section {ident}"
    return found.group(1)


def _text(html: str) -> str:
    return re.sub(r"<[^>]+>", "", html)


def test_the_shims_of_each_backend_are_declared_in_c(fixture_bake: Bake) -> None:
    shims = _text(_section(render_template(fixture_bake, "blas.gemm"), "shims"))
    for backend in fixture_bake.templates["blas.gemm"]["backends"]:
        assert f"/* {backend} */" in shims
        for dtype, ctype in (("f32", "float"), ("f64", "double")):
            assert f"void polylift_{backend}_gemm_{dtype}(int64_t m, " in shims
            assert f"const {ctype} *A" in shims
    assert shims.count(");") == 2 * len(fixture_bake.templates["blas.gemm"]["backends"])


def test_a_bake_without_shims_says_so(fixture_bake: Bake) -> None:
    template = {k: v for k, v in fixture_bake.templates["blas.gemm"].items() if k != "shims"}
    bake = Bake(fixture_bake.root, fixture_bake.suites, {"blas.gemm": template})
    assert "Not recorded by this bake" in _section(render_template(bake, "blas.gemm"), "shims")


def test_matched_kernels_are_links(fixture_bake: Bake) -> None:
    matched = _section(render_template(fixture_bake, "blas.gemv_zero1"), "matched")
    assert '<a href="../kernels/linalg/atax.html">linalg/atax</a>: 1 launch' in matched


def test_near_misses_list_the_kernel_function_and_why(fixture_bake: Bake) -> None:
    near = _section(render_template(fixture_bake, "blas.ger1"), "near")
    assert '<a href="../kernels/library/layers.html">library/layers</a>' in near
    assert "<code>add_bias.delinearized</code>" in near and "fallback" not in near
    assert '<a class="loc" href="../kernels/library/layers.html#src-8">8:7</a>' in near
    assert "payload has no factor x[i]" in near
    assert "closest template of no residual op" in _section(
        render_template(fixture_bake, "blas.gemm"), "near")


def test_a_near_miss_in_the_fallback_is_marked(tmp_path: Path) -> None:
    root = tmp_path / "bake"
    shutil.copytree(FIXTURE, root)
    path = root / "library" / "layers" / "match-report.json"
    report = json.loads(path.read_text())
    for function in report["functions"]:
        if function["function"] == "add_bias.flat":
            function["residual"][0].update(closest="blas.ger1", difference="not raised")
    path.write_text(json.dumps(report))
    near = _section(render_template(Bake.load(root), "blas.ger1"), "near")
    rows = re.findall(r"<tr><td>.*?</tr>", near, re.S)
    assert len(rows) == 2
    assert "fallback" not in rows[0] and "<code>add_bias.flat</code>" in rows[1]
    assert '<span class="badge fallback" title="from add_bias.flat, the fallback version: ' \
        'it runs only where the entry guard fails">fallback</span>' in rows[1]
