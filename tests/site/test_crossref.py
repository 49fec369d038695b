"""Kernel pages: each MLIR op marked with its C line and linked to it, each C line linked
to the ops of every stage that came from it."""

from __future__ import annotations

import re

import pytest

from polylift.site.codeview import StageOps, op_id, render_mlir, render_source, short_name
from polylift.site.locations import locate
from polylift.site.model import Bake
from polylift.site.render import render_kernel

OP = re.compile(r'<span class="op" id="(op-[\w,-]+?-(\d+))" data-c="(\d+)">'
                r'<a class="cloc" href="#src-(\d+)"[^>]*>c:(\d+)</a>(.*)</span>$', re.M)


@pytest.fixture(scope="module")
def atax(fixture_bake: Bake) -> str:
    return render_kernel(fixture_bake, next(k for k in fixture_bake.kernels()
                                            if k["kernel"] == "atax"))


def _panel(page: str, stage: str) -> str:
    start = page.index(f'<div class="panel" id="stage-{stage}"')
    return page[start:page.index('<div class="panel"', start + 1)]


def _source_line(page: str, line: int) -> str:
    found = re.search(rf'<span class="cl[^"]*" id="src-{line}">.*$', page, re.M)
    assert found, f"no C line {line}"
    return found.group(0)


def test_every_mlir_op_line_has_a_marker_linking_its_c_line(atax: str) -> None:
    matched = _panel(atax, "02-matched")
    ops = OP.findall(matched)
    assert ops and "loc(" not in matched and "#loc" not in matched
    for ident, _, data_c, href, marker, _ in ops:
        assert data_c == href == marker, ident
    launches = {int(c) for _, _, c, _, _, body in ops if "kernel.launch" in body}
    assert launches == {27, 31, 33}  # the C lines of the three loops it launches


def test_each_stage_with_mlir_is_marked_the_llvm_ir_is_not(atax: str) -> None:
    for stage in ("00-affine", "01-linalg", "02-matched", "03-lowered-ref",
                  "03-lowered-host"):
        assert OP.search(_panel(atax, stage)), stage
    assert 'class="op"' not in _panel(atax, "04-llvm-ref")


def test_a_c_line_links_to_the_first_op_of_each_stage_from_it(atax: str) -> None:
    line = _source_line(atax, 31)
    links = re.findall(r'<a class="to-op" href="#(op-[\w,-]+)"[^>]*>([\w,-]+)</a>', line)
    assert [name for _, name in links] == ["affine", "linalg", "matched", "lowered-ref",
                                           "lowered-host"]
    matched = dict((name, target) for target, name in links)["matched"]
    first = min(int(n) for ident, n, c, *_ in OP.findall(_panel(atax, "02-matched"))
                if c == "31")
    assert matched == op_id("02-matched", first)
    assert f'id="{matched}"' in atax  # the link's target exists
    assert "has-ops" not in _source_line(atax, 1)  # a comment: no op came from it


def test_every_op_and_c_line_link_resolves(atax: str) -> None:
    ids = set(re.findall(r'id="([^"]+)"', atax))
    for target in re.findall(r'href="#((?:op|src)-[^"]+)"', atax):
        assert target in ids, target


def test_render_mlir_marks_ops_and_leaves_other_lines_in_the_gutter() -> None:
    text = ('module {\n  func.func @f() {\n    %0 = arith.constant 1 : i32 loc(#loc1)\n'
            '    return loc(#loc2)\n  } loc(#loc2)\n} loc(#loc)\n#loc = loc("source.c":1:1)\n'
            '#loc1 = loc("source.c":3:5)\n#loc2 = loc("source.c":2:6)\n')
    html = render_mlir("01-linalg", locate(text), "01-linalg.mlir")
    assert html.count('class="op"') == 3 and html.count('<span class="cloc"></span>') == 3
    assert 'id="op-01-linalg-3" data-c="3"><a class="cloc" href="#src-3"' in html
    assert 'id="op-01-linalg-2" data-c="2"' in html  # func.func, from its closing brace


def test_render_source_escapes_and_links_only_lines_with_ops() -> None:
    html = render_source("int a;\nb < c;\n", "source.c",
                         [StageOps("02-matched", {2: [5, 9]})])
    assert '<span class="cl" id="src-1">' in html
    assert '<span class="cl has-ops" id="src-2">' in html and "&lt;" in html
    assert '<a class="to-op" href="#op-02-matched-5" title="02-matched: 2 ops from C line 2">'\
        'matched</a>' in html
    assert short_name("03-lowered-cublas,host") == "lowered-cublas,host"
    assert short_name("source") == "source"


def test_a_copy_with_locations_that_is_not_the_stage_marks_nothing(tmp_path) -> None:
    import shutil

    from .conftest import FIXTURE

    root = tmp_path / "bake"
    shutil.copytree(FIXTURE, root)
    stale = root / "linalg" / "atax" / "02-matched.loc.mlir"
    stale.write_text((root / "linalg" / "atax" / "01-linalg.loc.mlir").read_text())
    bake = Bake.load(root)
    page = render_kernel(bake, next(k for k in bake.kernels() if k["kernel"] == "atax"))
    matched = _panel(page, "02-matched")
    assert "kernel.launch" in matched and not OP.search(matched)
    assert OP.search(_panel(page, "01-linalg"))
