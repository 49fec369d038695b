"""The fuzzer's expression shape without the pipeline: its programs cover every store
and fold form with divisions, comparisons choosing values and magnitudes, read tables
of signed zeros, infinities and NaNs, and are valid C without undefined behaviour.
"""

from __future__ import annotations

import math
import random
import re
import shutil
from collections import Counter
from pathlib import Path

import pytest

from polylift.fuzz.expressions import expression
from polylift.fuzz.generate import generate
from polylift.fuzz.program import (
    Abs,
    Binary,
    If,
    Read,
    Select,
    SetLocal,
    Store,
    stmt_exprs,
    walk_expr,
    walk_stmts,
)
from polylift.fuzz.render import render
from tests.unit.test_fuzz_programs import run_sanitized

PROGRAMS = [expression(random.Random(seed)) for seed in range(300)]


def _nodes(program) -> list:
    return [node for stmt in walk_stmts(program.body) for e in stmt_exprs(stmt)
            for node in walk_expr(e)]


def _form(program) -> str:
    """How the program stores its expression."""
    stmts = list(walk_stmts(program.body))
    if any(isinstance(s, SetLocal) and s.op != "=" for s in stmts):
        return "fold"
    stores = [s for s in stmts if isinstance(s, Store)]
    if program.shape == "expression_columns":
        return "columns"
    if any(isinstance(s, If) for s in stmts):
        return "branch"
    if stores[0].op == "+=":
        return "accumulate"
    reads_z = any(isinstance(n, Read) and n.array == "z" for n in _nodes(program))
    return "inplace" if reads_z else "store"


def test_every_form_and_operation_occurs() -> None:
    forms = Counter(_form(p) for p in PROGRAMS)
    assert set(forms) == {"store", "inplace", "accumulate", "branch", "fold", "columns"}
    assert min(forms.values()) >= 10, forms
    nodes = [type(n).__name__ + getattr(n, "op", "") for p in PROGRAMS for n in _nodes(p)]
    for kind in ("Binary/", "Binary-", "Select", "Abs"):
        assert kind in nodes, kind
    guarded = [p for p in PROGRAMS if _form(p) == "fold"
               and any(isinstance(s, If) for s in walk_stmts(p.body))]
    assert guarded


def test_half_the_programs_read_signed_zeros_infinities_and_nans() -> None:
    special = [p for p in PROGRAMS if any(math.isnan(v) for a in p.arrays for v in a.values)]
    assert 100 < len(special) < 200
    program = special[0]
    values = program.arrays[0].values
    assert math.inf in values and -math.inf in values and any(
        v == 0 and math.copysign(1, v) < 0 for v in values)
    text = render(program)
    assert "INFINITY" in text and "(-INFINITY)" in text and "NAN" in text


@pytest.mark.skipif(shutil.which("gcc") is None, reason="needs gcc")
def test_expression_programs_are_valid_c(tmp_path: Path) -> None:
    """Every 3rd program of a campaign restricted to the shape, edited or not, compiles
    cleanly and runs under the address and undefined-behaviour sanitizers."""
    for index in range(0, 60, 3):
        printed = run_sanitized(generate(9, index, "expression"), tmp_path / f"p{index}")
        assert re.search(r"^z \d+ sum=\S+ hash=", printed, re.M), printed


def test_the_operations_are_the_ones_the_tree_names() -> None:
    ops = {n.op for p in PROGRAMS for n in _nodes(p) if isinstance(n, Binary)}
    assert ops == {"+", "-", "*", "/"}
    assert any(isinstance(n, Select) and n.then not in (n.left, n.right)
               for p in PROGRAMS for n in _nodes(p))
    assert any(isinstance(n, Abs) for p in PROGRAMS for n in _nodes(p))
