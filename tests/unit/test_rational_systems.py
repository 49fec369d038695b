"""Fourier-Motzkin elimination (`raising/proof/rational.py`): a system is proven empty
only when no rational point satisfies it, and "not proven" otherwise, even where no
integer point does (that question is left to ISL); a point it suggests is integer and
meets every row, or there is none."""

import pytest

from polylift.raising.proof.rational import Row, integer_point, rationally_empty


def rows(text: str) -> list[Row]:
    """Rows written `2*a - b + 3 >= 0; a - b == 0` (terms joined by `+`/`-`)."""
    out = []
    for item in text.split(";"):
        lhs, op, _ = _split(item)
        terms, const = [], 0
        for sign, term in _terms(lhs):
            coeff, _, name = term.rpartition("*")
            if name.isdigit():
                const += sign * int(name)
            else:
                terms.append((name, sign * int(coeff or 1)))
        out.append(Row(tuple(terms), const, equal=op == "=="))
    return out


def _split(item: str) -> tuple[str, str, str]:
    op = "==" if "==" in item else ">="
    lhs, rhs = item.split(op)
    assert rhs.strip() == "0", item
    return lhs, op, rhs


def _terms(text: str) -> list[tuple[int, str]]:
    spaced = text.replace("-", " - ").replace("+", " + ").split()
    out, sign = [], 1
    for token in spaced:
        if token in "+-":
            sign = -1 if token == "-" else 1
        else:
            out.append((sign, token))
            sign = 1
    return out


@pytest.mark.parametrize(("system", "empty"), [
    ("x - 1 >= 0; -x >= 0", True),                     # x >= 1 and x <= 0
    ("x - y == 0; y - x - 1 >= 0", True),              # one counter, ordered before itself
    # covariance's mirrored write: j >= i in both instances, (b0, b1) = (a1, a0), and
    # b before a at the first counter or at the second
    ("a1 - a0 >= 0; b1 - b0 >= 0; b1 - a0 == 0; b0 - a1 == 0; a0 - b0 - 1 >= 0", True),
    ("a1 - a0 >= 0; b1 - b0 >= 0; b1 - a0 == 0; b0 - a1 == 0; b0 - a0 == 0; "
     "a1 - b1 - 1 >= 0", True),
    ("3 == 0", True),                                  # a false constant equality
    ("0 == 0; x >= 0", False),
    ("x - y - 1 >= 0", False),                         # x after y: a dependence may exist
    ("2*x - 1 == 0", False),                           # x = 1/2: no integer, yet not proven
    ("i >= 0; n - i - 1 >= 0; j - i - n == 0; j - n >= 0", False),  # sizes are free
])
def test_emptiness(system, empty):
    assert rationally_empty(rows(system)) is empty


def test_repeated_terms_are_summed():
    """`x + x - x` is `x`: the row `x + x - x - 1 >= 0` with `-x >= 0` is empty."""
    twice = Row((("x", 1), ("x", 1), ("x", -1)), -1)
    assert rationally_empty([twice, Row((("x", -1),), 0)])


# jacobi-1d's fission question: the second nest's write B[i] at time tb, before the
# first nest reads it at time ta (ta, tb in [0, T), i in [1, n - 1)).
JACOBI = ("ta >= 0; T - ta - 1 >= 0; tb >= 0; T - tb - 1 >= 0; ia - 1 >= 0; n - ia - 2 >= 0; "
          "ib - 1 >= 0; n - ib - 2 >= 0; ia - ib == 0; ta - tb - 1 >= 0")


@pytest.mark.parametrize("system", [
    "x - y - 1 >= 0",
    "x - 3 >= 0; 5 - x >= 0; y - x == 0",
    JACOBI,
    "i >= 0; n - i - 1 >= 0; j - i - n == 0; j - n >= 0",
])
def test_a_point_meets_every_row(system):
    point = integer_point(rows(system))
    assert point is not None
    assert all(row.holds(point) for row in rows(system)), point


@pytest.mark.parametrize("system", [
    "x - 1 >= 0; -x >= 0",                 # empty
    "2*x - 1 == 0",                        # x = 1/2
    "2*x - 1 >= 0; 1 - 2*x >= 0",          # x = 1/2 again, as two bounds
])
def test_no_integer_point_is_made_up(system):
    assert integer_point(rows(system)) is None


def test_a_row_holds_where_its_names_are_zero_if_unset():
    assert Row((("x", 2), ("y", -1)), 1).holds({"x": 1})
    assert not Row((("x", 1),), -1, equal=True).holds({})
