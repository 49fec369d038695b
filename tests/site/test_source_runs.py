"""A check whose lifted program runs the source's own code (the kernel has no launch):
the index and the kernel page mark its speedup as the source against itself and give
the compared MLIR build's time, so nobody reads it as a lifted speedup."""

from __future__ import annotations

import re
from typing import Any

from polylift.site.model import Bake, index_row
from polylift.site.render import render_kernel


def _unlifted(bake: Bake, source_runs: bool) -> dict[str, Any]:
    """The fixture's atax with its ref result's lifted time taken by the source's code."""
    atax = next(k for k in bake.kernels() if k["kernel"] == "atax")
    results = [dict(r, source_runs=source_runs, mlir_s=2.5e-06 if source_runs else None)
               if r["backend"] == "ref" else r for r in atax["results"]]
    return dict(atax, results=results)


def _speedup_cells(page: str) -> list[str]:
    verdicts = page[page.index('id="verdicts"'):page.index('id="commands"')]
    return re.findall(r'<td class="num">([^<]*x[^<]*)</td>', verdicts)


def test_the_index_marks_a_source_speedup(fixture_bake: Bake):
    config = fixture_bake.suites["linalg"]["config"]
    row = index_row(_unlifted(fixture_bake, True), config)
    ref = config["backends"].index("ref")
    cells = [lifted[ref][1] for _, lifted in row["times"] if lifted[ref][1] != "-"]
    assert cells and all(c.endswith("x (source)") for c in cells)
    plain = index_row(_unlifted(fixture_bake, False), config)
    assert all("(source)" not in cell for _, lifted in plain["times"] for _, cell in lifted)


def test_the_kernel_page_gives_the_mlir_build_time(fixture_bake: Bake):
    cells = _speedup_cells(render_kernel(fixture_bake, _unlifted(fixture_bake, True)))
    assert any(c.endswith("x (source; MLIR build 2.5 us)") for c in cells), cells
    plain = _speedup_cells(render_kernel(fixture_bake, _unlifted(fixture_bake, False)))
    assert plain and not any("source" in c for c in plain)
