"""The fuzzer's argmax shape without the pipeline: its programs (and their near misses)
are valid C without undefined behaviour, x's values make ties, signed zeros and NaNs,
each near-miss edit makes the change it names, and the shrinker copes with an `if`.
"""

from __future__ import annotations

import math
import random
import re
import shutil
from collections import Counter
from pathlib import Path

import pytest

from polylift.fuzz import perturb
from polylift.fuzz.generate import generate
from polylift.fuzz.program import If, Index, Program, SetLocal, walk_stmts
from polylift.fuzz.render import render
from polylift.fuzz.shapes import argmax
from polylift.fuzz.shrink import shrink
from tests.unit.test_fuzz_programs import run_sanitized


def _kernel(program: Program) -> str:
    text = render(program)
    return text[text.index("static void"):text.index("int main")]


def test_argmax_programs_cover_every_form() -> None:
    kernels = [_kernel(argmax(random.Random(seed))) for seed in range(80)]
    assert sum("if (" in k for k in kernels) > 30
    assert sum("? i : k)" in k for k in kernels) > 10
    assert sum("fabs(" in k for k in kernels) > 5 and sum("fabsf(" in k for k in kernels) > 3
    assert sum("for (i = 1;" in k and "m = x[0];" in k for k in kernels) > 15
    assert sum("for (i = 0;" in k for k in kernels) > 15
    assert sum("y[0] = m;" in k for k in kernels) > 10
    assert all("out[0] = k;" in k and "int32_t out[" in k for k in kernels)
    assert {"float", "double"} <= {argmax(random.Random(s)).dtype for s in range(80)}


def test_argmax_inputs_tie_and_hold_signed_zeros_and_nans() -> None:
    tables = [argmax(random.Random(seed)).array("x").values for seed in range(80)]
    assert all(len(t) >= 3 for t in tables)
    assert sum(len(set(t)) < len(t) for t in tables) > 50  # equal elements
    assert sum(any(math.copysign(1, v) < 0 and v == 0 for v in t) for t in tables) > 20
    assert sum(any(math.isnan(v) for v in t) for t in tables) > 10
    # A NaN start value comes in a parameter (main passes NAN), never as a literal.
    starts = [render(argmax(random.Random(seed))) for seed in range(80)]
    assert all("= NAN;" not in t.split("int main")[0] for t in starts)
    assert sum("  m = alpha;" in t and "kernel_fz(" in t for t in starts) >= 3
    assert all(re.search(r"kernel_fz\(\d+, NAN, ", t) for t in starts if "m = alpha;" in t)
    text = render(argmax(random.Random(0)))
    assert re.search(r"static const double x_values\[\] = \{.*\};", text)
    assert "((double *)x)[k] = x_values[k % " in text


@pytest.mark.skipif(shutil.which("gcc") is None, reason="needs gcc")
def test_argmax_programs_and_near_misses_are_valid_c(tmp_path: Path) -> None:
    """Every 3rd program of a campaign restricted to the shape, edited or not, compiles
    cleanly and runs under the address and undefined-behaviour sanitizers."""
    shapes: Counter[str] = Counter()
    for index in range(0, 60, 3):
        program = generate(5, index, "argmax")
        shapes[program.shape] += 1
        printed = run_sanitized(program, tmp_path / f"p{index}")
        assert re.search(r"^out \d+ sum=\S+ hash=", printed, re.M), printed
    assert shapes["argmax"] >= 5 and len(shapes) >= 3, shapes


def _edited(edit, want) -> str:
    """The kernel of the first argmax program `edit` changes and `want` accepts."""
    for seed in range(200):
        program = argmax(random.Random(seed))
        edited = edit(program, random.Random(seed))
        if edited is not None and want(program):
            assert edited != program
            return _kernel(edited)
    raise AssertionError(f"{edit.__name__} never applied")


def _has_if(program: Program) -> bool:
    return any(isinstance(s, If) for s in walk_stmts(program.body))


def test_the_near_miss_edits_change_what_they_name() -> None:
    assert re.search(r"if \(.* [<>]= .*\)", _edited(perturb._non_strict, _has_if))
    pair = _edited(perturb._non_strict, lambda p: not _has_if(p))
    assert len(re.findall(r"[<>]= m \?|m [<>]= ", pair)) == 2, pair
    assert "k = (i + 1);" in _edited(perturb._position_plus_one, _has_if)
    kept = _edited(perturb._keep_other, _has_if)
    compared = re.search(r"if \((.*) [<>] m\)|if \(m [<>] (.*)\)", kept)
    assert compared is not None
    assert f"m = {compared.group(1) or compared.group(2)};" not in kept, kept
    two = _edited(perturb._two_comparisons, _has_if)
    assert "if (" not in two
    k_cmp = re.search(r"k = \(\S+ ([<>]) ", two) or re.search(r"k = \(m ([<>]) ", two)
    m_cmp = re.search(r"m = \(\S+ ([<>]) ", two) or re.search(r"m = \(m ([<>]) ", two)
    assert k_cmp and m_cmp and k_cmp.group(1) != m_cmp.group(1), two
    # The position is assigned first: it compares with m before m changes.
    assert two.index("k = (") < two.index("m = (")


def test_the_shrinker_unwraps_an_if_and_keeps_the_update() -> None:
    program = next(p for p in (argmax(random.Random(s)) for s in range(50))
                   if _has_if(p) and "y[0]" in _kernel(p))

    def keeps_position(candidate: Program) -> bool:
        return any(isinstance(s, SetLocal) and s.name == "k" and isinstance(s.value, Index)
                   and s.value.value.names() == {"i"} for s in walk_stmts(candidate.body))

    shrunk = shrink(program, keeps_position)
    assert keeps_position(shrunk.program)
    assert not _has_if(shrunk.program), _kernel(shrunk.program)
    assert "y[0]" not in _kernel(shrunk.program)
    assert all(s.value <= 1 for s in shrunk.program.sizes)
