"""Bounds of subscript polynomials over loop ranges, and the conditions they need.

A flattened subscript part such as `y + ky` or `i*w` is bounded by substituting the
ranges of the enclosing loops, innermost first. Where a counter's coefficient is a
parameter, its sign is not known here: the bound then assumes it non-negative, and that
assumption is one more condition. A condition is a polynomial over parameters that must
be `>= 0`; constant ones are decided here, the others are left for a run-time guard.
"""

from __future__ import annotations

from dataclasses import dataclass

from polylift.frontend.index.poly import Poly

# At most this many combinations of min/max bounds are tried per subscript.
_MAX_CANDIDATES = 16


@dataclass(frozen=True)
class LoopRange:
    """An enclosing loop: its induction variable and inclusive bound polynomials (a
    bound list is empty when unknown; any one bound of a min/max is a valid bound)."""

    iv: str
    lows: tuple[Poly, ...]
    highs: tuple[Poly, ...]


@dataclass(frozen=True)
class Bound:
    """A bound of a polynomial over some loops, valid when each of `assumes` is `>= 0`
    (the sign of a parameter coefficient)."""

    value: Poly
    assumes: tuple[Poly, ...] = ()


def poly_bounds(value: Poly, domain: tuple[LoopRange, ...], upper: bool) -> list[Bound]:
    """Candidate bounds of `value` over the loops (upper or lower) with the sign
    conditions they assume; empty when no bound can be derived."""
    ivs = {r.iv for r in domain}
    results = [Bound(value)]
    for rng in reversed(domain):
        step: list[Bound] = []
        for bound in results:
            coeff, rest = bound.value.coefficient(rng.iv)
            if not coeff.terms:
                step.append(bound)
                continue
            if coeff.atoms() & ivs:
                return []
            known = coeff.const
            rises = known is None or known > 0
            chosen = rng.highs if rises == upper else rng.lows
            extra = (coeff,) if known is None else ()
            step += [Bound(rest + coeff * b, bound.assumes + extra) for b in chosen]
        if not step:
            return []
        results = step[:_MAX_CANDIDATES]
    return results


def decide(candidates: list[list[Poly]]) -> list[Poly] | None:
    """The run-time conditions (each `poly >= 0`) of the first candidate that is not
    refuted (none left when one is proven), or None when every candidate is refuted."""
    open_ones: list[list[Poly]] = []
    for conditions in candidates:
        constants = [c.const for c in conditions if c.const is not None]
        if any(v < 0 for v in constants):
            continue
        remaining = [c for c in conditions if c.const is None]
        if not remaining:
            return []
        open_ones.append(remaining)
    return open_ones[0] if open_ones else None


def inner_conditions(part: Poly, extent: Poly,
                      domain: tuple[LoopRange, ...]) -> list[Poly] | None:
    """Conditions for `0 <= part <= extent - 1` on the loops, or None if refuted."""
    highs = [[extent - Poly.constant(1) - b.value, *b.assumes]
             for b in poly_bounds(part, domain, True)]
    lows = [[b.value, *b.assumes] for b in poly_bounds(part, domain, False)]
    high, low = decide(highs), decide(lows)
    if high is None or low is None:
        return None
    return high + low

