"""Linear constraints over the rationals, by Fourier-Motzkin elimination: dependence
questions settled without ISL when they can be, both ways.

A dependence question asks whether a set of integer points (pairs of statement
instances) is empty. Its rational relaxation holds every integer point, so a relaxation
proven empty (`rationally_empty`) proves the answer "independent" for every size. The
other answer needs a point: `integer_point` looks for one by back-substitution, and the
caller checks it against the question's every constraint before believing it. What
neither settles goes to ISL. The questions of a PolyBench nest are small (two
instances of a few loops, a few sizes), so elimination is quick, and a nest settled
here loads no islpy (about 25 ms) and builds no ISL set (about 1 ms each).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache

# A system whose elimination grows past this many inequalities is left to ISL.
MAX_ROWS = 400


@dataclass(frozen=True)
class Row:
    """`sum(coeff * name) + const`, constrained `== 0` (`equal`) or `>= 0`."""

    terms: tuple[tuple[str, int], ...]
    const: int
    equal: bool = False

    def holds(self, point: dict[str, int]) -> bool:
        """Whether the row holds where each name has its value in `point` (0 if none)."""
        value = self.const + sum(c * point.get(n, 0) for n, c in self.terms)
        return value == 0 if self.equal else value >= 0


# A row during elimination: integer coefficients by name (no zeros) and the constant.
# Elimination only scales rows by positive integers and adds them, which keeps every
# inequality's solutions and each row's zero pattern: integers answer as rationals
# would, without a `Fraction` (a gcd per operation) in the inner loop.
_Form = tuple[dict[str, int], int]


@dataclass
class _Elimination:
    """What elimination did, in order, to back-substitute a point: names replaced by
    forms of the others (equalities), then names projected out with the inequalities
    that bounded them."""

    substituted: list[tuple[str, _Form]] = field(default_factory=list)  # the equality
    projected: list[tuple[str, list[_Form]]] = field(default_factory=list)


class _Empty(Exception):
    """The system has no rational point."""


class _TooLarge(Exception):
    """Elimination grew past `MAX_ROWS`: nothing proven."""


def rationally_empty(rows: list[Row]) -> bool:
    """Whether no rational point satisfies every row (False: not proven empty)."""
    return _empty(tuple(rows))


# A nest asks the same question of several pairs of statements (covariance: 41
# questions, 17 distinct), and a process raising again asks them again.
@lru_cache(maxsize=4096)
def _empty(rows: tuple[Row, ...]) -> bool:
    try:
        _eliminate(rows)
    except _Empty:
        return True
    except _TooLarge:
        return False
    return False


def integer_point(rows: list[Row]) -> dict[str, int] | None:
    """An integer point that the elimination suggests, or None. Each name takes the
    least integer its bounds allow (or the greatest, or 0), so a point is likely but not
    certain where the coefficients are not units: check it (`Row.holds`)."""
    try:
        done = _eliminate(rows)
    except (_Empty, _TooLarge):
        return None
    point: dict[str, Fraction] = {}
    for name, bounds in reversed(done.projected):
        low, high = _interval(name, bounds, point)
        if low is not None and high is not None and low > high:
            return None
        point[name] = Fraction(low if low is not None else high if high is not None else 0)
    for name, (terms, const) in reversed(done.substituted):
        # The equality `terms + const == 0` solved for `name`.
        rest = Fraction(const) + sum(c * point.get(n, Fraction(0))
                                     for n, c in terms.items() if n != name)
        point[name] = -rest / terms[name]
    if any(v.denominator != 1 for v in point.values()):
        return None
    return {n: int(v) for n, v in point.items()}


def _interval(name: str, bounds: list[_Form], point: dict[str, Fraction]
              ) -> tuple[int | None, int | None]:
    """The integers `name` may take given `point`: (least, greatest), None unbounded."""
    low: int | None = None
    high: int | None = None
    for terms, const in bounds:
        coeff = terms[name]
        rest = Fraction(const) + sum(c * point.get(n, Fraction(0))
                                     for n, c in terms.items() if n != name)
        if coeff > 0:  # coeff * x + rest >= 0
            bound = math.ceil(-rest / coeff)
            low = bound if low is None else max(low, bound)
        else:
            bound = math.floor(rest / -coeff)
            high = bound if high is None else min(high, bound)
    return low, high


def _eliminate(rows: Sequence[Row]) -> _Elimination:
    """Substitute the equalities away, then project out every name (raises `_Empty`
    or `_TooLarge`)."""
    done = _Elimination()
    equalities, inequalities = [], []
    for row in rows:
        terms: dict[str, int] = {}
        for name, coeff in row.terms:
            terms[name] = terms.get(name, 0) + coeff
        form = ({n: c for n, c in terms.items() if c != 0}, row.const)
        (equalities if row.equal else inequalities).append(form)
    while equalities:
        equality = equalities.pop()
        terms, const = equality
        if not terms:
            if const != 0:
                raise _Empty
            continue
        name = next(iter(terms))
        done.substituted.append((name, equality))
        equalities = [_substitute(f, name, equality) for f in equalities]
        inequalities = [_substitute(f, name, equality) for f in inequalities]
    _project(inequalities, done)
    return done


def _substitute(form: _Form, name: str, equality: _Form) -> _Form:
    """`form` with `name` replaced by its value that `equality` (`== 0`) gives, scaled
    by the positive |coefficient of `name` in `equality`|: integers throughout."""
    coeff = form[0].get(name)
    if coeff is None:
        return form
    pivot = equality[0][name]
    return _combine(form, abs(pivot), equality, -coeff if pivot > 0 else coeff)


def _project(rows: list[_Form], done: _Elimination) -> None:
    """Fourier-Motzkin: eliminate one name at a time; the system is empty exactly when
    a row without names says a negative number is `>= 0`."""
    while True:
        if any(not terms and const < 0 for terms, const in rows):
            raise _Empty
        rows = [row for row in rows if row[0]]
        if not rows:
            return
        name = next(iter(rows[0][0]))
        bounds = [row for row in rows if name in row[0]]
        done.projected.append((name, bounds))
        upper = [row for row in bounds if row[0][name] > 0]
        lower = [row for row in bounds if row[0][name] < 0]
        rows = [row for row in rows if name not in row[0]]
        for p in upper:
            for n in lower:
                # Positive multiples of both, so the sum keeps `>= 0` and drops `name`.
                rows.append(_combine(p, -n[0][name], n, p[0][name]))
        if len(rows) > MAX_ROWS:
            raise _TooLarge


def _combine(a: _Form, ka: int, b: _Form, kb: int) -> _Form:
    """`ka * a + kb * b` (`ka` > 0), zero coefficients dropped, divided by the gcd of
    what is left so that the numbers stay small (a positive factor: the same row)."""
    terms = {n: ka * c for n, c in a[0].items()}
    for n, c in b[0].items():
        terms[n] = terms.get(n, 0) + kb * c
    kept = {n: c for n, c in terms.items() if c != 0}
    const = ka * a[1] + kb * b[1]
    divisor = math.gcd(const, *kept.values())
    if divisor > 1:
        kept = {n: c // divisor for n, c in kept.items()}
        const //= divisor
    return kept, const
