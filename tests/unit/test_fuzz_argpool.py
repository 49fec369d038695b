"""The fuzzer's padded pooling argmax (`shapes.argpool`) without the pipeline: its
programs read every padded element behind a test against the input's extents, are
valid C without undefined behaviour (windows past every edge included), and cover the
forms the raising versions and those it leaves."""

from __future__ import annotations

import random
import re
import shutil
from collections import Counter
from pathlib import Path

import pytest

from polylift.fuzz.generate import generate
from polylift.fuzz.program import Affine, Guarded, Loop, Program, SetLocal, walk_stmts
from polylift.fuzz.render import render
from polylift.fuzz.shapes import argpool
from tests.unit.test_fuzz_programs import run_sanitized


def _kernel(seed: int) -> str:
    text = render(argpool(random.Random(seed)))
    return text[text.index("static void"):text.index("int main")]


def test_argpool_programs_cover_every_form() -> None:
    kernels = [_kernel(seed) for seed in range(80)]
    reads = [re.search(r"t = \(\((.*)\) \? x(\[.*?\])+ : (.*)\);", k) for k in kernels]
    assert all(reads), kernels[reads.index(None)]
    tests = [r.group(1) for r in reads if r]
    assert all(t.count(" >= 0") == 2 and "< h" in t and "< w" in t for t in tests)
    assert sum(" - 1 >= 0" in t for t in tests) > 10  # padded: windows before the edge
    assert sum(" - " not in t for t in tests) > 20  # unpadded
    assert sum("if (" in k for k in kernels) > 30 and sum("? t : m" in k for k in kernels) > 10
    assert sum("16 * u" in k for k in kernels) > 20  # the input's position, else the window's
    assert all("y[b][c][i][j] = m;" in k and "out[b][c][i][j] = k;" in k for k in kernels)


def _window(program: Program) -> tuple[Affine, int]:
    """The padded read's row subscript and the window's size, read off the tree."""
    read = next(s.value for s in walk_stmts(program.body)
                if isinstance(s, SetLocal) and isinstance(s.value, Guarded))
    size = next(s.hi.const for s in walk_stmts(program.body)
                if isinstance(s, Loop) and s.var == "u")
    assert isinstance(read, Guarded)
    return read.read.index[2], size


def test_output_sizes_make_windows_fit_and_run_past_the_edge() -> None:
    fits = past = 0
    for seed in range(80):
        program = argpool(random.Random(seed))
        sizes = {s.name: s.value for s in program.sizes}
        rows, size = _window(program)
        stride = next(t.coef for t in rows.terms if t.var == "i")
        last = (sizes["p"] - 1) * stride + size - 1 + rows.const
        fits += last < sizes["h"]
        past += last >= sizes["h"]
    assert fits > 20 and past > 20, (fits, past)


@pytest.mark.skipif(shutil.which("gcc") is None, reason="needs gcc")
def test_argpool_programs_and_near_misses_are_valid_c(tmp_path: Path) -> None:
    shapes: Counter[str] = Counter()
    for index in range(0, 45, 3):
        program = generate(7, index, "argpool")
        shapes[program.shape] += 1
        printed = run_sanitized(program, tmp_path / f"p{index}")
        assert re.search(r"^out \d+ sum=\S+ hash=", printed, re.M), printed
    assert shapes["argpool"] >= 3 and len(shapes) >= 3, shapes
