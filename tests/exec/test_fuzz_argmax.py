"""The fuzzer's argmax shape through the whole pipeline: an unedited program of each of
the eight forms (max or min, of the elements or their magnitudes, from x[0] or from a
start value) is lifted to the one `red.*` launch of its form and computes C's bits on
the host backend, ties, signed zeros and NaNs in x included.
"""

from __future__ import annotations

import random

import pytest

from polylift.fuzz.oracle import Checker, Config
from polylift.fuzz.program import REVERSED, Abs, If, Loop, Program, Scalar, Select, SetLocal
from polylift.fuzz.shapes import argmax


def _form(program: Program) -> str:
    """The template an unedited argmax program is written for, read off its tree."""
    loop = next(s for s in program.body if isinstance(s, Loop))
    match loop.body[0]:
        case If(cmp, left, right, _) | SetLocal(value=Select(cmp, left, right, _, _)):
            pass
        case other:
            raise AssertionError(other)
    direction = REVERSED[cmp] if left == Scalar("m") else cmp
    kind = "iamax" if any(isinstance(e, Abs) for e in (left, right)) else "argmax"
    if direction == "<":
        kind = kind.replace("max", "min")
    return f"red.{kind}{'' if loop.lo.const == 1 else '0'}"


def _one_per_form() -> dict[str, Program]:
    forms: dict[str, Program] = {}
    for seed in range(200):
        program = argmax(random.Random(seed))
        if program.restrict and program.alias is None:
            forms.setdefault(_form(program), program)
    return forms


FORMS = _one_per_form()


def test_every_form_occurs() -> None:
    assert len(FORMS) == 8, sorted(FORMS)


@pytest.mark.parametrize("form", sorted(FORMS))
def test_an_unedited_argmax_program_lifts_to_its_template(form: str) -> None:
    [outcome] = Checker().check_all(FORMS[form], (Config("host", "native"),))
    assert outcome.verdict == "BIT-EXACT", outcome.message
    assert outcome.launches == (form,), outcome
