"""The index's search: its entries, embedded in the page, and the rows they filter."""

from __future__ import annotations

import json
import re

from polylift.site.model import Bake
from polylift.site.render import render_index
from polylift.site.search import search_entries


def _embedded(page: str) -> list[dict[str, str]]:
    found = re.search(r'<script type="application/json" id="search-index">(.*?)</script>',
                      page, re.S)
    assert found, "no search index in the page"
    return json.loads(found.group(1))


def test_the_index_embeds_an_entry_per_kernel_and_template(fixture_bake: Bake) -> None:
    page = render_index(fixture_bake)
    entries = _embedded(page)
    assert entries == search_entries(fixture_bake)
    kernels = [e["key"] for e in entries if e["kind"] == "kernel"]
    assert kernels == [f"k:{k['suite']}/{k['kernel']}" for k in fixture_bake.kernels()]
    templates = [e["key"] for e in entries if e["kind"] == "template"]
    assert templates == [f"t:{name}" for name in sorted(fixture_bake.templates)]
    assert '<input type="search" id="search-box"' in page
    assert "fetch(" not in page  # a page opened from disk cannot fetch


def test_every_entry_filters_elements_of_the_page(fixture_bake: Bake) -> None:
    page = render_index(fixture_bake)
    keys = set(re.findall(r'data-search="([^"]+)"', page))
    assert keys == {e["key"] for e in _embedded(page)}
    # A library's file has a row per function, each filtered with the file.
    assert page.count('data-search="k:library/layers"') == 2


def test_entries_hold_the_words_a_reader_looks_for(fixture_bake: Bake) -> None:
    entries = {e["key"]: e["text"] for e in search_entries(fixture_bake)}
    atax = entries["k:linalg/atax"]
    assert "linalg/atax" in atax and "kernel_atax" in atax and "blas.gemv_zero1" in atax
    assert "full" in atax  # lower-cased once, so the script compares lower-cased words
    assert "add_bias" in entries["k:library/layers"] and "while loop" not in atax
    gemm = entries["t:blas.gemm"]
    assert "blas.gemm" in gemm and "gemm" in gemm and "cublas" in gemm and "f64" in gemm


def test_the_embedded_index_cannot_close_its_script(fixture_bake: Bake) -> None:
    kernel = dict(next(k for k in fixture_bake.kernels() if k["kernel"] == "atax"))
    kernel["notes"] = ["</script><script>alert(1)</script>"]
    suites = {**fixture_bake.suites}
    suites["linalg"] = {**suites["linalg"], "kernels": [kernel]}
    page = render_index(Bake(fixture_bake.root, suites, fixture_bake.templates))
    assert "<script>alert(1)" not in page
    entry = next(e for e in _embedded(page) if e["key"] == "k:linalg/atax")
    assert "</script><script>alert(1)</script>" in entry["text"]
