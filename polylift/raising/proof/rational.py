"""Emptiness of a system of linear constraints over the rationals, by Fourier-Motzkin
elimination: a dependence question settled without ISL when it can be.

A dependence question asks whether a set of integer points (pairs of statement
instances) is empty. Its rational relaxation holds every integer point, so a relaxation
proven empty proves the question's answer "independent" for every size: exactly the
answer that needs a proof. A relaxation that is not empty proves nothing (the integer
set may still be empty), and the question goes to ISL. The questions of a PolyBench
nest are small (two instances of at most a few loops, a few sizes), so elimination is
quick and loads no islpy (about 25 ms) and builds no ISL set (about 1 ms each).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

# A system whose elimination grows past this many inequalities is left to ISL.
MAX_ROWS = 400


@dataclass(frozen=True)
class Row:
    """`sum(coeff * name) + const`, constrained `== 0` (`equal`) or `>= 0`."""

    terms: tuple[tuple[str, int], ...]
    const: int
    equal: bool = False


# A row during elimination: coefficients by name (no zeros) and the constant.
_Form = tuple[dict[str, Fraction], Fraction]


def rationally_empty(rows: list[Row]) -> bool:
    """Whether no rational point satisfies every row (False: not proven empty)."""
    equalities, inequalities = [], []
    for row in rows:
        terms: dict[str, Fraction] = {}
        for name, coeff in row.terms:
            terms[name] = terms.get(name, Fraction(0)) + coeff
        form = ({n: c for n, c in terms.items() if c != 0}, Fraction(row.const))
        (equalities if row.equal else inequalities).append(form)
    while equalities:
        terms, const = equalities.pop()
        if not terms:
            if const != 0:
                return True
            continue
        name, coeff = next(iter(terms.items()))
        # name = -(rest + const) / coeff, substituted everywhere else.
        value = ({n: -c / coeff for n, c in terms.items() if n != name}, -const / coeff)
        equalities = [_substitute(f, name, value) for f in equalities]
        inequalities = [_substitute(f, name, value) for f in inequalities]
    return _inequalities_empty(inequalities)


def _substitute(form: _Form, name: str, value: _Form) -> _Form:
    """`form` with `name` replaced by the form `value`."""
    terms, const = form
    coeff = terms.get(name)
    if coeff is None:
        return form
    out = {n: c for n, c in terms.items() if n != name}
    for n, c in value[0].items():
        out[n] = out.get(n, Fraction(0)) + coeff * c
    return {n: c for n, c in out.items() if c != 0}, const + coeff * value[1]


def _inequalities_empty(rows: list[_Form]) -> bool:
    """Fourier-Motzkin: eliminate one variable at a time; the system is empty exactly
    when a row without variables says a negative number is `>= 0`."""
    while True:
        if any(not terms and const < 0 for terms, const in rows):
            return True
        rows = [row for row in rows if row[0]]
        if not rows:
            return False
        name = next(iter(rows[0][0]))
        upper = [row for row in rows if row[0].get(name, 0) > 0]
        lower = [row for row in rows if row[0].get(name, 0) < 0]
        rows = [row for row in rows if name not in row[0]]
        for p in upper:
            for n in lower:
                # Positive multiples of both, so the sum keeps `>= 0` and drops `name`.
                rows.append(_combine(p, -n[0][name], n, p[0][name]))
        if len(rows) > MAX_ROWS:
            return False


def _combine(a: _Form, ka: Fraction, b: _Form, kb: Fraction) -> _Form:
    """`ka * a + kb * b`, zero coefficients dropped."""
    terms = {n: ka * c for n, c in a[0].items()}
    for n, c in b[0].items():
        terms[n] = terms.get(n, Fraction(0)) + kb * c
    return {n: c for n, c in terms.items() if c != 0}, ka * a[1] + kb * b[1]
