"""The fuzzer's padded pooling argmax through the whole pipeline: unedited programs
whose nests the raising versions on the padding test (and raises) and programs it
leaves as loops compute C's bits on both backends, ties, signed zeros and NaNs in x
included, whichever version runs at the sizes main passes."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from polylift.frontend import translate_file
from polylift.fuzz.oracle import Checker, Config
from polylift.fuzz.program import Program
from polylift.fuzz.render import render
from polylift.fuzz.shapes import argpool

from .test_raise_differential import raise_module

INCLUDE = Path(__file__).resolve().parents[2] / "benchmarks" / "include"


def _raised(program: Program, tmp: str) -> bool:
    """Whether the raising versions and raises the program's nest."""
    path = f"{tmp}/k.c"
    with open(path, "w") as out:
        out.write(render(program))
    text = translate_file(path, [str(INCLUDE)]).mlir
    return any("extremum of each window" in r for r in raise_module(text)[1])


def _programs(tmp: str) -> list[tuple[Program, bool]]:
    """Three unedited programs the raising takes and three it leaves."""
    taken: list[tuple[Program, bool]] = []
    left: list[tuple[Program, bool]] = []
    for seed in range(100):
        program = argpool(random.Random(seed))
        raised = _raised(program, tmp)
        bucket = taken if raised else left
        if len(bucket) < 3:
            bucket.append((program, raised))
        if len(taken) == len(left) == 3:
            return taken + left
    raise AssertionError(f"{len(taken)} raised, {len(left)} left")


@pytest.fixture(scope="module")
def programs(tmp_path_factory) -> list[tuple[Program, bool]]:
    return _programs(str(tmp_path_factory.mktemp("argpool")))


@pytest.mark.parametrize("which", range(6))
def test_an_argpool_program_keeps_c_bits(programs, which: int) -> None:
    program, _ = programs[which]
    configs = (Config("host", "native"), Config("ref", "exact"))
    for outcome in Checker().check_all(program, configs):
        assert outcome.verdict == "BIT-EXACT", outcome.message
