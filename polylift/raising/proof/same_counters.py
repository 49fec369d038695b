"""A dependence question answered without ISL: subscripts that pin the loop counters.

Two instances that touch the same element and must agree on the counters a question
orders them by are never reordered (`C[i][j] = beta * C[i][j]` and
`C[i][j] += A[i][k] * B[k][j]` in one `i` loop: both instances of an element have one
`i`). Most questions a PolyBench nest asks are of that kind, and settling them here
spares loading islpy (about 25 ms) and building its sets (about 10 ms each).

The test is a proof or nothing: `same_counters` says True only when the counters are
forced equal for every size; False means "not proven here" and the caller asks ISL.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from polylift.mlir import ir
from polylift.raising.nest_model.linear import Linear


def same_counters(x: Sequence[Linear], y: Sequence[Linear], shared: Sequence[ir.Value],
                  counters: Collection[ir.Value]) -> bool:
    """Whether subscripts `x` of one instance equal to subscripts `y` of another force
    the two instances' values of the `shared` counters (outer to inner) to be equal.

    `counters` are every loop counter of either instance; any other value of a form is
    a parameter, the same in both. By induction, counter k is forced equal when some
    subscript is one form in `x` and `y` with a nonzero coefficient on it and no
    counter but it and the outer shared ones already forced: the equal forms then
    leave `coeff * (k_x - k_y) = 0`. A subscript over any other counter proves nothing.
    """
    if len(x) != len(y):
        return False
    pairs = ((_canonical(a), _canonical(b)) for a, b in zip(x, y, strict=True))
    equal = [form for form, other in pairs if form == other]
    forced: set[ir.Value] = set()
    for iv in shared:
        if not any(terms.get(iv, 0) != 0 and set(terms) & set(counters) <= forced | {iv}
                   for terms, _ in equal):
            return False
        forced.add(iv)
    return True


def _canonical(form: Linear) -> tuple[dict[ir.Value, int], int]:
    """The form's coefficients by value (repeated values summed, zeros dropped) and its
    constant: two forms are the same function when these are equal."""
    terms: dict[ir.Value, int] = {}
    for value, coeff in form.terms:
        terms[value] = terms.get(value, 0) + coeff
    return {v: c for v, c in terms.items() if c != 0}, form.const
