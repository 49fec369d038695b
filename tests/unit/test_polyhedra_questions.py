"""The loop-program questions (`matcher/program/polyhedra.py`) go to ISL only when
elimination leaves them open; what ISL is then asked is the same union of systems."""

import pytest

from polylift.matcher.program.polyhedra import _before, _Names
from polylift.raising.proof.rational import Row


def _rows(*specs: tuple[dict[str, int], int, bool]) -> list[Row]:
    return [Row(tuple(terms.items()), const, equal) for terms, const, equal in specs]


ALWAYS: list[list[Row]] = [[]]
NEVER: list[list[Row]] = []
# 0 <= c0 < p0: a point wherever a size is at least 1.
BELOW_SIZE = [_rows(({"c0": 1}, 0, False), ({"p0": 1, "c0": -1}, -1, False))]
# 2 * c0 = 1: rational, not integer.
HALF = [_rows(({"c0": 2}, -1, True))]
# c0 >= 1 or c0 <= -1 with c0 = 0: neither.
NEITHER = [_rows(({"c0": 1}, -1, False), ({"c0": 1}, 0, True)),
           _rows(({"c0": -1}, -1, False), ({"c0": 1}, 0, True))]


@pytest.mark.parametrize(("systems", "empty"), [
    (ALWAYS, False), (NEVER, True), (BELOW_SIZE, False), (HALF, True), (NEITHER, True),
])
def test_isl_and_elimination_agree(systems, empty):
    names = _Names()
    if any(n == "p0" for rows in systems for row in rows for n, _ in row.terms):
        names.param("n")  # named p0
    assert names._isl_empty(["c0"], systems) is empty
    assert names.empty(["c0"], systems) is empty


def test_the_order_of_two_places():
    """Instance (s0) at place (0, 1) runs before (t0) at (0, 2) when s0 <= t0 (the same
    iteration: the earlier place), and after it never in the same iteration."""
    before = _before((0, 1), (0, 2), "s", "t")
    assert before == [[Row((("t0", 1), ("s0", -1)), -1)],
                      [Row((("s0", 1), ("t0", -1)), 0, equal=True)]]
    assert _before((1,), (0,), "s", "t") == []
    assert _before((0,), (0,), "s", "t") == []
